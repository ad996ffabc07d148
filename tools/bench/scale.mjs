#!/usr/bin/env node
/**
 * The scale benchmark (issue 51 item 5): the p50 and p99 of every screen's API reads at demo size and
 * at full size in one run, their ratio, and each answer's size.
 *
 *   source ~/.cache/taal/infra/env.sh
 *   npm run seed:scale                      # once: the full size into DATABASE_URL and MONGODB_URL
 *   npm run bench:scale [-- --users N --courses N --orders N] [--samples 40] [--all-in-one DIR] [--skip-demo] [--skip-full] [--only REGEX]
 *
 * The reads are the plan test's (tools/scale/routes.ts): every GET route of the OpenAPI document as
 * the callers it serves (a visitor, the admin, a seeded instructor and a seeded student with data of
 * every kind), each paged list's sorts and filters, with the seeded ids of the size; those answering
 * 2xx are measured, one request at a time (what one user waits for), `--samples` times after two
 * warm-ups. The gateway's fair-use limits are lifted (one address sends thousands of reads).
 *
 * - **Demo size**: a fresh cluster on its own database, seeded in this run by the same seed at
 *   1,000 users, 100 courses and 2,000 orders (`--demo-users`, …), so the same routes and ids answer
 *   as at full size; dropped after.
 * - **Full size**: a cluster on DATABASE_URL / MONGODB_URL (or --database-url / --mongodb-url), seeded
 *   before by `npm run seed:scale` at `--users/--courses/--orders` (defaults: the seed's full size),
 *   kept. The seed's own record of that database (its size and time, ~/.cache/taal/scale/seed-<database>.json) is printed.
 * - **All-in-one** (`--all-in-one DIR`): an all-in-one data folder seeded by
 *   `npm run seed:scale -- --embedded DIR` (by default a tenth of full size), copied, run as `npm start`
 *   runs it; the same reads, and its RSS.
 *
 * - **`--only REGEX`**: only the reads whose label (`visitor    /search?q=guitar`, as the tables print it)
 *   matches the regular expression, e.g. `--only 'search|/order/page'`: a quick before and after of a few reads.
 *
 * Aims (issue 51): every read's p99 ≤ 100 ms, full-size p99 ≤ 2× demo-size p99 (a demo p99 under 5 ms
 * counted as 5 ms: below it is the machine's noise), no answer over 256 KB.
 * Prints a table per size and one JSON object; a missed aim is reported (exit 0); a read that answers
 * 2xx at one size and not at the other, or a mode that cannot start, exits 1.
 */
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { allInOneCommand, rssMb } from '../lib/all-in-one.mjs';
import { freePort } from '../lib/free-port.mjs';
import { seedRecordFile, seedScale } from '../scale/seed.mjs';

const require = createRequire(import.meta.url);
require('../lib/ts-require.cjs');
const { startTestCluster } = require('../testing/cluster.ts');
const { createTestDatabase } = require('../testing/backends.ts');
const { gatewayApi } = require('../testing/gateway-api.ts');
const { routeCalls } = require('../scale/routes.ts');

const { values } = parseArgs({
  options: {
    users: { type: 'string', default: '1000000' },
    courses: { type: 'string', default: '100000' },
    orders: { type: 'string', default: '10000000' },
    instructors: { type: 'string' },
    'demo-users': { type: 'string', default: '1000' },
    'demo-courses': { type: 'string', default: '100' },
    'demo-orders': { type: 'string', default: '2000' },
    samples: { type: 'string', default: '40' },
    'database-url': { type: 'string' },
    'mongodb-url': { type: 'string' },
    'all-in-one': { type: 'string' },
    'aio-users': { type: 'string', default: '100000' },
    'aio-courses': { type: 'string', default: '10000' },
    'aio-orders': { type: 'string', default: '1000000' },
    'skip-full': { type: 'boolean', default: false },
    'skip-demo': { type: 'boolean', default: false },
    only: { type: 'string' },
  },
});
const num = (v) => Number(String(v).replace(/_/g, ''));
const sizeOf = (prefix) => ({
  users: num(values[`${prefix}users`]),
  courses: num(values[`${prefix}courses`]),
  orders: num(values[`${prefix}orders`]),
  ...(prefix === '' && values.instructors ? { instructors: num(values.instructors) } : {}),
});
const samples = num(values.samples);
const only = values.only ? new RegExp(values.only) : null;
const AIM = { p99Ms: 100, ratio: 2, bytes: 256 * 1024 };
/**
 * A demo-size p99 below this is compared as this: a read of 1 ms at demo size and 3 ms at full size has
 * not grown with the data, it met a busy core (2 cores, other work beside: a scheduler's slice is ms).
 */
