/**
 * The one plain-text sanitiser for every text a user writes that is stored and shown as text
 * (decision 0064): reviews and their replies, lesson questions and answers, messages to
 * instructors and their replies, contact messages, and the characters of instructors' bios.
 *
 * - Markup goes through the maintained `sanitize-html` with nothing allowed (script, style and
 *   the like dropped with their content, other tags unwrapped to their text). Its output is HTML
 *   (`<`, `>` and `&` escaped as entities); stored plain text is not HTML, so those entities are
 *   decoded and the text is sanitised again, until it no longer changes: a tag hidden in another
 *   (`<<x>script>…`) or in entities (`&lt;script&gt;…`) is found in a later round and goes too.
 *   Ordinary text keeps its characters: `a < b`, `I <3 guitar`, `Tom & Jerry`, Bengali.
 * - The characters a name may not contain (@taal/contracts' name rule, decision 0039: controls,
 *   bidirectional marks, embeddings, overrides and isolates, zero-width and other invisible
 *   characters) are removed, the zero-width (non-)joiner between two Bengali (Devanagari,
 *   Arabic-script) letters kept; line feeds and tabs are kept.
 * - Line ends are made `\n` (CR LF, CR, and the line and paragraph separators), at most one blank
 *   line in a row, the ends trimmed, and the text cut to `max` UTF-16 units (never half a character).
 *
 * Server-only (sanitize-html parses with htmlparser2).
 */
import sanitize from 'sanitize-html';
import { withoutRefusedCharacters } from '@taal/contracts';

/** Nothing is allowed: every tag is unwrapped to its text, or dropped with its content if that is code. */
const PLAIN: sanitize.IOptions = {
  allowedTags: [],
  allowedAttributes: {},
  disallowedTagsMode: 'discard',
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'embed', 'template', 'svg', 'math', 'title', 'head', 'xmp', 'plaintext'],
};

/** sanitize-html escapes exactly these in text (escapeHtml with decodeEntities on): their inverse. */
const ESCAPED: Readonly<Record<string, string>> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"' };
const unescape = (html: string) => html.replace(/&(?:amp|lt|gt|quot);/g, (e) => ESCAPED[e]!);

/**
 * Rounds before giving up on a fixed point: each round that changes the text makes it shorter
 * (a tag or an entity's extra characters go), so ordinary input is stable after one or two rounds.
 */
const MAX_ROUNDS = 16;

/** Kept although in the name rule's list: plain text has lines and tabs. */
const LAYOUT: ReadonlySet<string> = new Set(['\n', '\t']);

/** Text with its markup gone for good (sanitised and unescaped until stable). */
export function withoutMarkup(input: string): string {
  let text = input;
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const next = unescape(sanitize(text, PLAIN));
    if (next === text) return text;
    text = next;
  }
  // Still changing after MAX_ROUNDS (deliberately nested input): no angle bracket is kept.
  return unescape(sanitize(text, PLAIN)).replace(/[<>]/g, '');
}

/**
 * The character step alone, for text that keeps its own markup (an instructor's rich-text bio,
 * which catalogue's allow-list sanitises): line ends made `\n`, and the name rule's invisible,
 * control and direction characters removed (line feeds, tabs and the joiners words need kept).
 */
export function plainCharacters(text: string): string {
  return withoutRefusedCharacters(text.replace(/\r\n?|[\u2028\u2029]/g, '\n'), LAYOUT);
}

/**
 * A user's text as stored: no markup, no invisible or direction characters, `\n` line ends, at
 * most one blank line in a row, trimmed, at most `max` UTF-16 units; '' for nothing.
 */
export function plainText(input: string | null | undefined, max: number): string {
  const text = plainCharacters(withoutMarkup(input ?? ''))
    .replace(/[^\S\n]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  return cut(text, max);
}

/** At most `max` UTF-16 units, never half a surrogate pair, nor a joiner left without its next letter. */
function cut(text: string, max: number): string {
  if (text.length <= max) return text;
  let end = Math.max(0, max);
  const last = text.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end--;
  return withoutRefusedCharacters(text.slice(0, end), LAYOUT).trim();
}
