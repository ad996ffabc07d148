// Compares the two maintained pitch-detection libraries the tuner could run in its AudioWorklet
// (issue 54, decision 0080): accuracy over synthetic tones (sines and harmonic-rich tones, clean
// and with white noise) and CPU per second of audio, on windows of 2048 samples at 48 kHz every
// 512 samples (the listener's). Run: node tools/bench/pitch-compare.mjs
import { PitchDetector } from 'pitchy';
import Pitchfinder from 'pitchfinder';

const SR = 48000;
const WINDOW = 2048;
const HOP = 512;
const SECONDS = 2;

let seed = 54;
const rand = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31) * 2 - 1;

/** A tone of `hz` (a plucked string's harmonics when `rich`) at RMS 0.1, plus white noise `snr` dB below it (none when null). */
function tone(hz, rich, snr) {
  const out = new Float32Array(SR * SECONDS);
  const harmonics = rich ? [1, 0.8, 0.6, 0.5, 0.35, 0.25, 0.15, 0.1] : [1];
  const rms = Math.sqrt(harmonics.reduce((s, a) => s + (a * a) / 2, 0));
  const noiseRms = snr === null ? 0 : 0.1 / 10 ** (snr / 20);
  for (let i = 0; i < out.length; i++) {
    let s = 0;
    harmonics.forEach((a, k) => (s += a * Math.sin((2 * Math.PI * hz * (k + 1) * i) / SR + k)));
    out[i] = (0.1 * s) / rms + noiseRms * Math.sqrt(3) * rand();
  }
  return out;
}

const cents = (f, ref) => 1200 * Math.log2(f / ref);

const pitchy = PitchDetector.forFloat32Array(WINDOW);
const detectors = {
  pitchy: (buf) => {
    const [f, clarity] = pitchy.findPitch(buf, SR);
    return clarity >= 0.9 ? f : null;
  },
  'pitchfinder YIN': Pitchfinder.YIN({ sampleRate: SR, threshold: 0.1 }),
  'pitchfinder MacLeod': (() => {
    const d = Pitchfinder.Macleod({ sampleRate: SR, bufferSize: WINDOW, cutoff: 0.93 });
    return (buf) => {
      const r = d(buf);
      return r && r.freq > 0 && r.probability >= 0.9 ? r.freq : null;
    };
  })(),
  // AMDF is left out: 2.5 s of CPU per second of audio (decision 0080), slower than real time.
};

const freqs = [30.87, 41.2, 55, 82.41, 110, 146.83, 196, 246.94, 329.63, 440, 440 * 2 ** (-20 / 1200), 659.26, 880, 1318.5];
const kinds = [
  ['sine', false, null],
  ['sine, SNR 20 dB', false, 20],
  ['sine, SNR 10 dB', false, 10],
  ['harmonic', true, null],
  ['harmonic, SNR 20 dB', true, 20],
  ['harmonic, SNR 10 dB', true, 10],
];

const rows = [];
for (const [name, detect] of Object.entries(detectors)) {
  for (const [kind, rich, snr] of kinds) {
    let errSum = 0, worst = 0, missed = 0, octave = 0, n = 0, ms = 0, audio = 0;
    for (const hz of freqs) {
      const signal = tone(hz, rich, snr);
      const t0 = process.hrtime.bigint();
      for (let at = 0; at + WINDOW <= signal.length; at += HOP) {
        const f = detect(signal.subarray(at, at + WINDOW));
        n++;
        if (!f || !Number.isFinite(f)) { missed++; continue; }
        const c = Math.abs(cents(f, hz));
        if (c > 50) { octave++; continue; }
        errSum += c;
        worst = Math.max(worst, c);
      }
      ms += Number(process.hrtime.bigint() - t0) / 1e6;
      audio += SECONDS;
    }
    const good = n - missed - octave;
    rows.push({ library: name, signal: kind, 'mean |cents|': good ? +(errSum / good).toFixed(2) : '-', 'worst |cents|': +worst.toFixed(1), 'wrong (>50 c)': `${((100 * octave) / n).toFixed(1)}%`, 'no reading': `${((100 * missed) / n).toFixed(1)}%`, 'CPU ms per audio s': +(ms / audio).toFixed(1) });
  }
}
console.table(rows);
