#!/usr/bin/env node
/**
 * Soak of the all-in-one (issue 23): a fixed mix of visitor, student, instructor and admin
 * requests (one card or wallet checkout in every cycle, reads otherwise) from a few clients for
 * --minutes, reporting per minute the requests per second, p99 latency and the process's RSS.
 * RSS is sampled every 5 s and each minute reports its highest sample (a single sample a minute
 * read wherever the collector's sawtooth happened to be, ±20 MB). After --warmup-minutes (default 1,
 * or a fifth of a longer run), RSS must stay flat: no later minute's peak 10% or more above the
 * warm-up's last minute's peak. Any 500 or failed request
 * (a network error, an unexpected refusal) fails the run too; a 503/504 (busy: a deadline passed on a
 * starved machine) is counted per minute as `busy`. RSS above --budget-mb (450) in any minute fails it.
 * The all-in-one runs as `npm start` runs it (tools/lib/all-in-one.mjs: its heap ceiling and arenas).
 *
 * Usage: node tools/bench/soak.mjs [--minutes 2] [--warmup-minutes N] [--clients 6] [--budget-mb 450] [--data-dir SEEDED]
 * Prints one JSON line per minute, then a summary; exits 1 when RSS grew or a request failed.
 */
import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { allInOneCommand, rssMb } from '../lib/all-in-one.mjs';
import { freePort } from '../lib/free-port.mjs';
import marketplace from '../lib/marketplace.cjs';

const { api, cardCheckout, creditWallet, demoAccounts, keepSignedIn, paidCourses, signUpStudents, walletCheckout } = marketplace;
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const minutes = arg('minutes', 2);
const warmupMinutes = arg('warmup-minutes', Math.max(1, Math.floor(minutes / 5)));
const clients = arg('clients', 6);
const MAX_GROWTH = 0.1;
// The all-in-one's resident memory under this mix, every minute warm-up included (issue 40: a small
// server of 1 GB; decision 0044).
const budgetMb = arg('budget-mb', 450);

