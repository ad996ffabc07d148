// Each rule is written once (issue 21 item 3): in @taal/contracts (browser-safe) or the owning
// service's domain, and imported everywhere else. This walks the sources of the services, the
// packages and the frontends and fails when one of those rules is written a second time: a tier
// or category list, an e-mail pattern, a Dhaka offset or zone name, a role number, a day or
// money conversion done by hand.
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '..', '..');

function sources(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return ['node_modules', 'dist', 'gen', 'e2e', 'testing'].includes(e.name) ? [] : sources(p);
    return /\.tsx?$/.test(e.name) && !/\.(test|itest|e2e|typetest|contract)\.tsx?$/.test(e.name) && e.name !== 'api-types.ts' ? [p] : [];
  });
}

const rel = (p: string) => path.relative(ROOT, p).split(path.sep).join('/');
const files = ['services', 'packages', 'frontends'].flatMap((d) => sources(path.join(ROOT, d)));
const text = new Map(files.map((f) => [rel(f), fs.readFileSync(f, 'utf8')]));

/** `file:line: text` of every line matching `pattern`, outside the files where the rule is written. */
function hits(pattern: RegExp, home: string[]): string[] {
  return [...text].flatMap(([file, body]) =>
    home.includes(file)
      ? []
      : body.split('\n').flatMap((line, i) => (pattern.test(line) ? [`${file}:${i + 1}: ${line.trim()}`] : [])),
  );
}

/** The rule's own file does hold it. */
function holds(file: string, pattern: RegExp): boolean {
  return pattern.test(text.get(file) ?? '');
}

const COURSES = 'packages/contracts/src/course-access.ts';
const CATALOGUE = 'packages/contracts/src/course-catalogue.ts';
const ACCOUNTS = 'packages/contracts/src/account-rules.ts';
const DAYS = 'packages/contracts/src/days.ts';
const DHAKA = 'packages/contracts/src/bangladesh-time.ts';
const MONEY = 'packages/contracts/src/taka.ts';
const ROLES = 'packages/contracts/src/user-roles.ts';

describe('each rule is written once', () => {
  it('the tiers: one list (COURSE_TIERS) and one map to their API fields (TIER_PRICE_FIELDS)', () => {
    const list = /['"]silver['"]\s*,\s*['"]gold['"]/;
    const fields = /silver:\s*['"]priceSilver['"]|['"]Silver['"]\s*,\s*['"]Gold['"]/;
    expect(holds(COURSES, list) && holds(COURSES, fields)).toBe(true);
    expect(hits(list, [COURSES])).toEqual([]);
    expect(hits(fields, [COURSES])).toEqual([]);
  });

  it('the course categories and levels: one list each (COURSE_CATEGORIES, COURSE_LEVELS)', () => {
    const categories = /['"](Guitar|Drums)['"]\s*,\s*['"](Bass Guitar|Piano & Keyboard)['"]/;
    const levels = /['"]beginner['"]\s*,\s*['"]intermediate['"]/;
    expect(holds(CATALOGUE, categories) && holds(CATALOGUE, levels)).toBe(true);
    expect(hits(categories, [CATALOGUE])).toEqual([]);
    expect(hits(levels, [CATALOGUE])).toEqual([]);
  });

  it('one e-mail rule (isEmail)', () => {
    const pattern = /\[\^\\s@\]|\[\^@\\s\]|\\S\+@|z\.email\(|\.email\(\)|format:\s*['"]email['"]/;
    expect(holds(ACCOUNTS, /export function isEmail/)).toBe(true);
    expect(hits(pattern, [ACCOUNTS])).toEqual([]);
  });

  it('Dhaka days by one mechanism, SQL included: no other offset, zone name or AT TIME ZONE', () => {
    const pattern = /['"`][^'"`]*\+0?6(:00)?['"`]|Asia\/Dhaka|AT TIME ZONE|\b6 \* (3_?600_?000|60 \* 60|3_?600)\b|21_?600_?000/;
    expect(holds(DHAKA, /DHAKA_UTC_OFFSET_MS = 6 \* 3_600_000/)).toBe(true);
    expect(hits(pattern, [DHAKA])).toEqual([]);
  });

  it('days are read and written as DD-MM-YYYY by the day module only', () => {
    const pattern = /\.split\(['"]-['"]\)|\.reverse\(\)\.join\(['"]-['"]\)|get(UTC)?Date\(\)\)?\.padStart\(2|getMonth\(\) \+ 1\)?\.padStart/;
    expect(hits(pattern, [DAYS])).toEqual([]);
  });

  it('money: poisha become taka text and taka become poisha in one module', () => {
    const pattern = /\b(amount|price|Price|discount|value|poisha)\)? \/ 100\b|\/ 100\)\.toFixed\(2\)|Math\.round\([^)]*\* 100\)|% 100\)\.padStart\(2|\.toString\(\)\.padStart\(2, '0'\)|Math\.ceil\(\([^)]*Percent\) \/ 100\)/;
    expect(holds(MONEY, /export function poishaToTaka/) && holds(MONEY, /export function takaToPoisha/)).toBe(true);
    // A taka text pattern of its own (digits, then at most two decimals).
    const takaText = /\{1,\d+\}\)?\((\?:)?\\{1,2}\.\(?(\[0-9\]|\\d)\{1,2\}/;
    expect(hits(pattern, [MONEY])).toEqual([]);
    expect(holds(MONEY, takaText)).toBe(true);
    expect(hits(takaText, [MONEY])).toEqual([]);
  });

  it('the bounds of an amount: one zod schema per unit (poishaAmount, bdtAmount, poishaText) in @taal/edge', () => {
    // A route's own money schema: `const poisha = () => z.int()…`, `const money = …`.
    const local = /const (poisha|money|amount|price|taka|bdt)\w* = \([^)]*\) =>\s*z\./i;
    expect(hits(local, [])).toEqual([]);
  });

  it('roles under one name (UserRoles), never a bare number', () => {
    expect(holds(ROLES, /export const UserRoles = \{ admin: 1, content: 2, instructor: 3, student: 4 \}/)).toBe(true);
    expect(hits(/(?<![A-Za-z])(CallerUserTypes?|UserTypes?|Roles)\b/, [ROLES])).toEqual([]);
    expect(hits(/(userType|\.type|role)\s*[!=]==?\s*[1-4]\b|\btype:\s*[1-4]\s*[,}]|\[1, 2, 3, 4\]/, [ROLES])).toEqual([]);
  });
});
