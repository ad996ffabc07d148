/**
 * Play-along scoring (issue 54 item 2, decision 0081): pure, no DOM. The listener's frames are
 * cut into heard notes (onsets and pitch stability), each reference note of the passage is matched
 * to one heard note, and the take is scored with pitch and timing apart. A percussive reference
 * (drums) is scored on onsets only: timing, no pitch.
 */

/** One note of a passage's reference: a MIDI note number, where it starts and how long it lasts, in beats. */
export interface ReferenceNote {
  midi: number;
  startBeat: number;
  lengthBeats: number;
}

export interface Reference {
  notes: readonly ReferenceNote[];
  bpm: number;
  /** Drums: onsets only, timing only. */
  percussive?: boolean;
}

/** What the listener reports about every block it analysed (times in AudioContext seconds). */
export interface HeardFrame {
  time: number;
  frequency: number | null;
  clarity: number;
  level: number;
  onset: boolean;
  /** When the listener places the attack more finely than `time` (AudioContext seconds). */
  onsetTime?: number | null;
}

/** A note heard in a take: when it started (AudioContext seconds) and its pitch (Hz; null for an unpitched hit). */
export interface HeardNote {
  start: number;
  frequency: number | null;
}

export type PitchMark = 'right' | 'sharp' | 'flat' | 'wrong' | 'missed' | 'unpitched';
export type TimingMark = 'onTime' | 'early' | 'late' | 'missed';

export interface NoteResult {
  index: number;
  midi: number;
  pitch: PitchMark;
  /** Deviation from the reference note (cents); null when missed or unpitched. */
  cents: number | null;
  timing: TimingMark;
  /** Played minus expected (ms, after the take's latency is taken out); null when missed. */
  offsetMs: number | null;
}

export interface TakeScore {
  notes: NoteResult[];
  /** 0–100: the share of reference notes played at the right pitch; null for drums. */
  pitchScore: number | null;
  /** 0–100: the share of reference notes played on time. */
  timingScore: number;
  /** The take's score: the mean of the two (drums: the timing score). */
  score: number;
  /** The constant delay taken out of every note (the device's audio path and the count-in reaction), ms. */
  latencyMs: number;
}

/** The rules, recorded in decision 0081. */
export const SCORING = {
  /** Within ±25 cents a note is right; beyond, sharp or flat. */
  tuneCents: 25,
  /** Beyond ±60 cents it is another note ("wrong"): a semitone off is 100 cents. */
  wrongNoteCents: 60,
  /** Within ±20 ms of its place a note is on time (so 30 ms late is late). */
  onTimeMs: 20,
  /** A heard note further than this from its place (after latency) is not that note: the reference note is missed. */
  matchWindowMs: 150,
  /** The largest constant delay looked for between the reference and the take. */
  maxLatencyMs: 1000,
  /** Frames quieter or less clear than these are silence. */
  minLevel: 0.01,
  minClarity: 0.8,
  /** A pitch change this big (cents) held this long (s) starts a new note without an onset (legato). */
  changeCents: 60,
  changeHoldS: 0.03,
} as const;

export const midiToFrequency = (midi: number, a4 = 440) => a4 * 2 ** ((midi - 69) / 12);
export const centsBetween = (frequency: number, reference: number) => 1200 * Math.log2(frequency / reference);

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/**
 * Cuts frames into notes: a note starts at an onset, at sound after silence, or at a pitch change
 * held for `changeHoldS` (legato); its pitch is the median of its clear frames past the first third
 * (the attack, and the listener's smoothing catching up with a new note).
 */
export function segmentNotes(frames: readonly HeardFrame[], percussive = false): HeardNote[] {
  const notes: { start: number; pitches: number[] }[] = [];
  let sounding = false;
  let candidate: { time: number; frequency: number } | null = null;
  for (const f of frames) {
    const loud = f.level >= SCORING.minLevel;
    const pitched = loud && f.frequency !== null && f.clarity >= SCORING.minClarity;
    const current = notes[notes.length - 1];
    if (f.onset || (loud && !sounding && (pitched || percussive))) {
      notes.push({ start: (f.onset && f.onsetTime) || f.time, pitches: [] });
      candidate = null;
    } else if (pitched && current && !percussive && current.pitches.length >= 3) {
      const held = median(current.pitches);
      if (Math.abs(centsBetween(f.frequency!, held)) > SCORING.changeCents) {
        if (!candidate) candidate = { time: f.time, frequency: f.frequency! };
        else if (f.time - candidate.time >= SCORING.changeHoldS) {
          notes.push({ start: candidate.time, pitches: [] });
          candidate = null;
        }
      } else candidate = null;
    }
    if (pitched && notes.length) notes[notes.length - 1]!.pitches.push(f.frequency!);
    sounding = loud;
  }
  return notes.map((n) => ({ start: n.start, frequency: n.pitches.length ? median(n.pitches.slice(Math.floor(n.pitches.length / 3))) : null }));
}

/** The reference note's place in the take (AudioContext seconds) when the passage starts at `startAt`. */
export const placeOf = (note: ReferenceNote, bpm: number, startAt: number) => startAt + (note.startBeat * 60) / bpm;

