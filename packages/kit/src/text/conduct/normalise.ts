/**
 * The conduct check's one normalisation (decision 0075), used on the text and on the word lists
 * alike, so both sides meet in the same form: compatibility forms folded (full-width letters and
 * digits), Latin diacritics removed (`fück` is `fuck`), invisible characters removed (zero-width
 * spaces, joiners, soft hyphens, word joiners: `f\u200buck`), lower case. Bengali keeps its vowel
 * signs: only the combining marks of the Latin block (U+0300–U+036F) are dropped.
 */
const LATIN_MARKS = /[\u0300-\u036f]/g;
/** Invisible characters as code point ranges (a character class would mix in combining marks). */
const INVISIBLE: readonly (readonly [number, number])[] = [
  [0xad, 0xad],
  [0x34f, 0x34f],
  [0x61c, 0x61c],
  [0x115f, 0x1160],
  [0x17b4, 0x17b5],
  [0x180e, 0x180e],
  [0x200b, 0x200f],
  [0x202a, 0x202e],
  [0x2060, 0x206f],
  [0x3164, 0x3164],
  [0xfe00, 0xfe0f],
  [0xfeff, 0xfeff],
  [0xffa0, 0xffa0],
];
const isInvisible = (ch: string) => {
  const cp = ch.codePointAt(0)!;
  return INVISIBLE.some(([from, to]) => cp >= from && cp <= to);
};
const BENGALI_DIGITS = /[\u09e6-\u09ef]/g;

export function conductForm(text: string): string {
  return text
    .normalize('NFKD')
    .replace(LATIN_MARKS, '')
    .normalize('NFC')
    .split('')
    .filter((ch) => !isInvisible(ch))
    .join('')
    .toLowerCase();
}

/** Bengali digits (০–৯) as Latin digits, for the phone-number check. */
export function latinDigits(text: string): string {
  return text.replace(BENGALI_DIGITS, (d) => String(d.charCodeAt(0) - 0x09e6));
}
