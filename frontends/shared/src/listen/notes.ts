// Notes for the tuner and play-along (issue 54): frequency ↔ note (equal temperament around a
// settable A4), Western and sargam names, and the instruments' open strings. Pure: no DOM.

export const A4_DEFAULT = 440;
/** The reference A4 a student may set (Baroque pitch to a semitone above concert pitch). */
export const A4_MIN = 415;
export const A4_MAX = 466;
export const validA4 = (hz: number): boolean => Number.isFinite(hz) && hz >= A4_MIN && hz <= A4_MAX;

export const NOTE_NAMES = ['C', 'C#', 'D', 'D#', 'E', 'F', 'F#', 'G', 'G#', 'A', 'A#', 'B'] as const;

export interface Note {
  midi: number;
  /** Western name with sharps: 'A', 'C#'. */
  name: string;
  /** Scientific octave: A4 = 440 Hz, middle C = C4. */
  octave: number;
  /** Deviation from the note, -50..50 (sharp is positive). */
  cents: number;
}

export const noteToFrequency = (midi: number, a4 = A4_DEFAULT): number => a4 * 2 ** ((midi - 69) / 12);

export const noteName = (midi: number): string => NOTE_NAMES[((midi % 12) + 12) % 12]!;
export const octaveOf = (midi: number): number => Math.floor(midi / 12) - 1;

/** Cents from `ref` Hz to `hz` Hz. */
export const centsBetween = (hz: number, ref: number): number => 1200 * Math.log2(hz / ref);

export function frequencyToNote(hz: number, a4 = A4_DEFAULT): Note {
  const exact = 69 + 12 * Math.log2(hz / a4);
  const midi = Math.round(exact);
  // Exactly half-way rounds up: +50 becomes -50 of the note above.
  const cents = Math.max(-50, Math.min(50, (exact - midi) * 100));
  return { midi, name: noteName(midi), octave: octaveOf(midi), cents };
}

/**
 * The twelve swaras from Sa, in Bengali script. Natural notes: সা রে গা মা পা ধা নি. Komal
 * (flat) Re, Ga, Dha, Ni and tivra (sharp) Ma are written as Bengali notation (akarmatrik
 * swaralipi) writes them: ঋ, জ্ঞ, দ, ণ and হ্ম (decision 0080).
 */
const SARGAM = ['সা', 'ঋ', 'রে', 'জ্ঞ', 'গা', 'মা', 'হ্ম', 'পা', 'দ', 'ধা', 'ণ', 'নি'] as const;
/** The same twelve in words: কোমল রে (komal Re), কড়ি মা (tivra Ma)… */
const SARGAM_LONG = ['সা', 'কোমল রে', 'শুদ্ধ রে', 'কোমল গা', 'শুদ্ধ গা', 'শুদ্ধ মা', 'কড়ি মা', 'পা', 'কোমল ধা', 'শুদ্ধ ধা', 'কোমল নি', 'শুদ্ধ নি'] as const;

/** Sa is C unless another tonic is given (a harmonium's usual white-key Sa). */
export const DEFAULT_TONIC_MIDI = 60;

const degree = (midi: number, tonicMidi: number) => (((midi - tonicMidi) % 12) + 12) % 12;

export const sargamName = (midi: number, tonicMidi = DEFAULT_TONIC_MIDI): string => SARGAM[degree(midi, tonicMidi)]!;
export const sargamLongName = (midi: number, tonicMidi = DEFAULT_TONIC_MIDI): string => SARGAM_LONG[degree(midi, tonicMidi)]!;

export interface InstrumentPreset {
  id: string;
  /** i18n key of the preset's name. */
  labelKey: string;
  /** Open strings as MIDI notes, lowest (thickest) first, as the tuner shows them. */
  strings: readonly number[];
}

export const PRESETS: readonly InstrumentPreset[] = [
  { id: 'guitar', labelKey: 'tuner.preset.guitar', strings: [40, 45, 50, 55, 59, 64] }, // E2 A2 D3 G3 B3 E4
  { id: 'guitar-drop-d', labelKey: 'tuner.preset.guitarDropD', strings: [38, 45, 50, 55, 59, 64] }, // D2 A2 D3 G3 B3 E4
  { id: 'bass4', labelKey: 'tuner.preset.bass4', strings: [28, 33, 38, 43] }, // E1 A1 D2 G2
  { id: 'bass5', labelKey: 'tuner.preset.bass5', strings: [23, 28, 33, 38, 43] }, // B0 E1 A1 D2 G2
  { id: 'ukulele', labelKey: 'tuner.preset.ukulele', strings: [67, 60, 64, 69] }, // G4 C4 E4 A4 (re-entrant, as strung)
  { id: 'violin', labelKey: 'tuner.preset.violin', strings: [55, 62, 69, 76] }, // G3 D4 A4 E5
];

export const presetById = (id: string): InstrumentPreset => PRESETS.find((p) => p.id === id) ?? PRESETS[0]!;

/** The index of the open string nearest to `hz` (by cents) in the preset, at reference `a4`. */
export function nearestString(preset: InstrumentPreset, hz: number, a4 = A4_DEFAULT): number {
  let best = 0;
  let bestDistance = Infinity;
  preset.strings.forEach((midi, i) => {
    const distance = Math.abs(centsBetween(hz, noteToFrequency(midi, a4)));
    if (distance < bestDistance) {
      best = i;
      bestDistance = distance;
    }
  });
  return best;
}