async function waitHealthy(base, child, timeoutMs = 120_000) {
  const until = Date.now() + timeoutMs;
  while ((await fetch(`${base}/healthz`).catch(() => null))?.status !== 200) {
    if (child.exitCode !== null) throw new Error(`the all-in-one exited with ${child.exitCode}`);
    if (Date.now() > until) throw new Error(`${base}/healthz did not answer 200 within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'taal-soak-'));
// --data-dir DIR: soak a copy of a seeded data folder (npm run seed:scale -- --embedded DIR: issue 51's
// all-in-one at a tenth of full size) instead of the demo's.
const seededDir = (() => {
  const i = process.argv.indexOf('--data-dir');
  return i > 0 ? path.resolve(process.argv[i + 1]) : '';
})();
if (seededDir) cpSync(seededDir, dataDir, { recursive: true });
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const command = allInOneCommand();
const child = spawn(process.execPath, command.args, {
  cwd: root,
  // Every client of the mix is this one address: its limits per address are raised (decision 0038's public reads too).
  env: { ...process.env, ...command.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', SIGNUP_MAX_PER_ADDRESS: '100000', SIGNUP_MAX_PER_DOMAIN: '100000', PUBLIC_READS_MAX_PER_ADDRESS: '100000', SEARCH_MAX_PER_ADDRESS: '100000' },
  stdio: ['ignore', 'ignore', 'inherit'],
});
// Stopped early (Ctrl-C): take the all-in-one and its data along.
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    child.once('exit', () => {
      rmSync(dataDir, { recursive: true, force: true });
      process.exit(1);
    });
    child.kill('SIGTERM');
  });
}
let exitCode = 1;
/** The highest RSS sampled in each minute of load, and how many minutes have been reported. */
const peakRss = [];
let minutesReported = 0;
let sampler;
let reporter;
try {
  await waitHealthy(base, child);
  const { admin, instructor } = await demoAccounts(base);
  const students = await signUpStudents(base, admin.token, clients);
  const courses = await paidCourses(base);
  keepSignedIn(base, () => [admin, instructor, ...students]);
  const { call } = api(base);
  const day = (offsetDays) => {
    const d = new Date(Date.now() + offsetDays * 86_400_000);
    return `${d.getUTCDate()}-${d.getUTCMonth() + 1}-${d.getUTCFullYear()}`;
  };
  const course = courses[0];

  /**
   * Client i's purchase. Once its student owns every course (a copy is refused with
   * COURSE_ALREADY_OWNED, decision 0027), a new student signs up and takes its place.
   */
  const purchase = async (i, course, byCard) => {
    const s = students[i];
    try {
      if (byCard) await cardCheckout(base, s, course);
      else {
        await creditWallet(base, admin.token, s.id, course.price);
        await walletCheckout(base, s, course);
      }
    } catch (err) {
      if (err.body?.reason !== 'COURSE_ALREADY_OWNED') throw err;
      [students[i]] = await signUpStudents(base, admin.token, 1);
    }
    return { status: 200 };
  };

  /** One cycle of the fixed mix, as client `i` (student i). */
  const cycle = (i, n) => {
    const s = students[i];
    const buy = courses[(i + n) % courses.length];
    return [
      // visitor
      () => call('GET', '/course/'),
      () => call('GET', `/course/${course.id}/`),
      () => call('GET', '/store/product/'),
      () => call('GET', '/freebies/'),
      // student
      () => call('GET', `/wallet/${s.id}`, undefined, s.token),
      () => call('GET', `/classroom/${s.id}`, undefined, s.token),
      () => call('GET', `/order/${s.id}`, undefined, s.token),
      () => call('GET', '/user/me', undefined, s.token),
      // a purchase, alternating card and wallet (the wallet is credited by the admin first)
      () => purchase(i, buy, n % 2 === 0),
      // instructor
      () => call('GET', `/instructor/earnings/${instructor.profile}`, undefined, instructor.token),
      () => call('GET', `/analytics/instructor/${instructor.profile}/${day(-30)}/${day(1)}`, undefined, instructor.token),
      // admin
      () => call('GET', `/analytics/paid-orders/${new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10)}/${new Date().toISOString().slice(0, 10)}`, undefined, admin.token),
      () => call('GET', '/cart/cupon/list', undefined, admin.token),
      () => call('GET', '/store/gift-card/', undefined, admin.token),
    ];
  };

  const started = Date.now();
  const until = started + minutes * 60_000;
  const perMinute = Array.from({ length: minutes }, () => ({ requests: 0, busy: 0, failures: [], latencies: [] }));
  const minuteLine = (i) => {
    const m = perMinute[i];
    const sorted = [...m.latencies].sort((a, b) => a - b);
    return {
      minute: i + 1,
      requestsPerSecond: Number((m.requests / 60).toFixed(1)),
      p99Ms: Math.round(sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.99))] ?? 0),
      rssMb: Math.round(peakRss[i]),
      busy: m.busy,
      failures: m.failures.length,
      ...(m.failures.length ? { firstFailure: m.failures[0] } : {}),
    };
  };
  const sample = () => {
    const i = Math.min(minutes - 1, Math.floor((Date.now() - started) / 60_000));
    peakRss[i] = Math.max(peakRss[i] ?? 0, rssMb(child.pid));
  };
  sampler = setInterval(sample, 5_000);
  reporter = setInterval(() => {
    if (minutesReported >= minutes) return;
    console.log(JSON.stringify(minuteLine(minutesReported++)));
  }, 60_000);
  await Promise.all(
    students.map(async (_, i) => {
      for (let n = 0; Date.now() < until; n++) {
        for (const step of cycle(i, n)) {
          if (Date.now() >= until) break;
          const t0 = performance.now();
          let failure = null;
          let status;
          try {
            status = (await step()).status;
            if (status >= 500) failure = `${status}`;
          } catch (err) {
            status = err.status;
            failure = err instanceof Error ? err.message : String(err);
          }
          const bucket = perMinute[Math.min(minutes - 1, Math.floor((Date.now() - started) / 60_000))];
          bucket.requests++;
          bucket.latencies.push(performance.now() - t0);
          // 503/504: the stack said "busy, try again" (a deadline on a starved machine): counted, not failed.
          if (status === 503 || status === 504) bucket.busy++;
          else if (failure) bucket.failures.push(failure);
        }
      }
    }),
  );
  // The last minute's report may be a moment behind the loop's end.
  while (minutesReported < minutes) await new Promise((r) => setTimeout(r, 200));
  const report = perMinute.map((_, i) => minuteLine(i));
  const warm = report[Math.min(warmupMinutes, minutes) - 1].rssMb;
  const after = report.slice(warmupMinutes);
  const highest = Math.max(warm, ...after.map((m) => m.rssMb));
  const growth = (highest - warm) / warm;
  const failures = report.reduce((n, m) => n + m.failures, 0);
  const highestMb = Math.max(...report.map((m) => m.rssMb));
  const ok = growth < MAX_GROWTH && highestMb <= budgetMb && failures === 0 && after.length > 0;
  console.log(JSON.stringify({ minutes, warmupMinutes, clients, rssAfterWarmupMb: warm, highestRssAfterWarmupMb: highest, growthPercent: Number((growth * 100).toFixed(1)), highestRssMb: highestMb, budgetMb, failures, ok }));
  exitCode = ok ? 0 : 1;
} catch (err) {
  console.error(err);
} finally {
  clearInterval(sampler);
  clearInterval(reporter);
  child.kill('SIGTERM');
  await new Promise((r) => (child.exitCode === null ? child.once('exit', r) : r()));
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(exitCode);
