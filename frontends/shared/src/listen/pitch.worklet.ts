// The tuner's and play-along's listening, on the audio rendering thread (an AudioWorklet; issue 54,
// decision 0080): pitch by pitchy (McLeod's method) over the last 2048 samples every 512, the level,
// and attacks per 128-sample block. Each frame goes to the page as one message; nothing is sent
// anywhere else. Loaded only when a student opens the tuner or play-along (listener.ts).
import { PitchDetector } from 'pitchy';
import { OnsetDetector, PitchSmoother } from './smoothing';
import type { ListenFrame } from './frame';

// The AudioWorkletGlobalScope's names (not in TypeScript's DOM library).
declare const sampleRate: number;
declare const currentTime: number;
declare function registerProcessor(name: string, processor: new () => object): void;
declare class AudioWorkletProcessor {
  readonly port: MessagePort;
}

export const WINDOW = 2048;
export const HOP = 512;

class PitchProcessor extends AudioWorkletProcessor {
  private readonly ring = new Float32Array(WINDOW);
  private readonly window = new Float32Array(WINDOW);
  private written = 0;
  private sinceHop = 0;
  private readonly detector = PitchDetector.forFloat32Array(WINDOW);
  private readonly smoother = new PitchSmoother();
  private readonly onsets = new OnsetDetector();
  private onsetTime: number | null = null;

  constructor() {
    super();
    // Quiet frames give clarity 0 instead of a guess (the smoother also checks the level).
    this.detector.minVolumeDecibels = -60;
  }

  process(inputs: Float32Array[][]): boolean {
    const input = inputs[0]?.[0];
    if (!input) return true;
    const n = input.length;
    let energy = 0;
    for (let i = 0; i < n; i++) {
      const x = input[i]!;
      this.ring[(this.written + i) % WINDOW] = x;
      energy += x * x;
    }
    this.written = (this.written + n) % WINDOW;
    this.sinceHop += n;
    if (this.onsets.push(currentTime, Math.sqrt(energy / n)) && this.onsetTime === null) this.onsetTime = currentTime;
    if (this.sinceHop >= HOP) {
      this.sinceHop = 0;
      this.frame(currentTime + n / sampleRate);
    }
    return true;
  }

  private frame(time: number) {
    // The ring, oldest sample first.
    this.window.set(this.ring.subarray(this.written));
    this.window.set(this.ring.subarray(0, this.written), WINDOW - this.written);
    let energy = 0;
    for (const x of this.window) energy += x * x;
    const level = Math.sqrt(energy / WINDOW);
    const [raw, clarity] = this.detector.findPitch(this.window, sampleRate);
    const frequency = this.smoother.push({ time, frequency: raw, clarity, level });
    const message: ListenFrame = {
      time,
      frequency,
      clarity,
      level,
      onset: this.onsetTime !== null,
      onsetTime: this.onsetTime,
    };
    this.onsetTime = null;
    this.port.postMessage(message);
  }
}

registerProcessor('taal-pitch', PitchProcessor);
