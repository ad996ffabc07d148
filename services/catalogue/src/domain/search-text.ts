/**
 * The rules of search text (issue 24; decision 0031), pure: how a query becomes terms, how the
 * text is normalised (the same way as `catalogue.search_norm` in migrations/004_search.sql), and
 * which stretches of a title or description a hit highlights. Highlights are offsets into the
 * plain text, never HTML: the screens wrap them in <mark> themselves.
 */
import { SEARCH_QUERY_MAX, type CourseCategory } from '@taal/contracts';

/** Bengali dependent vowel signs (U+09BE–U+09C4, U+09C7–U+09C8, U+09CB–U+09CC, U+09D7) and hasanta (U+09CD). */
const BENGALI_SIGNS = /[\u09BE-\u09C4\u09C7\u09C8\u09CB-\u09CD\u09D7]/g;
/** A word: letters, combining marks (Bengali vowel signs among them) and digits. */
const WORD = /[\p{L}\p{M}\p{N}]+/gu;

/** At most this many terms of a query count (the rest are ignored). */
export const SEARCH_TERMS_MAX = 8;
export const SEARCH_LIMIT_DEFAULT = 10;
export const SEARCH_LIMIT_MAX = 50;

export interface Mark {
  start: number;
  end: number;
}

/** Lower case, Bengali without vowel signs and hasanta: "গিটার" and "গটর" read the same. */
export function normaliseSearchText(text: string): string {
  return text.toLowerCase().replace(BENGALI_SIGNS, '');
}

/** The words of a query, normalised, without repeats; control characters and punctuation separate words. */
export function queryTerms(query: string): string[] {
  const terms: string[] = [];
  for (const [word] of query.slice(0, SEARCH_QUERY_MAX).matchAll(WORD)) {
    const term = normaliseSearchText(word);
    if (term && !terms.includes(term)) terms.push(term);
    if (terms.length === SEARCH_TERMS_MAX) break;
  }
  return terms;
}

/** The query as the trigram comparison reads it: its terms, one space apart. */
export const fuzzyText = (terms: readonly string[]) => terms.join(' ');

/**
 * The catalogue's words as Bengali writes them, spelled out from English (issue 55, decision 0068):
 * "গিটার" is "guitar", not a different word. The titles are mostly English, so without this a
 * Bengali query found the guitar courses only by their category's Bengali name, in the same tier
 * as the bass courses (category Bass Guitar, "বেজ গিটার"). Each English word (matched as a word
 * prefix, so "drum" finds "Drums" and "Drumming") with the Bengali spellings in use; the lookup
 * is by the normalised form, so spellings that differ only in vowel signs need no entry.
 */
const TRANSLITERATED: Record<string, readonly string[]> = {
  guitar: ['গিটার'],
  bass: ['বেস', 'বেজ'],
  drum: ['ড্রাম', 'ড্রামস'],
  drumming: ['ড্রামিং'],
  piano: ['পিয়ানো'],
  keyboard: ['কিবোর্ড'],
  sound: ['সাউন্ড'],
  engineering: ['ইঞ্জিনিয়ারিং'],
  mixing: ['মিক্সিং'],
  mix: ['মিক্স'],
  mastering: ['মাস্টারিং'],
  recording: ['রেকর্ডিং'],
  home: ['হোম'],
  jazz: ['জ্যাজ', 'জাজ'],
  chord: ['কর্ড', 'কর্ডস'],
  rhythm: ['রিদম'],
  lead: ['লিড'],
  groove: ['গ্রুভ'],
  slap: ['স্ল্যাপ', 'স্লাপ'],
  acoustic: ['অ্যাকুস্টিক', 'একুস্টিক', 'অ্যাকোস্টিক'],
  fingerstyle: ['ফিঙ্গারস্টাইল'],
  workshop: ['ওয়ার্কশপ'],
  improvisation: ['ইমপ্রোভাইজেশন'],
  beginner: ['বিগিনার'],
  vocal: ['ভোকাল'],
};

/** Normalised Bengali spelling → the English words it spells; English word → the normalised Bengali spellings. */
const FROM_BENGALI = new Map<string, string[]>();
const TO_BENGALI = new Map<string, string[]>();
/** য় typed as one code point (U+09DF) or as য and nukta (U+09AF U+09BC): both are in use. */
const withYa = (word: string) => [...new Set([word, word.replace(/\u09AF\u09BC/g, '\u09DF'), word.replace(/\u09DF/g, '\u09AF\u09BC')])];
for (const [english, spellings] of Object.entries(TRANSLITERATED)) {
  for (const spelling of spellings.flatMap(withYa)) {
    const bengali = normaliseSearchText(spelling);
    FROM_BENGALI.set(bengali, [...new Set([...(FROM_BENGALI.get(bengali) ?? []), english])]);
    TO_BENGALI.set(english, [...new Set([...(TO_BENGALI.get(english) ?? []), bengali])]);
  }
}

/**
 * The same word in the other script (a normalised term in, normalised words out): "গটর" → ["guitar"],
 * "guitar" (or "guitars") → ["গটর"]. They match as the term itself does (a title hit is a title hit).
 */
export function transliterations(term: string): string[] {
  const bengali = FROM_BENGALI.get(term);
  if (bengali) return bengali;
  return TO_BENGALI.get(term) ?? (term.endsWith('s') ? TO_BENGALI.get(term.slice(0, -1)) : undefined) ?? [];
}

/** Every transliteration of the terms, without repeats (the words a hit's marks answer too). */
export function transliteratedWords(terms: readonly string[]): string[] {
  return [...new Set(terms.flatMap(transliterations))];
}

