// The tuner (issue 54 item 1): on its own page (/tuner) and in the classroom's practice tools.
// Listening starts on the student's click; without a microphone (refused, missing, or an old
// browser) it says so, and whatever else is on the page (the lesson) goes on.
import { formatNumber } from '@taal/web-shared/format';
import { useTranslation } from '@taal/web-shared/i18n';
import { PRESETS, noteName, octaveOf, presetById } from '@taal/web-shared/listen/notes';
import { NumberInput } from '@taal/web-shared/number-input';
import { TunerGauge } from './TunerGauge';
import { useTuner } from './useTuner';
import './tuner.css';

export default function Tuner({ place, practiceCourse }: { place: 'page' | 'classroom'; practiceCourse?: string }) {
  const { t, i18n } = useTranslation();
  const lng = i18n.resolvedLanguage ?? 'en';
  const tuner = useTuner(practiceCourse);
  const preset = presetById(tuner.presetId);
  const listening = tuner.status === 'listening';
  const failed = tuner.status !== 'idle' && tuner.status !== 'starting' && !listening;
  return (
    <div
      className={`tuner tuner-${place}`}
      data-testid="tuner"
      data-status={tuner.status}
    >
      <div className="tuner-controls">
        <button type="button" className={`btn btn-sm ${listening ? 'btn-outline' : 'btn-primary'}`} onClick={listening ? tuner.stop : () => void tuner.start()} disabled={tuner.status === 'starting'} data-testid="tuner-toggle">
          {listening ? t('tuner.stop') : tuner.status === 'starting' ? t('tuner.starting') : t('tuner.start')}
        </button>
        <label className="inline-field">
          <span>{t('tuner.instrument')}</span>
          <select value={tuner.presetId} onChange={(e) => tuner.setPresetId(e.target.value)} data-testid="tuner-preset">
            {PRESETS.map((p) => (
              <option key={p.id} value={p.id}>
                {t(p.labelKey)}
              </option>
            ))}
          </select>
        </label>
        <label className="inline-field">
          <span>{t('tuner.a4')}</span>
          <NumberInput
            min={tuner.a4Range.min}
            max={tuner.a4Range.max}
            value={tuner.a4Draft}
            onChange={tuner.setA4Draft}
            onBlur={tuner.applyA4}
            onKeyDown={(e) => e.key === 'Enter' && tuner.applyA4()}
            className="tuner-a4"
            aria-describedby="tuner-a4-unit"
            data-testid="tuner-a4"
          />
          <span id="tuner-a4-unit">{t('tuner.hz')}</span>
        </label>
      </div>
      {tuner.a4Error && (
        <p className="field-error" role="alert" data-testid="tuner-a4-error">
          {t('tuner.a4Range', { min: formatNumber(tuner.a4Range.min, lng), max: formatNumber(tuner.a4Range.max, lng) })}
        </p>
      )}
      {failed && (
        <p className="tuner-error" role="alert" data-testid="tuner-mic-error" data-reason={tuner.status}>
          {t(`listen.error.${tuner.status}`)}
        </p>
      )}
      <TunerGauge reading={listening ? tuner.reading : null} />
      <ol className="tuner-strings" aria-label={t('tuner.strings')} data-testid="tuner-strings">
        {preset.strings.map((midi, i) => {
          const near = listening && tuner.reading !== null && tuner.reading.string === i;
          return (
            <li key={`${preset.id}-${i}`} className={near ? 'near' : ''} data-near={near ? 'true' : 'false'} aria-current={near ? 'true' : undefined}>
              {noteName(midi)}
              <sub>{formatNumber(octaveOf(midi), lng)}</sub>
            </li>
          );
        })}
      </ol>
      <p className="muted tuner-note-private">{t('tuner.private')}</p>
    </div>
  );
}
