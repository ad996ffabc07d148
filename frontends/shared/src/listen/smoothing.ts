// Smoothing of the raw pitch readings (issue 54, decision 0080). Pure, so the worklet's numbers
// can be tested without a microphone. Holds steady in noise: a reading below the confidence
// level (clarity, loudness) gives no frequency at all, and one stray reading far from the note
// being played is held back until a second one agrees with it. Follows a real change quickly:
// two agreeing readings (two hops of 512 samples, about 21 ms at 48 kHz) move it to the new note.

export interface RawReading {
  time: number;
  frequency: number;
  clarity: number;
  level: number;
}

export interface SmoothingOptions {
  /** Lowest clarity (pitchy's 0..1) that counts as a reading. */
  minClarity?: number;
  /** Lowest RMS level (0..1) that counts as playing. */
  minLevel?: number;
  /** A gap longer than this (seconds) forgets the note. */
  forgetAfter?: number;
}

export const MIN_CLARITY = 0.9;
export const MIN_LEVEL = 0.004;
/** A reading further than this from the note held is a change (or a stray), not a wobble. */
const JUMP_CENTS = 50;
/** Share of the distance to the median of the last three readings covered per reading. */
const FOLLOW = 0.5;

const cents = (hz: number) => 1200 * Math.log2(hz);
const hertz = (c: number) => 2 ** (c / 1200);
const median3 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

export class PitchSmoother {
  private readonly minClarity: number;
  private readonly minLevel: number;
  private readonly forgetAfter: number;
  /** The held note, in absolute cents; null before a reading is trusted. */
  private held: number | null = null;
  private recent: number[] = [];
  private candidate: number | null = null;
  private lastTime = -Infinity;

  constructor(options: SmoothingOptions = {}) {
    this.minClarity = options.minClarity ?? MIN_CLARITY;
    this.minLevel = options.minLevel ?? MIN_LEVEL;
    this.forgetAfter = options.forgetAfter ?? 0.15;
  }

  /** The smoothed frequency for this reading, or null when there is no trusted reading now. */
  push(reading: RawReading): number | null {
    const valid = reading.frequency > 0 && Number.isFinite(reading.frequency) && reading.clarity >= this.minClarity && reading.level >= this.minLevel;
    if (!valid) {
      if (reading.time - this.lastTime > this.forgetAfter) this.reset();
      return null;
    }
    this.lastTime = reading.time;
    const c = cents(reading.frequency);
    if (this.held !== null && Math.abs(c - this.held) <= JUMP_CENTS) {
      this.candidate = null;
      this.recent = [...this.recent.slice(-2), c];
      this.held += FOLLOW * (median3(this.recent) - this.held);
      return hertz(this.held);
    }
    // A first reading, or one far from the held note: trusted once the next one agrees.
    if (this.candidate !== null && Math.abs(c - this.candidate) <= JUMP_CENTS) {
      this.held = c;
      this.recent = [this.candidate, c];
      this.candidate = null;
      return hertz(this.held);
    }
    this.candidate = c;
    return this.held === null ? null : hertz(this.held);
  }

  reset(): void {
    this.held = null;
    this.recent = [];
    this.candidate = null;
  }
}

export interface OnsetOptions {
  /** How many times the recent level a quantum must reach. */
  ratio?: number;
  /** Lowest RMS of an attack. */
  floor?: number;
  /** Seconds after an attack during which no other is counted. */
  refractory?: number;
}

/** Attacks (a rise of energy over the recent level), for the timing of drums and picked notes. */
export class OnsetDetector {
  private average = 0;
  private last = -Infinity;
  private readonly ratio: number;
  private readonly floor: number;
  private readonly refractory: number;

  constructor(options: OnsetOptions = {}) {
    this.ratio = options.ratio ?? 2.5;
    this.floor = options.floor ?? 0.02;
    this.refractory = options.refractory ?? 0.06;
  }

  /** Feeds one block's RMS at `time`; true when an attack starts in it. */
  push(time: number, rms: number): boolean {
    const onset = rms >= this.floor && rms > this.ratio * this.average && time - this.last >= this.refractory;
    this.average += 0.1 * (rms - this.average);
    if (onset) this.last = time;
    return onset;
  }
}
