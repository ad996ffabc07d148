/** A passage's rules (issue 54, decision 0081): pure, no I/O. */
export const PASSAGE_LIMITS = { maxNotes: 500, maxTitle: 120, maxSeconds: 600, minBpm: 20, maxBpm: 300, maxBeat: 4096 } as const;

export interface NoteInput {
  midi: number;
  startBeat: number;
  lengthBeats: number;
}

export interface PassageInput {
  title: string;
  startSeconds: number;
  endSeconds: number;
  bpm: number;
  notes: readonly NoteInput[];
}

const finite = (...values: number[]) => values.every((v) => Number.isFinite(v));

/** Whether a passage is one to keep: a title, a span within 10 minutes, a tempo, 1 to 500 notes in range. */
export function passageProblem(p: PassageInput): { key: 'PASSAGE_INVALID'; params: { max: number } } | null {
  const L = PASSAGE_LIMITS;
  const ok =
    p.title.trim().length > 0 &&
    p.title.length <= L.maxTitle &&
    finite(p.startSeconds, p.endSeconds, p.bpm) &&
    p.startSeconds >= 0 &&
    p.endSeconds > p.startSeconds &&
    p.endSeconds - p.startSeconds <= L.maxSeconds &&
    p.bpm >= L.minBpm &&
    p.bpm <= L.maxBpm &&
    p.notes.length >= 1 &&
    p.notes.length <= L.maxNotes &&
    p.notes.every((n) => Number.isInteger(n.midi) && n.midi >= 0 && n.midi <= 127 && finite(n.startBeat, n.lengthBeats) && n.startBeat >= 0 && n.startBeat <= L.maxBeat && n.lengthBeats > 0 && n.lengthBeats <= 64);
  return ok ? null : { key: 'PASSAGE_INVALID', params: { max: L.maxNotes } };
}

/** Notes in the order they are played (by start, then pitch). */
export const inPlayingOrder = <T extends NoteInput>(notes: readonly T[]): T[] => [...notes].sort((a, b) => a.startBeat - b.startBeat || a.midi - b.midi);
