/**
 * The one rule for the characters of a person's name (decision 0039), used wherever a name is
 * typed: sign-up, the Profile tab, the back office's accounts and instructors, the contact form,
 * and the screens' own checks. Pure code without dependencies (a browser bundle imports it).
 *
 * A name may not contain a character that cannot be seen or that changes how the text around it
 * is shown, so no name is blank to the eye and none disguises itself:
 * - control characters (Unicode Cc: C0, DEL, C1), line and paragraph separators (Zl, Zp);
 * - format characters (Cf): zero-width space U+200B, the direction marks U+200E/U+200F, the
 *   bidirectional embeddings, overrides and isolates, the word joiner and invisible operators,
 *   U+FEFF, the soft hyphen, tags (U+E0001, U+E0020–U+E007F), and the others;
 * - the other default-ignorable characters: the Hangul fillers U+115F, U+1160, U+3164 and
 *   U+FFA0, the combining grapheme joiner U+034F, Khmer's invisible vowels U+17B4/U+17B5,
 *   Mongolian's variation selectors, the variation selectors U+FE00–U+FE0F and U+E0100–U+E01EF;
 * - the braille blank U+2800.
 * (A lone surrogate, half a character, is not refused: the pattern could not say it to every
 * reader (Rust's regex has no surrogates), and it reaches the database as a visible U+FFFD.)
 * The zero-width non-joiner and joiner (U+200C, U+200D) are format characters that Bengali (and
 * Devanagari and Arabic-script names) need inside a word, so they are allowed, one at a time,
 * between two letters (or vowel signs and other marks) of those scripts.
 * Emoji are visible, so a name holds them (issue 55, decision 0071) as they are typed: a
 * pictograph (Unicode's Extended_Pictographic) may carry a presentation selector (U+FE0E/U+FE0F:
 * "❤️"), a digit, # or * the emoji keycap (U+FE0F U+20E3: "1️⃣"), and pictographs (each with its
 * selector or skin tone) may be joined by single zero-width joiners into one emoji ("👨‍👩‍👧",
 * "🧑🏽‍🎤", "🏳️‍🌈"). A selector or a joiner anywhere else is refused as before, and the tag characters
 * of subdivision flags stay refused (invisible).
 *
 * The rule is written once, as a regular expression (NAME_PATTERN) that JavaScript (with the `u`
 * flag), the OpenAPI document (JSON Schema) and schemathesis (Python) read alike: only \uXXXX
 * escapes and literal characters in classes, no \p{…}, no lookbehind, no surrogates (the contract
 * run's validator, jsonschema-rs, drops a pattern it cannot compile). nameProblem() runs it.
 */

/** Code point ranges a name never contains (the joiners U+200C/U+200D are let back in between letters, the selectors and U+200D in emoji, below). */
const REFUSED: readonly (readonly [number, number])[] = [
  [0x0000, 0x001f], // C0 controls
  [0x007f, 0x009f], // DEL, C1 controls
  [0x00ad, 0x00ad], // soft hyphen
  [0x034f, 0x034f], // combining grapheme joiner
  [0x0600, 0x0605], // Arabic number signs (Cf)
  [0x061c, 0x061c], // Arabic letter mark
  [0x06dd, 0x06dd], // Arabic end of ayah (Cf)
  [0x070f, 0x070f], // Syriac abbreviation mark (Cf)
  [0x0890, 0x0891], // Arabic pound and piastre marks above (Cf)
  [0x08e2, 0x08e2], // Arabic disputed end of ayah (Cf)
  [0x115f, 0x1160], // Hangul choseong and jungseong fillers
  [0x17b4, 0x17b5], // Khmer inherent vowels (invisible)
  [0x180b, 0x180f], // Mongolian variation selectors and vowel separator
  [0x200b, 0x200f], // zero-width space, non-joiner, joiner; left-to-right and right-to-left marks
  [0x2028, 0x202e], // line and paragraph separators; bidirectional embeddings and overrides
  [0x2060, 0x206f], // word joiner, invisible operators, bidirectional isolates, deprecated format characters
  [0x2800, 0x2800], // braille pattern blank
  [0x3164, 0x3164], // Hangul filler
  [0xfe00, 0xfe0f], // variation selectors
  [0xfeff, 0xfeff], // zero-width no-break space (byte order mark)
  [0xffa0, 0xffa0], // halfwidth Hangul filler
  [0xfff0, 0xfffb], // unassigned specials, interlinear annotation (Cf)
  [0x110bd, 0x110bd], // Kaithi number sign (Cf)
  [0x110cd, 0x110cd], // Kaithi number sign above (Cf)
  [0x13430, 0x1343f], // Egyptian hieroglyph format controls
  [0x1bca0, 0x1bca3], // shorthand format controls
  [0x1d173, 0x1d17a], // musical symbol format controls
  [0xe0000, 0xe0fff], // tags, variation selectors supplement
];