/** Greedy nearest match of each place to an unused heard note within the window (ms). */
function match(places: number[], heard: readonly HeardNote[], latencyS: number, windowMs: number): (number | null)[] {
  const used = new Set<number>();
  return places.map((place) => {
    let best: number | null = null;
    for (const [i, h] of heard.entries()) {
      if (used.has(i)) continue;
      const off = Math.abs(h.start - latencyS - place) * 1000;
      if (off <= windowMs && (best === null || off < Math.abs(heard[best]!.start - latencyS - place) * 1000)) best = i;
    }
    if (best !== null) used.add(best);
    return best;
  });
}

/**
 * The take's constant delay: the candidate (each heard note against each place, within
 * ±maxLatencyMs) that lines up the most notes, then the median of those notes' offsets, so a
 * minority played early or late does not move it.
 */
function latencyOf(places: number[], heard: readonly HeardNote[]): number {
  let bestLatency = 0;
  let bestCount = -1;
  for (const h of heard) {
    for (const p of places) {
      const candidate = h.start - p;
      if (Math.abs(candidate) * 1000 > SCORING.maxLatencyMs) continue;
      const count = match(places, heard, candidate, SCORING.onTimeMs * 3).filter((m) => m !== null).length;
      if (count > bestCount || (count === bestCount && Math.abs(candidate) < Math.abs(bestLatency))) [bestLatency, bestCount] = [candidate, count];
    }
  }
  const matched = match(places, heard, bestLatency, SCORING.onTimeMs * 3);
  const offsets = matched.flatMap((m, i) => (m === null ? [] : [heard[m]!.start - places[i]!]));
  return offsets.length ? median(offsets) : bestLatency;
}

const pitchMark = (cents: number): PitchMark =>
  Math.abs(cents) > SCORING.wrongNoteCents ? 'wrong' : cents > SCORING.tuneCents ? 'sharp' : cents < -SCORING.tuneCents ? 'flat' : 'right';

const timingMark = (ms: number): TimingMark => (ms > SCORING.onTimeMs ? 'late' : ms < -SCORING.onTimeMs ? 'early' : 'onTime');

const percent = (part: number, whole: number) => (whole ? Math.round((part / whole) * 100) : 0);

/** Scores notes heard against the reference whose first beat falls at `startAt` (AudioContext seconds). */
export function scoreTake(reference: Reference, heard: readonly HeardNote[], startAt: number, a4 = 440): TakeScore {
  const places = reference.notes.map((n) => placeOf(n, reference.bpm, startAt));
  const latency = latencyOf(places, heard);
  const matched = match(places, heard, latency, SCORING.matchWindowMs);
  const notes = reference.notes.map((n, index): NoteResult => {
    const m = matched[index];
    if (m === null || m === undefined) return { index, midi: n.midi, pitch: 'missed', cents: null, timing: 'missed', offsetMs: null };
    const h = heard[m]!;
    const offsetMs = Math.round((h.start - latency - places[index]!) * 1000);
    const cents = reference.percussive || h.frequency === null ? null : Math.round(centsBetween(h.frequency, midiToFrequency(n.midi, a4)));
    const pitch: PitchMark = reference.percussive ? 'unpitched' : cents === null ? 'wrong' : pitchMark(cents);
    return { index, midi: n.midi, pitch, cents, timing: timingMark(offsetMs), offsetMs };
  });
  const total = notes.length;
  const timingScore = percent(notes.filter((n) => n.timing === 'onTime').length, total);
  const pitchScore = reference.percussive ? null : percent(notes.filter((n) => n.pitch === 'right').length, total);
  return {
    notes,
    pitchScore,
    timingScore,
    score: pitchScore === null ? timingScore : Math.round((pitchScore + timingScore) / 2),
    latencyMs: Math.round(latency * 1000),
  };
}

/** Frames straight to a score: segmentation, then scoring. */
export const scoreFrames = (reference: Reference, frames: readonly HeardFrame[], startAt: number, a4 = 440): TakeScore =>
  scoreTake(reference, segmentNotes(frames, reference.percussive), startAt, a4);

/**
 * Seconds in which playing was heard (the practice log's measure, decision 0081): frames loud
 * enough and clear (or an attack), each counting until the next frame, at most 100 ms.
 */
export function heardSeconds(frames: readonly HeardFrame[]): number {
  let total = 0;
  for (let i = 1; i < frames.length; i++) {
    const f = frames[i - 1]!;
    const heard = f.level >= SCORING.minLevel && (f.onset || (f.frequency !== null && f.clarity >= SCORING.minClarity));
    if (heard) total += Math.min(0.1, frames[i]!.time - f.time);
  }
  return total;
}

/** A note name as typed in a reference ("C4", "F#3", "Bb2") to its MIDI number; null when it is not one. */
export function parseNoteName(text: string): number | null {
  const m = /^([A-Ga-g])([#b♯♭]?)(-?\d)$/.exec(text.trim());
  if (!m) return null;
  const base = { c: 0, d: 2, e: 4, f: 5, g: 7, a: 9, b: 11 }[m[1]!.toLowerCase() as 'c']!;
  const accidental = m[2] === '#' || m[2] === '♯' ? 1 : m[2] === 'b' || m[2] === '♭' ? -1 : 0;
  const midi = (Number(m[3]) + 1) * 12 + base + accidental;
  return midi >= 0 && midi <= 127 ? midi : null;
}
