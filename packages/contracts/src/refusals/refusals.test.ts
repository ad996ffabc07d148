import { REASON_KEY_PATTERN, REFUSAL_PARTS, Refusals, refusalText, type RefusalKey } from '../web';

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();
/** Two Latin-script words in a row (acronyms such as PDF or JPEG aside), once placeholders and format patterns are taken out. */
const latinSentence = (text: string) =>
  /\b[A-Za-z]*[a-z][A-Za-z]*[\s,.:;!-]+[A-Za-z]*[a-z][A-Za-z]*\b/.test(text.replace(/\{\{\s*\w+\s*\}\}/g, '').replace(/\b(?:DD-MM-YYYY|YYYY-MM-DD|YYYY-MM)\b/g, ''));

describe('the refusal catalogue', () => {
  const entries = Object.entries(Refusals) as [RefusalKey, (typeof Refusals)[RefusalKey]][];

  it('declares each key in exactly one part', () => {
    const owners = new Map<string, string[]>();
    for (const [part, refusals] of Object.entries(REFUSAL_PARTS)) for (const key of Object.keys(refusals)) owners.set(key, [...(owners.get(key) ?? []), part]);
    expect([...owners].filter(([, parts]) => parts.length > 1)).toEqual([]);
    expect(owners.size).toBe(entries.length);
  });

  it('has an English and a Bengali text for every key, with the same placeholders', () => {
    for (const [key, entry] of entries) {
      expect({ key, ok: new RegExp(REASON_KEY_PATTERN).test(key) }).toEqual({ key, ok: true });
      expect({ key, en: entry.en.trim().length > 0, bn: /[\u0980-\u09FF]/.test(entry.bn) }).toEqual({ key, en: true, bn: true });
      expect({ key, placeholders: placeholders(entry.bn) }).toEqual({ key, placeholders: placeholders(entry.en) });
    }
  });

  it('has no English sentence inside a Bengali text', () => {
    expect(entries.filter(([, entry]) => latinSentence(entry.bn)).map(([key, entry]) => `${key}: ${entry.bn}`)).toEqual([]);
  });

  it('fills placeholders in either language', () => {
    expect(refusalText('NO_SUCH_ROUTE', 'en', { method: 'GET', path: '/x' })).toBe('No such API route: GET /x');
    expect(refusalText('FILE_TOO_LARGE', 'bn', { max: '5 MB' })).toBe('ফাইলটি 5 MB-এর চেয়ে বড়');
  });
});