/** ZWNJ and ZWJ: allowed only between two joining letters. */
const JOINERS: readonly (readonly [number, number])[] = [[0x200c, 0x200d]];

/** The blocks whose letters a joiner may stand between: Arabic (and its supplements), Devanagari, Bengali. */
const JOINING_BLOCKS: readonly (readonly [number, number])[] = [
  [0x0600, 0x06ff],
  [0x0750, 0x077f],
  [0x08a0, 0x08ff],
  [0x0900, 0x09ff],
];

/** One code point in a class: \uXXXX in the BMP, the character itself above it (Python has no \u{…}). */
const classChar = (c: number) => (c > 0xffff ? String.fromCodePoint(c) : `\\u${c.toString(16).padStart(4, '0')}`);
const classBody = (ranges: readonly (readonly [number, number])[]) =>
  ranges.map(([from, to]) => (from === to ? classChar(from) : `${classChar(from)}-${classChar(to)}`)).join('');

/** Where the pictographs are (Latin-1, the symbol blocks, the emoji planes' blocks): searched for Extended_Pictographic. */
const PICTOGRAPH_BLOCKS: readonly (readonly [number, number])[] = [
  [0x00a9, 0x00ae],
  [0x2000, 0x33ff],
  [0x1f000, 0x1fffd],
];

/** The code points of `blocks` that `property` (a one-character test) takes, as ranges; computed from the engine's Unicode tables. */
function rangesOf(blocks: readonly (readonly [number, number])[], property: RegExp): [number, number][] {
  const ranges: [number, number][] = [];
  for (const [from, to] of blocks) {
    for (let c = from; c <= to; c++) {
      if (!property.test(String.fromCodePoint(c))) continue;
      const last = ranges[ranges.length - 1];
      if (last && last[1] === c - 1) last[1] = c;
      else ranges.push([c, c]);
    }
  }
  return ranges;
}

const refused = classBody(REFUSED);
/** Any character a name may hold anywhere. */
const ALLOWED = `[^${refused}]`;
/** White space a name may hold (trimmed at its ends; a name of nothing else is blank). */
const SPACE = `[^\\S${refused}]`;
/** Letters and marks (L, M) of the joining blocks (some hundred code points). */
const LETTER = `[${classBody(rangesOf(JOINING_BLOCKS, /^[\p{L}\p{M}]$/u))}]`;
const JOINER = `[${classBody(JOINERS)}]`;
const PICTOGRAPH = `[${classBody(rangesOf(PICTOGRAPH_BLOCKS, /^\p{Extended_Pictographic}$/u))}]`;
const SELECTOR = '[\\ufe0e\\ufe0f]';
const SKIN_TONE = `[${classBody([[0x1f3fb, 0x1f3ff]])}]`;
const ZWJ = '\\u200d';
/**
 * An emoji that holds a character refused elsewhere: pictographs joined by zero-width joiners
 * (each but the last with its selector or skin tone before the joiner, the last with its selector),
 * a pictograph with its selector, or a keycap. A skin tone after the last pictograph is an allowed
 * character of its own, so every string is read one way (no ambiguity, linear matching).
 */