const NOISE_FLOOR_MS = 5;
// One address and one user send thousands of reads: the edge's fair-use limits are lifted (as the plan test does).
const UNLIMITED = {
  SEARCH_MAX_PER_ADDRESS: '1000000', PUBLIC_READS_MAX_PER_ADDRESS: '1000000', DOCUMENTS_MAX_PER_USER: '1000000', PUBLIC_READS_REFUSAL_DELAY_MS: '0',
  CHECKEMAIL_MAX_PER_EMAIL: '100000', CHECKEMAIL_MAX_PER_ADDRESS: '100000', LOG_LEVEL: 'warn',
};

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
const ms = (t0) => Number(process.hrtime.bigint() - t0) / 1e6;

/** One read, timed to its last byte; answers status, bytes and milliseconds. */
async function timedGet(base, call) {
  const t0 = process.hrtime.bigint();
  const res = await fetch(`${base}/api/v1${call.path}`, { headers: call.token ? { authorization: `Bearer ${call.token}` } : {} });
  const body = await res.arrayBuffer();
  return { status: res.status, bytes: body.byteLength, ms: ms(t0) };
}

/** Every read the size's callers are served, measured: key → { p50, p99, bytes, status }. */
async function measure(label, base, size, sampleRss) {
  const api = gatewayApi(() => base);
  const calls = (await routeCalls(api, base, size)).filter((c) => c.own);
  const results = new Map();
  let rssPeak = 0;
  for (const call of calls) {
    // The route with the size's own ids and numbers named, so each read meets itself at the other size.
    const key = `${call.who.padEnd(10)} ${call.route.replace(/[0-9a-f]5ca1e00-0000-4000-8000-[0-9a-f]{12}/g, '{id}').replace(/(student|instructor)\d+@/g, '$1{n}@')}`;
    if (only && !only.test(key)) continue;
    const first = await timedGet(base, call);
    if (first.status < 200 || first.status > 299) {
      results.set(key, { status: first.status });
      continue;
    }
    await timedGet(base, call);
    const times = [];
    let bytes = first.bytes;
    for (let i = 0; i < samples; i++) {
      const r = await timedGet(base, call);
      times.push(r.ms);
      bytes = Math.max(bytes, r.bytes);
    }
    times.sort((a, b) => a - b);
    results.set(key, { status: first.status, p50: percentile(times, 50), p99: percentile(times, 99), bytes });
    if (sampleRss) rssPeak = Math.max(rssPeak, sampleRss());
  }
  const answered = [...results.values()].filter((r) => r.p99 !== undefined).length;
  console.log(`${label}: ${answered} reads answered 2xx of ${results.size} measured`);
  return { results, rssPeak };
}

function seedRecord() {
  const databaseUrl = values['database-url'] ?? process.env.DATABASE_URL;
  if (!databaseUrl) return null;
  const file = seedRecordFile(databaseUrl);
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null;
}

async function demoSize() {
  const database = await createTestDatabase();
  const cluster = await startTestCluster(UNLIMITED, { database });
  try {
    const t = Date.now();
    await seedScale({ databaseUrl: cluster.databaseUrl, documentsUrl: cluster.documentsUrl, ferretdbDatabaseUrl: process.env.FERRETDB_DATABASE_URL, size: sizeOf('demo-'), log: () => {} });
    const seedSeconds = (Date.now() - t) / 1000;
    return { seedSeconds, ...(await measure('demo size', cluster.base, sizeOf('demo-'))) };
  } finally {
    await cluster.stop();
  }
}

async function fullSize() {
  const databaseUrl = values['database-url'] ?? process.env.DATABASE_URL;
  const documentsUrl = values['mongodb-url'] ?? process.env.MONGODB_URL;
  if (!databaseUrl || !documentsUrl) throw new Error('DATABASE_URL and MONGODB_URL are not set: source ~/.cache/taal/infra/env.sh');
  const cluster = await startTestCluster(UNLIMITED, { database: { url: databaseUrl, drop: async () => {} }, documentsUrl, keepDocuments: true });
  try {
    return await measure('full size', cluster.base, sizeOf(''));
  } finally {
    await cluster.stop();
  }
}

