// Footer metronome (spec §2, §9): 40-280 BPM, default 100, four beats per measure, the first
// beat accented (the one click engine, @taal/web-shared/clicks, loaded when first started: no
// page's first visit carries it); changing BPM while playing restarts the count.
import { useEffect, useRef, useState } from 'react';
import type { ClickEngine } from '@taal/web-shared/clicks';
import { BEATS_PER_MEASURE, DEFAULT_BPM, MAX_BPM, MIN_BPM, validBpm } from '@taal/web-shared/tempo';
import { useTranslation } from '@taal/web-shared/i18n';
import { NumberInput } from '@taal/web-shared/number-input';

export function Metronome() {
  const { t } = useTranslation();
  const [bpm, setBpm] = useState(DEFAULT_BPM);
  const [draft, setDraft] = useState(String(DEFAULT_BPM));
  const [playing, setPlaying] = useState(false);
  const [beat, setBeat] = useState(-1);
  const [error, setError] = useState(false);
  const engine = useRef<ClickEngine | null>(null);

  // Whether clicks are wanted now: the engine may arrive after a stop, or after the footer is gone.
  const wanted = useRef(false);

  useEffect(
    () => () => {
      wanted.current = false;
      engine.current?.close();
    },
    [],
  );

  const apply = (value: number) => {
    if (!validBpm(value)) {
      // Refused: the box goes back to the tempo that plays, the message says why.
      setError(true);
      setDraft(String(bpm));
      return;
    }
    setError(false);
    setBpm(value);
    setDraft(String(value));
    if (playing) {
      engine.current?.restartCount(value);
      setBeat(-1);
    }
  };

  const toggle = () => {
    if (playing) {
      wanted.current = false;
      engine.current?.stop();
      setPlaying(false);
      setBeat(-1);
      return;
    }
    wanted.current = true;
    setPlaying(true);
    void import('@taal/web-shared/clicks').then(({ ClickEngine }) => {
      if (!wanted.current) return;
      engine.current ??= new ClickEngine();
      engine.current.start(bpm, setBeat);
    });
  };

  return (
    <div className="metronome" data-testid="metronome" data-playing={playing ? 'true' : 'false'} data-bpm={bpm}>
      <h2 className="footer-heading">{t('metronome.title')}</h2>
      <div className="metronome-beats" aria-hidden="true">
        {Array.from({ length: BEATS_PER_MEASURE }, (_, i) => (
          <span key={i} className={`beat ${i === 0 ? 'accent' : ''} ${beat === i ? 'on' : ''}`} />
        ))}
      </div>
      <div className="metronome-controls">
        <button type="button" className="icon-btn" aria-label={t('metronome.slower')} onClick={() => apply(bpm - 1)} disabled={bpm <= MIN_BPM}>
          −
        </button>
        <label>
          <span className="sr-only">{t('metronome.bpm')}</span>
          <NumberInput
            min={MIN_BPM}
            max={MAX_BPM}
            value={draft}
            aria-label={t('metronome.bpm')}
            aria-invalid={error}
            data-testid="metronome-bpm"
            onChange={setDraft}
            onBlur={() => apply(Number(draft))}
            onKeyDown={(e) => e.key === 'Enter' && apply(Number(draft))}
          />
        </label>
        <span className="bpm-label" data-testid="metronome-display">
          {t('metronome.bpmValue', { bpm })}
        </span>
        <button type="button" className="icon-btn" aria-label={t('metronome.faster')} onClick={() => apply(bpm + 1)} disabled={bpm >= MAX_BPM}>
          +
        </button>
      </div>
      <button type="button" className="btn btn-primary btn-sm" onClick={toggle} data-testid="metronome-toggle">
        {playing ? t('metronome.stop') : t('metronome.start')}
      </button>
      {error && (
        <p className="field-error" role="alert" data-testid="metronome-error">
          {t('metronome.range', { min: MIN_BPM, max: MAX_BPM })}
        </p>
      )}
    </div>
  );
}
