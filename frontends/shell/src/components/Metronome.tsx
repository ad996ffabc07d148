// Footer metronome (spec §2, §9): 40-280 BPM, default 100, four beats per measure, the first
// beat accented, Web Audio clicks scheduled ahead of time; changing BPM while playing
// restarts the count.
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '@taal/web-shared/i18n';
import { NumberInput } from '@taal/web-shared/number-input';

export const MIN_BPM = 40;
export const MAX_BPM = 280;
export const DEFAULT_BPM = 100;
export const BEATS_PER_MEASURE = 4;

const LOOKAHEAD_MS = 25;
const SCHEDULE_AHEAD_S = 0.1;

class Engine {
  private ctx: AudioContext | null = null;
  private timer: number | null = null;
  private nextNoteTime = 0;
  private beat = 0;
  private bpm = DEFAULT_BPM;
  private queue: { beat: number; time: number }[] = [];
  constructor(private readonly onBeat: (beat: number) => void) {}

  private now(): number {
    return this.ctx ? this.ctx.currentTime : performance.now() / 1000;
  }

  private click(time: number, accent: boolean) {
    if (!this.ctx) return;
    const osc = this.ctx.createOscillator();
    const gain = this.ctx.createGain();
    osc.frequency.value = accent ? 1500 : 1000;
    gain.gain.setValueAtTime(accent ? 0.5 : 0.3, time);
    gain.gain.exponentialRampToValueAtTime(0.001, time + 0.05);
    osc.connect(gain).connect(this.ctx.destination);
    osc.start(time);
    osc.stop(time + 0.06);
  }

  private tick = () => {
    const now = this.now();
    while (this.nextNoteTime < now + SCHEDULE_AHEAD_S) {
      this.click(this.nextNoteTime, this.beat === 0);
      this.queue.push({ beat: this.beat, time: this.nextNoteTime });
      this.nextNoteTime += 60 / this.bpm;
      this.beat = (this.beat + 1) % BEATS_PER_MEASURE;
    }
    while (this.queue.length && this.queue[0]!.time <= now) {
      this.onBeat(this.queue.shift()!.beat);
    }
  };

  start(bpm: number) {
    this.bpm = bpm;
    if (!this.ctx) {
      const Ctor = window.AudioContext ?? (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
      try {
        this.ctx = Ctor ? new Ctor() : null;
      } catch {
        this.ctx = null;
      }
    }
    void this.ctx?.resume();
    this.restartCount();
    if (this.timer === null) this.timer = window.setInterval(this.tick, LOOKAHEAD_MS);
    this.tick();
  }

  /** Starts the measure again from its accented first beat. */
  restartCount(bpm = this.bpm) {
    this.bpm = bpm;
    this.beat = 0;
    this.queue = [];
    this.nextNoteTime = this.now() + 0.05;
  }

  stop() {
    if (this.timer !== null) window.clearInterval(this.timer);
    this.timer = null;
    this.queue = [];
    void this.ctx?.suspend();
  }

  close() {
    this.stop();
    void this.ctx?.close();
    this.ctx = null;
  }
}

export function Metronome() {
  const { t } = useTranslation();
  const [bpm, setBpm] = useState(DEFAULT_BPM);
  const [draft, setDraft] = useState(String(DEFAULT_BPM));
  const [playing, setPlaying] = useState(false);
  const [beat, setBeat] = useState(-1);
  const [error, setError] = useState(false);
  const engine = useRef<Engine | null>(null);

  useEffect(() => () => engine.current?.close(), []);

  const apply = (value: number) => {
    if (!Number.isInteger(value) || value < MIN_BPM || value > MAX_BPM) {
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
      engine.current?.stop();
      setPlaying(false);
      setBeat(-1);
      return;
    }
    engine.current ??= new Engine(setBeat);
    engine.current.start(bpm);
    setPlaying(true);
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
