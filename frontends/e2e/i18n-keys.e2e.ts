// Every translation key the code uses exists in both en and bn, and both files have the same
// keys (so every visible string has a real Bengali counterpart). No browser needed.
import fs from 'node:fs';
import path from 'node:path';
import { isRefusalKey } from '@taal/contracts';

const FRONTENDS = path.resolve(__dirname, '..');
const load = (lng: string) => JSON.parse(fs.readFileSync(path.join(FRONTENDS, 'shell', 'public', 'assets', 'locales', lng, 'translation.json'), 'utf8'));

function flatten(value: unknown, prefix = '', out = new Map<string, unknown>()): Map<string, unknown> {
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    for (const [k, v] of Object.entries(value)) flatten(v, prefix ? `${prefix}.${k}` : k, out);
  } else out.set(prefix, value);
  return out;
}

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === 'node_modules' || e.name === 'dist' ? [] : sources(p);
    return /\.tsx?$/.test(e.name) ? [p] : [];
  });
}

const en = flatten(load('en'));
const bn = flatten(load('bn'));

test('en and bn have the same keys, and the same shape for lists', () => {
  expect([...bn.keys()].sort()).toEqual([...en.keys()].sort());
  for (const [key, value] of en) {
    const other = bn.get(key);
    if (Array.isArray(value)) expect([key, Array.isArray(other) && other.length]).toEqual([key, value.length]);
    else expect([key, typeof other]).toEqual([key, 'string']);
  }
});

test('Bengali strings are really Bengali (not copies of the English ones)', () => {
  const bengali = /[\u0980-\u09FF]/;
  const notBengali = [...bn.entries()]
    .filter(([, v]) => typeof v === 'string')
    .filter(([k, v]) => !bengali.test(v as string) && !/^(common\.bdt)$/.test(k) && (v as string).replace(/\{\{[^}]+\}\}/g, '').trim() !== '')
    .map(([k]) => k);
  expect(notBengali).toEqual([]);
});

test('every literal key passed to t() exists in both languages', () => {
  const used = new Set<string>();
  for (const file of ['shell', 'storefront', 'panel', 'admin', 'shared'].flatMap((app) => sources(path.join(FRONTENDS, app, 'src')))) {
    const text = fs.readFileSync(file, 'utf8');
    for (const m of text.matchAll(/\bt\(\s*'([a-zA-Z0-9_.]+)'/g)) used.add(m[1]!);
  }
  expect(used.size).toBeGreaterThan(50);
  const has = (map: Map<string, unknown>, key: string) => map.has(key) || map.has(`${key}_one`) || [...map.keys()].some((k) => k.startsWith(`${key}.`));
  expect([...used].filter((k) => !has(en, k))).toEqual([]);
  expect([...used].filter((k) => !has(bn, k))).toEqual([]);
});

test('key-like string literals (messages kept as keys and translated later) exist in both languages', () => {
  const namespaces = new Set([...en.keys()].map((k) => k.split('.')[0]));
  const used = new Set<string>();
  for (const file of ['shell', 'storefront', 'panel', 'admin', 'shared'].flatMap((app) => sources(path.join(FRONTENDS, app, 'src')))) {
    const text = fs.readFileSync(file, 'utf8');
    for (const m of text.matchAll(/'([a-zA-Z]+(?:\.[a-zA-Z0-9_]+)+)'/g)) if (namespaces.has(m[1]!.split('.')[0]!)) used.add(m[1]!);
  }
  expect(used.size).toBeGreaterThan(20);
  const has = (map: Map<string, unknown>, key: string) => map.has(key) || map.has(`${key}_one`) || [...map.keys()].some((k) => k.startsWith(`${key}.`));
  expect([...used].filter((k) => !has(en, k))).toEqual([]);
  expect([...used].filter((k) => !has(bn, k))).toEqual([]);
});

test('every refusal key a screen names is in the refusal catalogue (the `refusals` namespace)', () => {
  const used = new Set<string>();
  for (const file of ['shell', 'storefront', 'panel', 'admin', 'shared'].flatMap((app) => sources(path.join(FRONTENDS, app, 'src')))) {
    const text = fs.readFileSync(file, 'utf8');
    for (const m of text.matchAll(/'refusals:([A-Z][A-Z0-9_]*)'/g)) used.add(m[1]!);
    for (const m of text.matchAll(/hasReason\(err(?:or)?,\s*((?:'[A-Z][A-Z0-9_]*',?\s*)+)\)/g)) for (const k of m[1]!.matchAll(/'([A-Z][A-Z0-9_]*)'/g)) used.add(k[1]!);
  }
  expect(used.size).toBeGreaterThan(10);
  expect([...used].filter((key) => !isRefusalKey(key))).toEqual([]);
});
