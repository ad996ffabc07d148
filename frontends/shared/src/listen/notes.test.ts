/** The tuner's notes (issue 54 item 1): frequencies to names and cents, sargam, presets, smoothing. */
import { A4_MAX, A4_MIN, PRESETS, frequencyToNote, nearestString, noteToFrequency, presetById, sargamLongName, sargamName, validA4 } from './notes';
import { OnsetDetector, PitchSmoother } from './smoothing';

const flat20 = 440 * 2 ** (-20 / 1200);

describe('frequencyToNote', () => {
  it.each([
    [440, 440, 'A', 4, 0],
    [110, 440, 'A', 2, 0],
    [261.6256, 440, 'C', 4, 0],
    [82.4069, 440, 'E', 2, 0],
    [30.8677, 440, 'B', 0, 0],
    [277.1826, 440, 'C#', 4, 0],
    [flat20, 440, 'A', 4, -20],
    [440 * 2 ** (30 / 1200), 440, 'A', 4, 30],
    [415, 415, 'A', 4, 0],
    [440, 415, 'A#', 4, 1.1],
    [466.1638, 440, 'A#', 4, 0],
  ])('%f Hz at A4 = %f is %s%i, %f cents', (hz, a4, name, octave, cents) => {
    const note = frequencyToNote(hz, a4);
    expect(note.name).toBe(name);
    expect(note.octave).toBe(octave);
    expect(note.cents).toBeCloseTo(cents, 0);
  });

  it('keeps cents within -50..50, rounding half-way up', () => {
    const quarter = frequencyToNote(440 * 2 ** (50 / 1200));
    expect(quarter.name).toBe('A#');
    expect(quarter.cents).toBeCloseTo(-50, 5);
    for (let hz = 50; hz < 2000; hz *= 1.013) {
      const { cents } = frequencyToNote(hz);
      expect(Math.abs(cents)).toBeLessThanOrEqual(50);
    }
  });

  it('turns back into the frequency it came from', () => {
    for (const midi of [23, 40, 57, 69, 76, 100]) {
      for (const a4 of [415, 440, 466]) expect(frequencyToNote(noteToFrequency(midi, a4), a4)).toMatchObject({ midi, cents: expect.closeTo(0, 6) });
    }
    expect(noteToFrequency(69, 432)).toBe(432);
    expect(noteToFrequency(57)).toBeCloseTo(220, 9);
  });
});

describe('sargam', () => {
  it('names the twelve swaras from Sa = C in Bengali script, with komal and tivra', () => {
    const names = Array.from({ length: 12 }, (_, i) => sargamName(60 + i));
    expect(names).toEqual(['সা', 'ঋ', 'রে', 'জ্ঞ', 'গা', 'মা', 'হ্ম', 'পা', 'দ', 'ধা', 'ণ', 'নি']);
    expect(sargamLongName(61)).toBe('কোমল রে');
    expect(sargamLongName(66)).toBe('কড়ি মা');
    expect(sargamLongName(71)).toBe('শুদ্ধ নি');
  });

  it('counts from another tonic, in every octave', () => {
    expect(sargamName(69, 69)).toBe('সা'); // A as Sa
    expect(sargamName(76, 69)).toBe('পা');
    expect(sargamName(45)).toBe('ধা'); // A2 from C
    expect(sargamName(36 + 4)).toBe('গা');
  });
});

