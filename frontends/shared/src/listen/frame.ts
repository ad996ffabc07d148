// What the listening worklet sends the page for each frame (issue 54).

export interface ListenFrame {
  /** AudioContext seconds at the frame's end. */
  time: number;
  /** Smoothed pitch in Hz; null below the confidence level (unclear, or too quiet). */
  frequency: number | null;
  /** pitchy's clarity of the raw reading, 0..1. */
  clarity: number;
  /** RMS of the last 2048 samples, 0..1. */
  level: number;
  /** A new attack (a rise of energy) since the last frame: drums' and notes' timing. */
  onset: boolean;
  /** AudioContext seconds of that attack's 128-sample block (finer than `time`); null without one. */
  onsetTime: number | null;
}
