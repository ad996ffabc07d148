// The spec audit is a checked artefact, not a claim (issue 53): docs/spec-audit.md lists every rule
// of the two specs (../shared/spec beside the repository) with the code that enforces it and the
// tests that prove it, and every route of the specs' route tables with its screen or a decision
// record. This fails when a cited file is gone, a cited test title is no longer a test's title (a
// test deleted, renamed or skipped), a route of the specs is missing from the audit, a screen is
// not the one its remote draws, or the "rules N/N" and "routes N/N" counts are not the rows.
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '..', '..');
const SPEC = path.resolve(ROOT, '..', 'shared', 'spec');
const SPECS = ['storefront-and-panels.md', 'admin-back-office.md'];
const AUDIT = path.join(ROOT, 'docs', 'spec-audit.md');
const ROUTES = path.join(ROOT, 'frontends', 'shared', 'src', 'routes.json');

const cellsOf = (line: string) => line.trim().replace(/^\|/, '').replace(/\|$/, '').split('|').map((c) => c.trim());

/** The data rows of the table under `## heading` (its header and separator rows left out). */
export function tableRows(markdown: string, heading: string): string[][] {
  const lines = markdown.split('\n');
  const start = lines.findIndex((l) => l.trim() === `## ${heading}`);
  if (start < 0) return [];
  const rows: string[][] = [];
  for (const line of lines.slice(start + 1)) {
    if (line.startsWith('## ')) break;
    if (!line.startsWith('|')) continue;
    const cells = cellsOf(line);
    if (cells.every((c) => /^-*$/.test(c))) continue;
    rows.push(cells);
  }
  return rows.slice(1);
}

/**
 * The titles of the tests a source file declares: it(…), test(…), it.each(…)(…), test.each(…)(…),
 * escapes read. Skipped or todo tests (it.skip, xit, it.todo) are not tests that prove anything.
 */