describe('instrument presets', () => {
  const strings = (id: string) => presetById(id).strings.map((m) => `${frequencyToNote(noteToFrequency(m)).name}${Math.floor(m / 12) - 1}`);
  it.each([
    ['guitar', ['E2', 'A2', 'D3', 'G3', 'B3', 'E4']],
    ['guitar-drop-d', ['D2', 'A2', 'D3', 'G3', 'B3', 'E4']],
    ['bass4', ['E1', 'A1', 'D2', 'G2']],
    ['bass5', ['B0', 'E1', 'A1', 'D2', 'G2']],
    ['ukulele', ['G4', 'C4', 'E4', 'A4']],
    ['violin', ['G3', 'D4', 'A4', 'E5']],
  ])('%s is tuned %j', (id, expected) => expect(strings(id)).toEqual(expected));

  it('has six presets, each with its label, and falls back to the guitar', () => {
    expect(PRESETS.map((p) => p.id)).toHaveLength(6);
    expect(PRESETS.every((p) => p.labelKey.startsWith('tuner.preset.'))).toBe(true);
    expect(presetById('banjo').id).toBe('guitar');
  });

  it('finds the nearest string by cents', () => {
    const guitar = presetById('guitar');
    expect(nearestString(guitar, 110)).toBe(1);
    expect(nearestString(guitar, 80)).toBe(0);
    expect(nearestString(guitar, 250)).toBe(4);
    expect(nearestString(presetById('ukulele'), 392)).toBe(0);
    expect(nearestString(presetById('violin'), flat20)).toBe(2);
    // At A4 = 415 the guitar's A string is 103.75 Hz.
    expect(nearestString(guitar, 104, 415)).toBe(1);
  });

  it('accepts A4 from 415 to 466 Hz', () => {
    expect([A4_MIN, A4_MAX]).toEqual([415, 466]);
    expect([414.9, 415, 440, 466, 466.1, Number.NaN].map(validA4)).toEqual([false, true, true, true, false, false]);
  });
});

describe('PitchSmoother', () => {
  const HOP = 512 / 48000;
  const run = (smoother: PitchSmoother, readings: [number, number, number][]) =>
    readings.map(([frequency, clarity, level], i) => smoother.push({ time: i * HOP, frequency, clarity, level }));

  it('gives no reading below the confidence level', () => {
    const out = run(new PitchSmoother(), [
      [440, 0.5, 0.1],
      [440, 0.95, 0.001],
      [440, 0.3, 0.1],
    ]);
    expect(out).toEqual([null, null, null]);
  });

  it('trusts a note once two readings agree, and holds through a stray one', () => {
    const out = run(new PitchSmoother(), [
      [440, 0.95, 0.1],
      [441, 0.95, 0.1],
      [440, 0.95, 0.1],
      [660, 0.95, 0.1], // a stray fifth
      [440, 0.95, 0.1],
    ]);
    expect(out[0]).toBeNull();
    for (const hz of out.slice(1)) expect(Math.abs(1200 * Math.log2(hz! / 440))).toBeLessThan(5);
  });

  it('follows a real change within 100 ms', () => {
    const smoother = new PitchSmoother();
    const readings: [number, number, number][] = [...Array(20).fill([440, 0.95, 0.1]), ...Array(20).fill([330, 0.95, 0.1])];
    const out = run(smoother, readings);
    const settled = out.findIndex((hz, i) => i >= 20 && hz !== null && Math.abs(1200 * Math.log2(hz / 330)) < 3);
    expect((settled - 20) * HOP).toBeLessThan(0.1);
  });

  it('averages the wobble of a held note', () => {
    const wobble = Array.from({ length: 40 }, (_, i): [number, number, number] => [440 * 2 ** (((i % 2 ? 8 : -8) + 0) / 1200), 0.95, 0.1]);
    const out = run(new PitchSmoother(), wobble).slice(10);
    for (const hz of out) expect(Math.abs(1200 * Math.log2(hz! / 440))).toBeLessThan(5);
  });
});

describe('OnsetDetector', () => {
  it('marks each attack once, after the refractory time', () => {
    const onsets = new OnsetDetector();
    const block = 128 / 48000;
    const marked: number[] = [];
    for (let i = 0; i < 400; i++) {
      const t = i * block;
      const sinceHit = t % 0.25; // a hit every 250 ms, decaying
      const rms = 0.005 + 0.3 * Math.exp(-sinceHit / 0.05);
      if (onsets.push(t, rms)) marked.push(Math.round(t * 1000));
    }
    expect(marked.length).toBeGreaterThanOrEqual(4);
    expect(marked.slice(1).every((ms, i) => Math.abs(ms - marked[i]! - 250) <= 3)).toBe(true);
  });
});
