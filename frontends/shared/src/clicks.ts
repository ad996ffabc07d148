// The one metronome click engine (Web Audio): the footer's metronome (shell), the lesson player's
// practice metronome and the A–B loop's count-in (storefront). Clicks are scheduled ahead of
// time on the audio clock, the first beat of a measure accented.

import { BEATS_PER_MEASURE, DEFAULT_BPM } from '@taal/web-shared/tempo';

export { BEATS_PER_MEASURE, DEFAULT_BPM, MAX_BPM, MIN_BPM, validBpm } from '@taal/web-shared/tempo';

const LOOKAHEAD_MS = 25;
const SCHEDULE_AHEAD_S = 0.1;


export class ClickEngine {
  private ctx: AudioContext | null = null;
  private timer: number | null = null;
  private nextNoteTime = 0;
  private beat = 0;
  private bpm = DEFAULT_BPM;
  private queue: { beat: number; time: number }[] = [];
  private onBeat: (beat: number) => void = () => {};
  /** Count-ins sounding now: the audio is not suspended under them. */
  private countingIn = 0;

  private audio(): AudioContext | null {
    if (!this.ctx) {
      const Ctor = window.AudioContext ?? (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
      try {
        this.ctx = Ctor ? new Ctor() : null;
      } catch {
        this.ctx = null;
      }
    }
    void this.ctx?.resume().catch(() => undefined);
    return this.ctx;
  }

  private now(): number {
    return this.ctx ? this.ctx.currentTime : performance.now() / 1000;
  }

  private click(time: number, accent: boolean): OscillatorNode | null {
    if (!this.ctx) return null;
    const osc = this.ctx.createOscillator();
    const gain = this.ctx.createGain();
    osc.frequency.value = accent ? 1500 : 1000;
    gain.gain.setValueAtTime(accent ? 0.5 : 0.3, time);
    gain.gain.exponentialRampToValueAtTime(0.001, time + 0.05);
    osc.connect(gain).connect(this.ctx.destination);
    osc.start(time);
    osc.stop(time + 0.06);
    return osc;
  }

  private tick = () => {
    const now = this.now();
    while (this.nextNoteTime < now + SCHEDULE_AHEAD_S) {
      this.click(this.nextNoteTime, this.beat === 0);
      this.queue.push({ beat: this.beat, time: this.nextNoteTime });
      this.nextNoteTime += 60 / this.bpm;
      this.beat = (this.beat + 1) % BEATS_PER_MEASURE;
    }
    while (this.queue.length && this.queue[0]!.time <= now) this.onBeat(this.queue.shift()!.beat);
  };

  get running(): boolean {
    return this.timer !== null;
  }

  /** Starts the metronome at `bpm`; `onBeat` gets 0..3 as each click sounds. */
  start(bpm: number, onBeat: (beat: number) => void) {
    this.onBeat = onBeat;
    this.audio();
    this.restartCount(bpm);
    if (this.timer === null) this.timer = window.setInterval(this.tick, LOOKAHEAD_MS);
    this.tick();
  }

  /** Starts the measure again from its accented first beat (a BPM change while playing). */
  restartCount(bpm = this.bpm) {
    this.bpm = bpm;
    this.beat = 0;
    this.queue = [];
    this.nextNoteTime = this.now() + 0.05;
  }

  /** Stops the clicks; the audio device is let go (suspended) unless a count-in still sounds. */
  stop() {
    if (this.timer !== null) window.clearInterval(this.timer);
    this.timer = null;
    this.queue = [];
    if (this.countingIn === 0) void this.ctx?.suspend().catch(() => undefined);
  }

  /**
   * Plays `beats` clicks at `bpm` (the first accented) and resolves one beat after the last, when
   * the music should come in; `onBeat` gets 1..beats. The wait follows the wall clock, so a page
   * without an audio device still continues. Rejects with an AbortError when `signal` aborts.
   */
  countIn(beats: number, bpm: number, onBeat: (n: number) => void, signal: AbortSignal): Promise<void> {
    const ctx = this.audio();
    const interval = 60 / bpm;
    const start = (ctx ? ctx.currentTime : 0) + 0.05;
    const clicks = ctx ? Array.from({ length: beats }, (_, i) => this.click(start + i * interval, i === 0)) : [];
    this.countingIn++;
    const counted = new Promise<void>((resolve, reject) => {
      const timers: number[] = [];
      for (let i = 0; i < beats; i++) timers.push(window.setTimeout(() => onBeat(i + 1), 50 + i * interval * 1000));
      timers.push(window.setTimeout(resolve, 50 + beats * interval * 1000));
      signal.addEventListener(
        'abort',
        () => {
          timers.forEach((t) => window.clearTimeout(t));
          for (const osc of clicks) {
            try {
              osc?.stop();
            } catch {
              /* already finished */
            }
          }
          reject(new DOMException('count-in stopped', 'AbortError'));
        },
        { once: true },
      );
    });
    return counted.finally(() => this.countingIn--);
  }

  close() {
    this.stop();
    void this.ctx?.close().catch(() => undefined);
    this.ctx = null;
  }
}
