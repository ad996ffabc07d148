/**
 * A passage's reference from a Standard MIDI File (decision 0081), read with `midi-file`: every
 * note of every track in beats (ticks over the file's ticks per beat) and the first tempo, if any.
 * Anything that is not a MIDI file with notes (SMPTE time, no note, bytes that do not parse) is null.
 */
import { parseMidi } from 'midi-file';
import type { NoteInput } from '../domain/passage';

export interface MidiReference {
  notes: NoteInput[];
  /** The file's first tempo (BPM), when it sets one. */
  bpm: number | null;
}

const round = (v: number) => Math.round(v * 1000) / 1000;

export function readMidiReference(bytes: Uint8Array): MidiReference | null {
  if (bytes.length < 14 || Buffer.from(bytes.subarray(0, 4)).toString('latin1') !== 'MThd') return null;
  let midi: ReturnType<typeof parseMidi>;
  try {
    midi = parseMidi(bytes);
  } catch {
    return null;
  }
  const perBeat = midi.header.ticksPerBeat;
  if (!perBeat) return null;
  const notes: NoteInput[] = [];
  let bpm: number | null = null;
  for (const track of midi.tracks) {
    let tick = 0;
    const open = new Map<string, number>();
    for (const e of track) {
      tick += e.deltaTime;
      if (e.type === 'setTempo' && bpm === null) bpm = round(60_000_000 / e.microsecondsPerBeat);
      const on = e.type === 'noteOn' && e.velocity > 0;
      const off = e.type === 'noteOff' || (e.type === 'noteOn' && e.velocity === 0);
      if (!on && !off) continue;
      const key = `${e.channel}:${e.noteNumber}`;
      const started = open.get(key);
      if (started !== undefined) {
        notes.push({ midi: e.noteNumber, startBeat: round(started / perBeat), lengthBeats: round(Math.max(1, tick - started) / perBeat) });
        open.delete(key);
      }
      if (on) open.set(key, tick);
    }
  }
  if (notes.length === 0) return null;
  return { notes: notes.sort((a, b) => a.startBeat - b.startBeat || a.midi - b.midi), bpm };
}
