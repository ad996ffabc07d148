/**
 * The conduct check's one normalisation (decision 0075), used on the text and on the word lists
 * alike, so both sides meet in the same form: compatibility forms folded (full-width letters and
 * digits), Latin diacritics removed (`fück` is `fuck`), invisible characters removed (zero-width
 * spaces, joiners, soft hyphens, word joiners: `f\u200buck`), lower case. Bengali keeps its vowel
 * signs: only the combining marks of the Latin block (U+0300–U+036F) are dropped.
 */
const LATIN_MARKS = /[\u0300-\u036f]/g;
const INVISIBLE = /[\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180e\u200b-\u200f\u202a-\u202e\u2060-\u206f\u3164\ufe00-\ufe0f\ufeff\uffa0]/g;
const BENGALI_DIGITS = /[\u09e6-\u09ef]/g;

export function conductForm(text: string): string {
  return text.normalize('NFKD').replace(LATIN_MARKS, '').normalize('NFC').replace(INVISIBLE, '').toLowerCase();
}

/** Bengali digits (০–৯) as Latin digits, for the phone-number check. */
export function latinDigits(text: string): string {
  return text.replace(BENGALI_DIGITS, (d) => String(d.charCodeAt(0) - 0x09e6));
}
