/**
 * Personal contact details in a message between users (decision 0075): a phone number, an
 * e-mail address or a chat app's link or name. The common ways of slipping one past are read too:
 * - phone numbers in Latin or Bengali digits (০১৭১২…), with spaces, dashes, dots, slashes or
 *   brackets between the digits, with or without +88 / 0088: Bangladesh's mobile numbers
 *   (01[3-9] and eight more digits), and any number of ten digits or more written with a `+`;
 * - e-mail addresses, also written `name at gmail dot com`, `name (at) gmail (dot) com`,
 *   `name @ gmail . com`, in Bengali `name এট gmail ডট com`, or a well-known mail host with no
 *   ending (`name@gmail`);
 * - links of chat apps (wa.me, WhatsApp's chat and api links, t.me and telegram.me, m.me and
 *   messenger.com, imo.im, Viber's links), also with spaces around the dots and slashes, and the
 *   names WhatsApp, Telegram and Viber in English or Bengali script, and imo in Bengali script.
 *   "imo" and "messenger" in Latin letters are ordinary words ("in my opinion"), refused only as links.
 */
import { conductForm, latinDigits } from './normalise';

const DIGIT_RUN = /\+?\d(?:[\s\-.()/]{0,3}\d){9,}/g;
const BD_MOBILE = /01[3-9]\d{8}/;

function hasPhone(text: string): boolean {
  for (const m of text.matchAll(DIGIT_RUN)) {
    const digits = m[0].replace(/\D/g, '');
    if (BD_MOBILE.test(digits)) return true;
    if (m[0].startsWith('+') && digits.length >= 10) return true;
  }
  return false;
}

const OPEN = '[\\(\\[\\{<]';
const CLOSE = '[\\)\\]\\}>]';
const AT_WORDS = '(?:at|এট|অ্যাট|অ্যাট)';
const DOT_WORDS = '(?:dot|ডট)';
const EMAIL = /[\p{L}\p{N}._%+-]+@[a-z0-9-]+(?:\.[a-z0-9-]+)*\.[a-z]{2,}/u;
/** Spelled out (`at`, `dot`), an address needs a common ending, or "look at the dot above" would be one. */
const SPELLED_EMAIL =
  /[\p{L}\p{N}._%+-]+@[a-z0-9-]+(?:\.[a-z0-9-]+)*\.(?:com|net|org|bd|co|io|me|info|edu|gov|in|uk|us)(?![a-z])/u;
const MAIL_HOSTS =
  /[\p{L}\p{N}._%+-]+@(?:gmail|googlemail|yahoo|ymail|hotmail|outlook|live|icloud|proton|protonmail|aol)(?![a-z0-9])/u;

/** The text with `at` and `dot` spelled out made `@` and `.`, and spaces around them gone. */
function spelledOut(text: string): string {
  return text
    .replace(new RegExp(`\\s*${OPEN}\\s*(?:${AT_WORDS}|@)\\s*${CLOSE}\\s*`, 'gu'), '@')
    .replace(new RegExp(`\\s*${OPEN}\\s*(?:${DOT_WORDS}|\\.)\\s*${CLOSE}\\s*`, 'gu'), '.')
    .replace(new RegExp(`\\s+${AT_WORDS}\\s+(?=[a-z0-9])`, 'gu'), '@')
    .replace(new RegExp(`\\s+${DOT_WORDS}\\s+(?=[a-z])`, 'gu'), '.')
    .replace(/\s*@\s*/g, '@')
    .replace(/\s*\.\s*(?=(?:com|net|org|bd|co|io|me|im|info|edu|gov|dog)(?![a-z]))/g, '.')
    .replace(/\s*\/\s*/g, '/');
}

const CHAT_LINK =
  /(?:^|[^a-z0-9.])(?:wa\.me|api\.whatsapp\.com|chat\.whatsapp\.com|whatsapp\.com|t\.me|telegram\.me|telegram\.dog|m\.me|messenger\.com|imo\.im|invite\.viber\.com|viber\.com|viber:\/\/|whatsapp:\/\/|tg:\/\/)(?![a-z])/;
const CHAT_NAMES = new Set(
  [
    'whatsapp',
    'whatsap',
    'watsapp',
    'watsap',
    'whtsapp',
    'telegram',
    'viber',
    'হোয়াটসঅ্যাপ',
    'হোয়াটসঅ্যাপে',
    'হোয়াটসআপ',
    'হোয়াটসআপে',
    'টেলিগ্রাম',
    'টেলিগ্রামে',
    'ভাইবার',
    'ভাইবারে',
    'ইমো',
    'ইমোতে',
    'ইমুতে',
    'ইমু',
  ].map(conductForm),
);
const WORD = /[\p{L}\p{M}]+/gu;

function hasChatApp(text: string): boolean {
  if (CHAT_LINK.test(text)) return true;
  const words = [...text.matchAll(WORD)].map((m) => m[0]);
  return words.some((w, i) => CHAT_NAMES.has(w) || (w === 'whats' && words[i + 1] === 'app'));
}

/** Which kind of personal contact detail the text holds, if any. */
export function contactDetailIn(input: string): 'phone' | 'email' | 'chatApp' | null {
  const text = latinDigits(conductForm(input));
  if (hasPhone(text)) return 'phone';
  const spelled = spelledOut(text);
  if (EMAIL.test(text) || SPELLED_EMAIL.test(spelled) || MAIL_HOSTS.test(spelled)) return 'email';
  if (hasChatApp(spelled)) return 'chatApp';
  return null;
}