/** The all-in-one on a copy of a seeded data folder, as `npm start` runs it: the reads and its RSS. */
async function allInOne(seeded) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'taal-scale-aio-'));
  cpSync(seeded, dataDir, { recursive: true });
  const port = await freePort();
  const command = allInOneCommand();
  const child = spawn(process.execPath, command.args, {
    env: { ...process.env, ...command.env, ...UNLIMITED, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  const rss = () => rssMb(child.pid);
  try {
    const until = Date.now() + 300_000;
    while ((await fetch(`${base}/healthz`).catch(() => null))?.status !== 200) {
      if (child.exitCode !== null || Date.now() > until) throw new Error('the all-in-one did not become healthy');
      await new Promise((r) => setTimeout(r, 500));
    }
    return await measure('all-in-one', base, sizeOf('aio-'), rss);
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => (child.exitCode === null ? child.once('exit', r) : r()));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const kb = (b) => (b / 1024).toFixed(1);
function table(title, rows, columns) {
  console.log(`\n${title}\n| read | ${columns.join(' | ')} |\n|---|${columns.map(() => '---:').join('|')}|`);
  for (const row of rows) console.log(`| ${row[0]} | ${row.slice(1).join(' | ')} |`);
}

async function main() {
  const report = { aim: { ...AIM, noiseFloorMs: NOISE_FLOOR_MS }, samples, seed: seedRecord(), sizes: { demo: sizeOf('demo-'), full: sizeOf('') } };
  // --skip-demo --skip-full --all-in-one DIR: the all-in-one's reads alone (its aim is absolute).
  const demo = values['skip-demo'] ? { results: new Map(), seedSeconds: null } : await demoSize();
  const full = values['skip-full'] ? null : await fullSize();
  const missed = [];
  let failed = false;
  const rows = [];
  for (const [key, d] of demo.results) {
    const f = full?.results.get(key);
    if (d.p99 === undefined) continue;
    if (full && f?.p99 === undefined) {
      failed = true;
      missed.push(`${key}: ${d.status} at demo size, ${f?.status ?? 'not called'} at full size`);
      continue;
    }
    const ratio = f ? f.p99 / Math.max(d.p99, NOISE_FLOOR_MS) : null;
    if (f && f.p99 > AIM.p99Ms) missed.push(`${key}: p99 ${f.p99.toFixed(1)} ms at full size`);
    if (f && ratio > AIM.ratio) missed.push(`${key}: p99 ${ratio.toFixed(2)}× demo size`);
    if (Math.max(d.bytes, f?.bytes ?? 0) > AIM.bytes) missed.push(`${key}: answers ${kb(Math.max(d.bytes, f?.bytes ?? 0))} KB`);
    rows.push([key.trim(), d.p50.toFixed(1), d.p99.toFixed(1), f ? f.p50.toFixed(1) : '', f ? f.p99.toFixed(1) : '', ratio === null ? '' : ratio.toFixed(2), kb(Math.max(d.bytes, f?.bytes ?? 0))]);
  }
  rows.sort((a, b) => Number(b[4] || b[2]) - Number(a[4] || a[2]));
  table(`Reads, one at a time, ${samples} samples each (ms; worst full-size p99 first)`, rows, ['demo p50', 'demo p99', 'full p50', 'full p99', 'p99 ratio', 'answer KB']);
  const worst = (results) => Math.max(...[...results.values()].filter((r) => r.p99 !== undefined).map((r) => r.p99));
  if (!values['skip-demo']) report.demo = { seedSeconds: demo.seedSeconds, reads: rows.length, worstP99: worst(demo.results) };
  if (full) report.full = { worstP99: worst(full.results), worstRatio: Math.max(...rows.map((r) => Number(r[5]) || 0)), biggestKB: Math.max(...rows.map((r) => Number(r[6]))) };
  if (values['all-in-one']) {
    const aio = await allInOne(path.resolve(values['all-in-one']));
    const aioRows = [...aio.results].filter(([, r]) => r.p99 !== undefined).map(([k, r]) => [k.trim(), r.p50.toFixed(1), r.p99.toFixed(1), kb(r.bytes)]);
    aioRows.sort((a, b) => Number(b[2]) - Number(a[2]));
    table(`All-in-one at ${JSON.stringify(sizeOf('aio-'))} (ms)`, aioRows, ['p50', 'p99', 'answer KB']);
    for (const [k, , p99] of aioRows) if (Number(p99) > AIM.p99Ms) missed.push(`all-in-one ${k}: p99 ${p99} ms`);
    report.allInOne = { size: sizeOf('aio-'), reads: aioRows.length, worstP99: Number(aioRows[0]?.[2] ?? 0), rssPeakMb: Math.round(aio.rssPeak) };
  }
  report.missed = missed;
  report.met = missed.length === 0;
  console.log(`\n${JSON.stringify(report, null, 2)}`);
  if (failed) process.exitCode = 1;
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