export function testTitles(source: string): string[] {
  const call = /\b(?:it|test)(?:\.each\s*\((?:[^()]|\((?:[^()]|\([^()]*\))*\))*\))?\s*\(\s*(['"`])((?:\\[\s\S]|(?!\1)[^\\])*)\1/g;
  return [...source.matchAll(call)].map((m) => m[2]!.replace(/\\([\s\S])/g, '$1'));
}

/** The paths of the specs' route tables (`| /path | … |` rows), as written: `/a, /b`, `/a and /b`, queries left out. */
export function specRoutes(spec: string): string[] {
  return spec
    .split('\n')
    .filter((l) => /^\|\s*\//.test(l))
    .flatMap((l) => cellsOf(l)[0]!.split(/,\s*|\s+and\s+/))
    .map((p) => p.trim().replace(/\?.*$/, ''))
    .filter((p) => p.startsWith('/'));
}

/** A path with its parameters named alike (`{instructorId}` and `:id` are one route). */
const shape = (p: string) => p.replace(/\{[^}]+\}|:[A-Za-z]\w*/g, ':param');

const TEST_FILE = /\.(?:test|itest|e2e)\.tsx?$/;
const CITATION = /`([^`]+)`:\s*"([^"]+)"/g;
const FILES = /`([^`\s]+\.[a-z]+)`/g;

interface Inputs {
  audit: string;
  specs: string[];
  routes: Record<string, { pages: Record<string, unknown> }>;
  exists: (file: string) => boolean;
  read: (file: string) => string;
}

/** Every problem of the audit, as a sentence; none when it holds. */
export function auditProblems({ audit, specs, routes, exists, read }: Inputs): string[] {
  const problems: string[] = [];
  const count = (what: string, rows: number) => {
    const m = new RegExp(`^${what} (\\d+)/(\\d+)`, 'm').exec(audit);
    if (!m) problems.push(`no "${what} N/N" line`);
    else if (Number(m[1]) !== rows || Number(m[2]) !== rows) problems.push(`"${what} ${m[1]}/${m[2]}" but ${rows} rows`);
  };

  const rules = tableRows(audit, 'Rules');
  count('rules', rules.length);
  const titles = new Map<string, string[]>();
  const titlesOf = (file: string) => {
    if (!titles.has(file)) titles.set(file, testTitles(read(file)));
    return titles.get(file)!;
  };
  rules.forEach((cells, i) => {
    const [n, rule, enforcing = '', tests = ''] = cells;
    const where = `rule ${n} (${(rule ?? '').slice(0, 50)}…)`;
    if (Number(n) !== i + 1) problems.push(`${where}: numbered ${n}, expected ${i + 1}`);
    const code = [...enforcing.matchAll(FILES)].map((m) => m[1]!);
    if (code.length === 0) problems.push(`${where}: no enforcing file`);
    for (const file of code) if (!exists(file)) problems.push(`${where}: the enforcing file ${file} does not exist`);
    const cited = [...tests.matchAll(CITATION)];
    if (cited.length === 0) problems.push(`${where}: no test cited`);
    for (const [, file, title] of cited) {
      if (!TEST_FILE.test(file!)) problems.push(`${where}: ${file} is not a test file`);
      else if (!exists(file!)) problems.push(`${where}: the test file ${file} does not exist`);
      else {
        const matching = titlesOf(file!).filter((t) => t.includes(title!));
        if (matching.length !== 1) problems.push(`${where}: ${file} has ${matching.length} tests titled "…${title}…", expected 1`);
      }
    }
  });

  const listed = tableRows(audit, 'Routes');
  count('routes', listed.length);
  const wanted = new Set(specs.flatMap(specRoutes).map(shape));
  const declared = new Map<string, string>();
  for (const [remote, { pages }] of Object.entries(routes)) for (const page of Object.keys(pages)) declared.set(shape(page), remote);
  const seen = new Set<string>();
  for (const [route = '', , screen = ''] of listed) {
    const key = shape(route);
    if (seen.has(key)) problems.push(`route ${route}: listed twice`);
    seen.add(key);
    if (!wanted.has(key)) problems.push(`route ${route}: not in the specs' route tables`);
    const files = [...screen.matchAll(FILES)].map((m) => m[1]!);
    const decision = files.find((f) => /^docs\/decisions\/\d{4}-.+\.md$/.test(f));
    if (files.length === 0) problems.push(`route ${route}: neither a screen nor a decision record`);
    for (const file of files) if (!exists(file)) problems.push(`route ${route}: ${file} does not exist`);
    if (decision) continue;
    const remote = declared.get(key);
    if (!remote) {
      // The spec's own "/404 and any unknown route" is every path no remote declares: the shell's page.
      if (route !== '/404') problems.push(`route ${route}: a screen, but not declared in frontends/shared/src/routes.json`);
      continue;
    }
    const app = `frontends/${remote}/src/App.tsx`;
    for (const file of files) {
      const module = `./${path.relative(path.dirname(app), file).replace(/\.tsx?$/, '')}`;
      if (file !== app && !read(app).includes(`'${module}'`)) problems.push(`route ${route}: ${app} does not draw ${file}`);
    }
  }
  for (const key of wanted) if (!seen.has(key)) problems.push(`route ${key}: in a spec's route table, missing from the audit`);
  return problems;
}

const real = (): Inputs => ({
  audit: fs.readFileSync(AUDIT, 'utf8'),
  specs: SPECS.map((s) => fs.readFileSync(path.join(SPEC, s), 'utf8')),
  routes: JSON.parse(fs.readFileSync(ROUTES, 'utf8')).remotes,
  exists: (file) => fs.existsSync(path.join(ROOT, file)),
  read: (file) => fs.readFileSync(path.join(ROOT, file), 'utf8'),
});

describe('docs/spec-audit.md', () => {
  it('traces every rule to existing code and an existing test, and every route of the specs to a screen or a decision', () => {
    expect(auditProblems(real())).toEqual([]);
  });

  it('reads the specs: 72 route-table entries, 71 routes (/viewuser is in both)', () => {
    const routes = real().specs.flatMap(specRoutes);
    expect(routes).toHaveLength(72);
    expect(new Set(routes.map(shape)).size).toBe(71);
    expect(routes).toEqual(expect.arrayContaining(['/courseview', '/freebies/{id}', '/signup/{refercode}', '/admin-instructor-settlement/{id}', '/404']));
  });

  it('reads test titles as jest does: each, templates and escapes; skipped tests are none', () => {
    const source = [
      "it('plain', () => {});",
      "test.each(['en', 'bn'] as const)('each %s', async () => {});",
      "it.each([['a', { x: 'n'.repeat(3) }]])('%s: nested (parens)', () => {});",
      'test(`${lng}: a template`, () => {});',
      "it('the voucher\\'s words', () => {});",
      "it.skip('skipped', () => {}); xit('old', () => {}); it.todo('later');",
    ].join('\n');
    expect(testTitles(source)).toEqual(['plain', 'each %s', '%s: nested (parens)', '${lng}: a template', "the voucher's words"]);
  });

  it('fails for a deleted test, a missing file, a route left out and a wrong count', () => {
    const inputs = real();
    const [first] = [...tableRows(inputs.audit, 'Rules')[0]![3]!.matchAll(CITATION)];
    const [, file, title] = first!;
    const without = { ...inputs, read: (f: string) => (f === file ? inputs.read(f).split(title!).join('renamed') : inputs.read(f)) };
    expect(auditProblems(without).join('\n')).toContain(`${file} has 0 tests titled "…${title}…"`);
    const gone = { ...inputs, exists: (f: string) => f !== file && inputs.exists(f) };
    expect(auditProblems(gone).join('\n')).toContain(`the test file ${file} does not exist`);
    const noCupon = { ...inputs, audit: inputs.audit.replace(/^\| \/cupon \|.*\n/m, '') };
    expect(auditProblems(noCupon)).toEqual(expect.arrayContaining(['route /cupon: in a spec\'s route table, missing from the audit']));
    const counted = { ...inputs, audit: inputs.audit.replace(/^rules (\d+)\/(\d+)/m, (_, a: string) => `rules ${Number(a) - 1}/${a}`) };
    expect(auditProblems(counted).join('\n')).toMatch(/"rules \d+\/\d+" but \d+ rows/);
  });
});
