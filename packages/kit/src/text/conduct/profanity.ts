/**
 * Profanity in English and Bengali (decision 0075): the lists are data (words-en.json,
 * words-bn.json), each entry a word or a phrase of words. A text is refused when one of its
 * words *is* an entry, never when a word merely contains one ("class", "Scunthorpe", "বালিশ").
 *
 * Before comparing, each word of the text is also read
 * - with common leetspeak undone (`sh1t`, `a$$`, `fu(k` is not: only digits and `@ $ !`),
 * - without the punctuation around it (`shit!`),
 * - with `*` standing for any one letter (`f*ck`), when at least two letters are given,
 * and letters repeated in the text match a letter of the entry (`fuuuuck`, `চোওওদা` is not
 * Bengali spelling and is left alone; `fuuuck` is caught; an entry's own double letters need at
 * least two). Words split by dots, dashes or spaces one letter at a time (`f.u.c.k`, `f u c k`)
 * or by a single dot, dash, underscore or star (`fu.ck`, `sh-it`) are joined and read again.
 */
import bengali from './words-bn.json';
import english from './words-en.json';
import { conductForm } from './normalise';

const LEET: Readonly<Record<string, string>> = {
  '0': 'o',
  '1': 'i',
  '3': 'e',
  '4': 'a',
  '5': 's',
  '7': 't',
  '8': 'b',
  '@': 'a',
  $: 's',
  '!': 'i',
};
const LEET_L: Readonly<Record<string, string>> = { ...LEET, '1': 'l', '!': 'l' };
const TOKEN = /[\p{L}\p{M}\p{N}@$!*]+/gu;
const LATIN = /[a-z]/;

/** An entry's word as a pattern: each run of one letter matches that many or more of it. */
function runsPattern(word: string): string {
  let out = '';
  for (let i = 0; i < word.length;) {
    const ch = word[i]!;
    let n = 1;
    while (word[i + n] === ch) n++;
    out += `${ch.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}{${n},}`;
    i += n;
  }
  return out;
}

const ENTRIES = [...english.words, ...bengali.words].map((entry) =>
  conductForm(entry).split(/\s+/).filter(Boolean),
);
const SINGLE_WORDS = ENTRIES.filter((parts) => parts.length === 1).map((parts) => parts[0]!);
const SINGLE = new RegExp(`^(?:${SINGLE_WORDS.map(runsPattern).join('|')})$`, 'u');
const PHRASES = ENTRIES.filter((parts) => parts.length > 1).map((parts) =>
  parts.map((p) => new RegExp(`^${runsPattern(p)}$`, 'u')),
);

/** The ways one written word may be read. */
function readings(token: string): string[] {
  const out = new Set<string>([token]);
  const bare = token.replace(/^[\d@$!*]+|[\d@$!*]+$/g, '');
  for (const t of [token, bare]) {
    if (!t) continue;
    out.add(t);
    if (LATIN.test(t)) {
      out.add([...t].map((c) => LEET[c] ?? c).join(''));
      out.add([...t].map((c) => LEET_L[c] ?? c).join(''));
    }
  }
  return [...out];
}

/** Whether one reading is an entry; `*` stands for one letter when two letters or more are given. */
function isEntry(reading: string): boolean {
  if (SINGLE.test(reading)) return true;
  if (!reading.includes('*') || reading.replace(/\*/g, '').length < 2) return false;
  const wild = new RegExp(`^${reading.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '\\p{L}')}$`, 'u');
  return SINGLE_WORDS.some((w) => wild.test(w));
}

interface Token {
  text: string;
  start: number;
  end: number;
}

/** Sequences of words written apart that may be one word: single letters, or parts split by one punctuation mark. */
function joinedRuns(text: string, tokens: readonly Token[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < tokens.length; i++) {
    let joined = tokens[i]!.text;
    const singles = tokens[i]!.text.length === 1;
    for (let j = i + 1; j < tokens.length && j < i + 12; j++) {
      const gap = text.slice(tokens[j - 1]!.end, tokens[j]!.start);
      const next = tokens[j]!.text;
      const lettersApart = singles && next.length === 1 && gap.length <= 3 && !gap.includes('\n');
      const splitByOne = /^[.\-_*'·•]$/.test(gap);
      if (!lettersApart && !splitByOne) break;
      joined += next;
      if (j - i >= 1) out.push(joined);
    }
  }
  return out;
}

/** Whether the text holds a refused word or phrase, in English or Bengali. */
export function hasProfanity(input: string): boolean {
  const text = conductForm(input);
  const tokens: Token[] = [...text.matchAll(TOKEN)].map((m) => ({
    text: m[0],
    start: m.index,
    end: m.index + m[0].length,
  }));
  const read = tokens.map((t) => readings(t.text));
  if (read.some((rs) => rs.some(isEntry))) return true;
  if (joinedRuns(text, tokens).some((j) => readings(j).some(isEntry))) return true;
  return PHRASES.some((parts) =>
    read.some((_, i) => parts.every((part, k) => (read[i + k] ?? []).some((r) => part.test(r)))),
  );
}