const EMOJI = `${PICTOGRAPH}(?:(?:${SELECTOR}|${SKIN_TONE})?${ZWJ}${PICTOGRAPH})+${SELECTOR}?|${PICTOGRAPH}${SELECTOR}|[0-9#*]\\ufe0f\\u20e3`;

/**
 * A name's characters, as a pattern (ECMAScript with the `u` flag, JSON Schema, Python): not
 * blank, none of the refused characters, a joiner only between two joining letters or inside an
 * emoji, a selector only in an emoji. Matching is linear in the length (no ambiguous repetition).
 */
export const NAME_PATTERN = `^(?!${SPACE}*$)(?:${ALLOWED}|${LETTER}(?:${JOINER}${LETTER})+|${EMOJI})*$`;
/** What JavaScript's trim() takes away (White_Space and line terminators, U+FEFF), spelt out: Python's \s differs. */
const TRIMMED = '[\\t\\n\\u000b\\f\\r \\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000\\ufeff]';
/** A name, or nothing but white space (an update form where a blank field leaves the name as it is). */
export const NAME_OR_BLANK_PATTERN = `^(?:${TRIMMED}*$|${NAME_PATTERN.slice(1)})`;
const NAME = new RegExp(NAME_PATTERN, 'u');
const REFUSED_CHAR = new RegExp(`[${refused}]`, 'u');
const ONE_JOINER = new RegExp(`^${JOINER}$`, 'u');
const ONE_LETTER = new RegExp(`^${LETTER}$`, 'u');
const EMOJI_SEQUENCES = new RegExp(EMOJI, 'gu');

/** True when `value` holds none of the characters a name may not contain (and is not blank). */
export function isCleanName(value: string): boolean {
  return NAME.test(value);
}

const NOTHING: ReadonlySet<string> = new Set();

/**
 * `value` without the characters a name may not contain (the list above: controls, bidirectional
 * marks, embeddings, overrides and isolates, invisible and format characters), a zero-width
 * (non-)joiner kept only between two joining letters, as a word needs it; the characters in
 * `keep` (e.g. a line feed and a tab in plain text) are kept too, and so are an emoji's selectors
 * and joiners (EMOJI). The one list the plain-text sanitiser (@taal/kit's plainText, decision 0064)
 * removes, so names and texts agree.
 */
export function withoutRefusedCharacters(value: string, keep: ReadonlySet<string> = NOTHING): string {
  let out = '';
  let from = 0;
  for (const emoji of value.matchAll(EMOJI_SEQUENCES)) {
    out += withoutRefusedOutsideEmoji(value.slice(from, emoji.index), keep) + emoji[0];
    from = emoji.index + emoji[0].length;
  }
  return out + withoutRefusedOutsideEmoji(value.slice(from), keep);
}

/** withoutRefusedCharacters for a text that holds no emoji with a selector or a joiner. */
function withoutRefusedOutsideEmoji(value: string, keep: ReadonlySet<string>): string {
  const chars = [...value];
  return chars
    .filter(
      (c, i) =>
        keep.has(c) || !REFUSED_CHAR.test(c) || (ONE_JOINER.test(c) && ONE_LETTER.test(chars[i - 1] ?? '') && ONE_LETTER.test(chars[i + 1] ?? '')),
    )
    .join('');
}

/**
 * A name from elsewhere (a Google or Facebook profile) made to follow the rule: the refused
 * characters and stray joiners taken out, white space runs made one space, at most `max`
 * characters; '' when nothing is left.
 */
export function cleanName(value: string, max: number): string {
  let name = '';
  for (const c of withoutRefusedCharacters(value).replace(/\s+/gu, ' ').trim()) {
    if (name.length + c.length > max) break;
    name += c;
  }
  return name.trim();
}
