/** Play-along scoring over a table of takes (issue 54 item 2, decision 0081). */
import { heardSeconds, midiToFrequency, parseNoteName, scoreFrames, type HeardFrame, type Reference } from './score';

const BPM = 120; // a beat is 500 ms
const START = 2; // the passage's first beat, AudioContext seconds
const melody: Reference = {
  bpm: BPM,
  notes: [60, 62, 64, 65, 67].map((midi, i) => ({ midi, startBeat: i, lengthBeats: 1 })),
};
const drums: Reference = { bpm: BPM, percussive: true, notes: [0, 1, 2, 3].map((i) => ({ midi: 38, startBeat: i, lengthBeats: 0.5 })) };

interface Played {
  /** ms off its place */
  offsetMs?: number;
  /** cents off its pitch */
  cents?: number;
  skip?: boolean;
}

/** Frames every 5 ms, as the listener reports them, for a take of the reference played as described. */
function take(reference: Reference, played: Record<number, Played>, options: { latencyMs?: number; legato?: boolean; hopS?: number } = {}): HeardFrame[] {
  const frames: HeardFrame[] = [];
  const end = START + 6;
  const sounding = reference.notes.flatMap((n, i) => {
    const p = played[i] ?? {};
    if (p.skip) return [];
    const start = START + (n.startBeat * 60) / BPM + ((p.offsetMs ?? 0) + (options.latencyMs ?? 0)) / 1000;
    const length = ((n.lengthBeats * 60) / BPM) * (options.legato ? 1 : 0.8);
    return [{ start, end: start + length, frequency: reference.percussive ? null : midiToFrequency(n.midi) * 2 ** ((p.cents ?? 0) / 1200) }];
  });
  let onsetDone = new Set<number>();
  const hop = options.hopS ?? 0.005;
  for (let t = 0; t < end; t += hop) {
    const time = Math.round(t * 1000) / 1000;
    const i = sounding.findIndex((s) => time >= s.start - hop / 2 && time < s.end - hop / 2);
    const s = sounding[i];
    const onset = !!s && !onsetDone.has(i) && !options.legato;
    if (onset) onsetDone = new Set([...onsetDone, i]);
    frames.push({ time, frequency: s ? s.frequency : null, clarity: s && s.frequency !== null ? 0.95 : 0.2, level: s ? 0.2 : 0.001, onset, onsetTime: onset && options.hopS ? s!.start : null });
  }
  return frames;
}

const marks = (reference: Reference, frames: HeardFrame[]) => {
  const score = scoreFrames(reference, frames, START);
  return { score, marked: score.notes.flatMap((n) => ((n.pitch === 'right' || n.pitch === 'unpitched') && n.timing === 'onTime' ? [] : [`${n.index}:${n.pitch}/${n.timing}`])) };
};

const table: [string, Reference, HeardFrame[], string[], { pitch: number | null; timing: number }][] = [
  ['a clean take', melody, take(melody, {}), [], { pitch: 100, timing: 100 }],
  [
    '30 ms late on two notes and a semitone off on one',
    melody,
    take(melody, { 1: { offsetMs: 30 }, 3: { offsetMs: 30 }, 4: { cents: 100 } }),
    ['1:right/late', '3:right/late', '4:wrong/onTime'],
    { pitch: 80, timing: 60 },
  ],
  [
    'frames every 21 ms, the attacks placed finer by the listener',
    melody,
    take(melody, { 1: { offsetMs: 30 }, 3: { offsetMs: 30 }, 4: { cents: 100 } }, { hopS: 0.0213 }),
    ['1:right/late', '3:right/late', '4:wrong/onTime'],
    { pitch: 80, timing: 60 },
  ],
  ['a clean take through 140 ms of audio latency', melody, take(melody, {}, { latencyMs: 140 }), [], { pitch: 100, timing: 100 }],
  ['a take 40 ms early on one note', melody, take(melody, { 2: { offsetMs: -40 } }), ['2:right/early'], { pitch: 100, timing: 80 }],
  ['15 ms off and 20 cents off are within tolerance', melody, take(melody, { 0: { offsetMs: 15 }, 2: { cents: -20 } }), [], { pitch: 100, timing: 100 }],
  ['one sharp and one flat', melody, take(melody, { 0: { cents: 35 }, 3: { cents: -40 } }), ['0:sharp/onTime', '3:flat/onTime'], { pitch: 60, timing: 100 }],
  ['a note not played', melody, take(melody, { 2: { skip: true } }), ['2:missed/missed'], { pitch: 80, timing: 80 }],
  ['legato, no onsets: notes cut by their pitch', melody, take(melody, { 3: { cents: 100 } }, { legato: true }), ['3:wrong/onTime'], { pitch: 80, timing: 100 }],
  ['drums: one hit 30 ms late', drums, take(drums, { 2: { offsetMs: 30 } }), ['2:unpitched/late'], { pitch: null, timing: 75 }],
];

describe('scoring a take', () => {
  it.each(table)('%s', (_name, reference, frames, expected, scores) => {
    const { score, marked } = marks(reference, frames);
    expect(marked).toEqual(expected);
    expect({ pitch: score.pitchScore, timing: score.timingScore }).toEqual(scores);
  });

  it('gives each note its cents and milliseconds', () => {
    const { score } = marks(melody, take(melody, { 1: { offsetMs: 30 }, 0: { cents: 35 } }, { latencyMs: 80 }));
    expect(score.latencyMs).toBe(80);
    expect(score.notes[1]!.offsetMs).toBeGreaterThanOrEqual(28);
    expect(score.notes[1]!.offsetMs).toBeLessThanOrEqual(32);
    expect(score.notes[0]!.cents).toBe(35);
  });

  it('counts only the time in which playing was heard', () => {
    // Five notes of 400 ms each (0.8 of a beat): 2 s of playing in 8 s of frames.
    expect(heardSeconds(take(melody, {}))).toBeCloseTo(2, 1);
    expect(heardSeconds(take(melody, { 0: { skip: true }, 1: { skip: true } }))).toBeCloseTo(1.2, 1);
  });

  it('reads typed note names', () => {
    expect(['C4', 'A4', 'F#3', 'Bb2', 'c-1', 'H2', 'C'].map(parseNoteName)).toEqual([60, 69, 54, 46, 0, null, null]);
  });
});
