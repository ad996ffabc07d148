// The metronome beside a lesson (spec §2 metronome rules: 40–280 BPM, default 100, four beats,
// the first accented, a BPM change while playing restarts the count). Its state is a hook so
// the player's M shortcut can start and stop it.
import { useEffect, useRef, useState, type MutableRefObject } from 'react';
import { useTranslation } from '@taal/web-shared/i18n';
import { BEATS_PER_MEASURE, DEFAULT_BPM, MAX_BPM, MIN_BPM, validBpm, type ClickEngine } from '@taal/web-shared/clicks';
import { NumberInput } from '@taal/web-shared/number-input';

export interface PracticeMetronomeState {
  bpm: number;
  draft: string;
  setDraft: (value: string) => void;
  apply: (value: number) => void;
  playing: boolean;
  toggle: () => void;
  beat: number;
  error: boolean;
}

export function usePracticeMetronome(engine: MutableRefObject<ClickEngine>): PracticeMetronomeState {
  const [bpm, setBpm] = useState(DEFAULT_BPM);
  const [draft, setDraft] = useState(String(DEFAULT_BPM));
  const [playing, setPlaying] = useState(false);
  const [beat, setBeat] = useState(-1);
  const [error, setError] = useState(false);
  const state = useRef({ bpm, playing });
  state.current = { bpm, playing };

  useEffect(() => () => engine.current.stop(), [engine]);

  const apply = (value: number) => {
    if (!validBpm(value)) {
      // Refused: the box goes back to the tempo that plays, the message says why.
      setError(true);
      setDraft(String(state.current.bpm));
      return;
    }
    setError(false);
    setBpm(value);
    setDraft(String(value));
    if (state.current.playing) {
      engine.current.restartCount(value);
      setBeat(-1);
    }
  };

  const toggle = () => {
    if (state.current.playing) {
      engine.current.stop();
      setPlaying(false);
      setBeat(-1);
      return;
    }
    engine.current.start(state.current.bpm, setBeat);
    setPlaying(true);
  };

  return { bpm, draft, setDraft, apply, playing, toggle, beat, error };
}

export function PracticeMetronome({ m }: { m: PracticeMetronomeState }) {
  const { t } = useTranslation();
  return (
    <div className="practice-box practice-metronome" data-testid="practice-metronome" data-playing={m.playing ? 'true' : 'false'} data-bpm={m.bpm}>
      <h3>{t('player.metronome')}</h3>
      <div className="practice-row">
        <div className="metronome-beats" aria-hidden="true">
          {Array.from({ length: BEATS_PER_MEASURE }, (_, i) => (
            <span key={i} className={`beat ${i === 0 ? 'accent' : ''} ${m.beat === i ? 'on' : ''}`} />
          ))}
        </div>
        <label className="inline-field">
          <span>{t('player.bpm')}</span>
          <NumberInput
            min={MIN_BPM}
            max={MAX_BPM}
            value={m.draft}
            aria-invalid={m.error}
            data-testid="practice-metronome-bpm"
            onChange={m.setDraft}
            onBlur={() => m.apply(Number(m.draft))}
            onKeyDown={(e) => e.key === 'Enter' && m.apply(Number(m.draft))}
          />
        </label>
        <button type="button" className={`btn btn-sm ${m.playing ? 'btn-outline' : 'btn-primary'}`} onClick={m.toggle} data-testid="practice-metronome-toggle">
          {m.playing ? t('metronome.stop') : t('metronome.start')}
        </button>
      </div>
      {m.error && (
        <p className="field-error" role="alert">
          {t('metronome.range', { min: MIN_BPM, max: MAX_BPM })}
        </p>
      )}
    </div>
  );
}
