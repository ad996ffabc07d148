// The tuner's reading (issue 54 item 1): the note (Western, and sargam on a Bengali page), its
// octave, the deviation in cents with a needle (±50 cents across 90°), and the frequency.
import { formatNumber } from '@taal/web-shared/format';
import { useTranslation } from '@taal/web-shared/i18n';
import { sargamLongName, sargamName } from '@taal/web-shared/listen/notes';
import type { Reading } from './useTuner';

/** Within this many cents a note is in tune (the needle and the note turn green). */
export const IN_TUNE_CENTS = 5;

const TICKS = [-50, -40, -30, -20, -10, 0, 10, 20, 30, 40, 50];

export function TunerGauge({ reading }: { reading: Reading | null }) {
  const { t, i18n } = useTranslation();
  const lng = i18n.resolvedLanguage ?? 'en';
  const bn = lng.startsWith('bn');
  const cents = reading ? Math.round(reading.cents) : 0;
  const state = !reading ? 'none' : Math.abs(reading.cents) <= IN_TUNE_CENTS ? 'in-tune' : reading.cents < 0 ? 'flat' : 'sharp';
  const angle = reading ? (Math.max(-50, Math.min(50, reading.cents)) * 90) / 100 : 0;
  const western = reading ? `${reading.name}${formatNumber(reading.octave, lng)}` : '';
  return (
    <div
      className={`tuner-gauge ${state}${reading?.stale ? ' stale' : ''}`}
      data-testid="tuner-reading"
      data-state={state}
      data-note={reading ? `${reading.name}${reading.octave}` : ''}
      data-cents={reading ? reading.cents.toFixed(1) : ''}
      data-frequency={reading ? reading.frequency.toFixed(2) : ''}
    >
      <svg viewBox="-110 -105 220 120" className="tuner-dial" role="img" aria-label={reading ? t('tuner.centsOff', { cents: formatNumber(cents, lng, { signDisplay: 'exceptZero' }) }) : t('tuner.playANote')}>
        <path d="M -90 0 A 90 90 0 0 1 90 0" className="tuner-arc" />
        <path d="M -7.05 -89.7 A 90 90 0 0 1 7.05 -89.7" className="tuner-arc-good" />
        {TICKS.map((c) => {
          const a = ((c * 90) / 100) * (Math.PI / 180);
          const long = c % 50 === 0 || c === 0;
          return <line key={c} x1={Math.sin(a) * 90} y1={-Math.cos(a) * 90} x2={Math.sin(a) * (long ? 76 : 82)} y2={-Math.cos(a) * (long ? 76 : 82)} className="tuner-tick" />;
        })}
        <text x={-92} y={14} className="tuner-scale">{formatNumber(-50, lng)}</text>
        <text x={0} y={-98} className="tuner-scale" textAnchor="middle">{formatNumber(0, lng)}</text>
        <text x={92} y={14} className="tuner-scale" textAnchor="end">{`+${formatNumber(50, lng)}`}</text>
        <line x1={0} y1={0} x2={0} y2={-84} className="tuner-needle" transform={`rotate(${angle})`} data-testid="tuner-needle" />
        <circle r={5} className="tuner-hub" />
      </svg>
      <div className="tuner-note">
        {reading ? (
          <>
            <span className="tuner-name" data-testid="tuner-note" lang={bn ? 'bn' : undefined}>
              {bn ? sargamName(reading.midi) : reading.name}
            </span>
            <span className="tuner-octave" data-testid="tuner-octave">
              {t('tuner.octave', { octave: formatNumber(reading.octave, lng) })}
            </span>
            {bn && (
              <span className="tuner-western" data-testid="tuner-western">
                {sargamLongName(reading.midi)} · {western}
              </span>
            )}
          </>
        ) : (
          <span className="tuner-name tuner-waiting">{t('tuner.playANote')}</span>
        )}
      </div>
      <p className="tuner-cents" data-testid="tuner-cents">
        {reading ? (
          <>
            <strong>{t('tuner.cents', { cents: formatNumber(cents, lng, { signDisplay: 'exceptZero' }) })}</strong>{' '}
            <span>{t(`tuner.state.${state}`)}</span> · <span>{t('tuner.hertz', { hz: formatNumber(reading.frequency, lng, { maximumFractionDigits: 1 }) })}</span>
          </>
        ) : (
          ' '
        )}
      </p>
    </div>
  );
}