/** One term as a tsquery: a word prefix, or any of its transliterations as one. */
function termTsQuery(term: string, more: readonly string[] = []): string {
  const alternatives = [...transliterations(term).map((w) => `'${w}':*`), ...more];
  return alternatives.length === 0 ? `'${term}':*` : `('${term}':* | ${alternatives.join(' | ')})`;
}

/**
 * A tsquery (to_tsquery('simple', …)) matching every term as a word prefix (or its transliteration,
 * as a prefix too). Terms hold letters, marks and digits only (queryTerms), so quoting them cannot
 * be escaped from; the transliterations are the table's own words.
 */
export function prefixTsQuery(terms: readonly string[]): string {
  return terms.map((t) => termTsQuery(t)).join(' & ');
}

/**
 * What each category is called, in English and Bengali (the screens' names, with the other
 * spellings in use): a query that is one of these names (all of it, normalised) names the
 * category, and its courses rank with the title matches (issue 55: "a Bengali query ranks courses
 * whose title or category is that word first"). "guitar" names Guitar, not Bass Guitar.
 */
const CATEGORY_NAMES: Record<CourseCategory, readonly string[]> = {
  Guitar: ['Guitar', 'Guitars', 'গিটার'],
  'Bass Guitar': ['Bass Guitar', 'Bass', 'বেজ গিটার', 'বেস গিটার', 'বেজ', 'বেস'],
  Drums: ['Drums', 'Drum', 'ড্রামস', 'ড্রাম'],
  'Piano & Keyboard': ['Piano & Keyboard', 'Piano and Keyboard', 'Piano', 'Keyboard', 'পিয়ানো ও কিবোর্ড', 'পিয়ানো', 'কিবোর্ড'],
  'Sound Engineering': ['Sound Engineering', 'সাউন্ড ইঞ্জিনিয়ারিং'],
};

const NAMED = new Map<string, CourseCategory[]>();
for (const [category, names] of Object.entries(CATEGORY_NAMES) as [CourseCategory, readonly string[]][]) {
  for (const name of names.flatMap(withYa)) {
    const key = queryTerms(name).join(' ');
    NAMED.set(key, [...new Set([...(NAMED.get(key) ?? []), category])]);
  }
}

/** The categories the whole query names (its normalised terms, in order), if any. */
export function namedCategories(terms: readonly string[]): CourseCategory[] {
  return NAMED.get(terms.join(' ')) ?? [];
}

/** The shortest query word (in letters) that may be a typo of a longer known word. */
export const TYPO_MIN_LETTERS = 4;
const PLAIN_WORD = /^[\p{L}\p{M}\p{N}]+$/u;

/**
 * The tsquery of the terms widened with known words similar to them (typos): each term matches
 * as a prefix or as one of its similar words, e.g. `('mastring':* | 'mastering') & 'mix':*`.
 * Similar words that are not plain words (hyphens, quotes) are left out.
 */
export function widenedTsQuery(terms: readonly string[], similar: ReadonlyMap<string, readonly string[]>): string {
  return terms
    .map((t) => {
      const words = (similar.get(t) ?? []).filter((w) => PLAIN_WORD.test(w) && w !== t);
      return termTsQuery(t, words.map((w) => `'${w}'`));
    })
    .join(' & ');
}

/** Edit distance, stopping early once it exceeds `max`. */
function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const value = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
      current.push(value);
      best = Math.min(best, value);
    }
    if (best > max) return max + 1;
    previous = current;
  }
  return previous[b.length]!;
}

/**
 * Whether a (normalised) word of the text answers a term: it starts with the term, or it is the
 * term with a typo or two (one for words of 4–5 letters, two from 6; shorter terms must match
 * exactly), as the trigram match that found the hit forgives.
 */
export function wordMatches(word: string, term: string): boolean {
  if (word.startsWith(term)) return true;
  const letters = [...term].length;
  if (letters < 4) return false;
  const max = letters < 6 ? 1 : 2;
  return editDistance(word, term, max) <= max || editDistance(word.slice(0, term.length), term, max) <= max;
}

/** The stretches of `text` whose words answer one of the terms, in order. */
export function marksOf(text: string, terms: readonly string[]): Mark[] {
  if (terms.length === 0) return [];
  const marks: Mark[] = [];
  for (const match of text.matchAll(WORD)) {
    const word = normaliseSearchText(match[0]);
    if (terms.some((t) => wordMatches(word, t))) marks.push({ start: match.index, end: match.index + match[0].length });
  }
  return marks;
}

const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'", '&nbsp;': ' ' };

/** Rich text (sanitised HTML) as plain text: tags dropped, the common entities read, spaces collapsed. */
export function plainText(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (e) => ENTITIES[e] ?? ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * About `width` characters of the description's plain text around its first matching word (the
 * start when none matches), with the marks inside it; '…' where it was cut.
 */
export function snippetOf(html: string, terms: readonly string[], width = 160): { text: string; marks: Mark[] } {
  const text = plainText(html);
  const all = marksOf(text, terms);
  if (text.length <= width) return { text, marks: all };
  const first = all[0]?.start ?? 0;
  let start = Math.max(0, first - Math.floor(width / 4));
  if (start > 0) {
    const space = text.lastIndexOf(' ', start);
    start = space >= 0 && first - space < width / 2 ? space + 1 : start;
  }
  let end = Math.min(text.length, start + width);
  if (end < text.length) {
    const space = text.lastIndexOf(' ', end);
    if (space > start + width / 2) end = space;
  }
  const prefix = start > 0 ? '…' : '';
  const shift = prefix.length - start;
  const marks = all.filter((m) => m.start >= start && m.end <= end).map((m) => ({ start: m.start + shift, end: m.end + shift }));
  return { text: `${prefix}${text.slice(start, end)}${end < text.length ? '…' : ''}`, marks };
}
