#!/usr/bin/env node
/**
 * First content on a slow link: headless Chromium (Debian's /usr/bin/chromium via playwright-core)
 * with DevTools' Network.emulateNetworkConditions at 1.6 Mbit/s down, 750 kbit/s up and 150 ms
 * latency, cache disabled (a first visit), against the real all-in-one. For the landing page,
 * /allcourses and the admin dashboard (as the demo admin) it reports, as the median of --runs:
 * - fcp: the browser's first-contentful-paint;
 * - content: when the route's own content is drawn (the page's remote filled, no loading state);
 * - js: the JavaScript bytes the visit transferred.
 * --save writes the figures as JSON; --compare <file> prints each figure against that earlier run
 * (after / before). It asserts nothing: timings depend on the machine; compare runs of one machine.
 *
 * Usage: node tools/bench/first-content.mjs [--url http://127.0.0.1:8080] [--runs 3] [--save f.json] [--compare before.json]
 * Without --url it starts `packages/launcher/dist/all-in-one.js` itself; it needs `npm run build` first.
 */
/* global localStorage, document -- these callbacks run in the page */
import { readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { chromium } from 'playwright-core';
import { startAllInOne } from '../lib/all-in-one.mjs';

const argValue = (name) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const RUNS = Number(argValue('runs') ?? 3);
/** 1.6 Mbit/s down, 750 kbit/s up (DevTools' "Slow 4G"-like up link), 150 ms round trip. */
const SLOW_LINK = { offline: false, latency: 150, downloadThroughput: (1.6e6 / 8) | 0, uploadThroughput: (750e3 / 8) | 0 };
const ADMIN = { email: 'admin@taal.local', password: 'admin123' };
const PAGES = [
  { name: 'landing', path: '/', as: null },
  { name: 'allcourses', path: '/allcourses', as: null },
  { name: 'admin dashboard', path: '/admin', as: ADMIN },
];


async function login(url, account) {
  const res = await fetch(`${url}/api/v1/user/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(account) });
  const body = await res.json();
  if (!body.success) throw new Error(`login as ${account.email} failed: ${body.message}`);
  return body.data;
}

/** One cold visit of `page` on the slow link: { fcp, content, js } (ms, ms, bytes). */
async function visit(browser, url, page) {
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  try {
    const tab = await context.newPage();
    if (page.as) {
      const s = await login(url, page.as);
      await tab.goto(`${url}/404-warm-up`);
      await tab.evaluate((x) => {
        localStorage.setItem('token', x.token);
        localStorage.setItem('refreshToken', x.refreshToken);
        localStorage.setItem('type', String(x.type));
        localStorage.setItem('user', JSON.stringify(x.user));
        localStorage.setItem('login', 'true');
      }, s);
    }
    const cdp = await context.newCDPSession(tab);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Network.emulateNetworkConditions', SLOW_LINK);
    let js = 0;
    /** requestId → { url, type, start, end, bytes } (DevTools' monotonic seconds). */
    const requests = new Map();
    cdp.on('Network.requestWillBeSent', (e) => {
      if (!e.request.url.startsWith('data:')) requests.set(e.requestId, { url: e.request.url, type: e.type ?? '', start: e.timestamp, end: null, bytes: 0 });
    });
    cdp.on('Network.responseReceived', (e) => {
      const r = requests.get(e.requestId);
      if (r) r.type = e.type;
    });
    cdp.on('Network.loadingFinished', (e) => {
      const r = requests.get(e.requestId);
      if (!r) return;
      r.end = e.timestamp;
      r.bytes = e.encodedDataLength;
      if (r.type === 'Script') js += e.encodedDataLength;
    });
    await tab.goto(`${url}${page.path}`, { waitUntil: 'commit' });
    await tab.waitForFunction(
      () => {
        const slot = document.querySelector('section.remote-slot:not([hidden]) > div[id^="remote-"]');
        return !!slot && slot.childElementCount > 0 && !document.querySelector('main .page-loading, main [aria-busy="true"], main .spinner');
      },
      undefined,
      { timeout: 60_000, polling: 50 },
    );
    const content = await tab.evaluate(() => performance.now());
    const fcp = await tab.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN);
    // The requests finished before the content showed, in page time (ms since navigation start):
    // DevTools stamps them in seconds of its own clock, whose zero the document request gives.
    const all = [...requests.values()];
    const doc = all.find((r) => r.type === 'Document');
    const t0 = doc ? doc.start * 1000 : 0;
    const origin = new URL(url).origin;
    const waterfall = all
      .filter((r) => r.end !== null && r.end * 1000 - t0 <= content)
      .sort((a, b) => a.start - b.start)
      .map((r) => ({ url: r.url.startsWith(origin) ? r.url.slice(origin.length) : r.url, type: r.type, start: r.start * 1000 - t0, end: r.end * 1000 - t0, bytes: r.bytes }));
    const late = all.filter((r) => r.end === null || r.end * 1000 - t0 > content).length;
    return { fcp, content, js, waterfall, late };
  } finally {
    await context.close();
  }
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
/** The issue-28 target for the public pages: content in under 2 s at this throttle. */
const TARGET_MS = 2000;
const TARGET_PAGES = new Set(['landing', 'allcourses']);
const s = (ms) => `${(ms / 1000).toFixed(2)} s`;
const kb = (bytes) => `${(bytes / 1000).toFixed(1)} KB`;

/** The requests the median run finished before its content showed: start → end, bytes on the wire. */
function printWaterfall(name, run) {
  const bytes = run.waterfall.reduce((n, r) => n + r.bytes, 0);
  console.log(`\n${name}: ${run.waterfall.length} requests, ${kb(bytes)} before content at ${s(run.content)} (${run.late} more after)`);
  for (const r of run.waterfall) {
    console.log(`  ${String(Math.round(r.start)).padStart(5)} → ${String(Math.round(r.end)).padStart(5)} ms ${kb(r.bytes).padStart(9)}  ${r.type.padEnd(10)} ${r.url}`);
  }
}

async function main() {
  const given = argValue('url');
  const server = given ? { url: given.replace(/\/$/, ''), stop: async () => {} } : await startAllInOne('first-content');
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  const load = [os.loadavg()[0]];
  const results = {};
  const medianRuns = {};
  try {
    for (const page of PAGES) {
      const runs = [];
      for (let i = 0; i < RUNS; i++) runs.push(await visit(browser, server.url, page));
      results[page.name] = {
        fcp: median(runs.map((r) => r.fcp)),
        content: median(runs.map((r) => r.content)),
        js: median(runs.map((r) => r.js)),
        contentRuns: runs.map((r) => Math.round(r.content)),
      };
      medianRuns[page.name] = [...runs].sort((a, b) => a.content - b.content)[Math.floor(runs.length / 2)];
      load.push(os.loadavg()[0]);
    }
  } finally {
    await browser.close();
    await server.stop();
  }
  const before = argValue('compare') ? JSON.parse(readFileSync(argValue('compare'), 'utf8')) : null;
  const ratio = (now, then) => (then ? ` (before ${s(then)})` : '');
  if (!process.argv.includes('--quiet')) for (const [name, run] of Object.entries(medianRuns)) printWaterfall(name, run);
  console.log(`\nfirst content at 1.6 Mbit/s, 150 ms latency, cold cache; median of ${RUNS}; load average ${load.map((l) => l.toFixed(2)).join(' → ')} on ${os.cpus().length} cores`);
  console.log(`target (issue 28): content under ${s(TARGET_MS)} for ${[...TARGET_PAGES].join(' and ')}`);
  for (const [name, r] of Object.entries(results)) {
    const b = before?.pages?.[name];
    const verdict = TARGET_PAGES.has(name) ? (r.content < TARGET_MS ? '  under target' : '  OVER target') : '';
    console.log(
      `${name.padEnd(16)} fcp ${s(r.fcp)}${ratio(r.fcp, b?.fcp)}  content ${s(r.content)}${ratio(r.content, b?.content)} [runs ${r.contentRuns.join(', ')} ms]  js ${kb(r.js)}${b?.js ? ` (before ${kb(b.js)})` : ''}${verdict}`,
    );
  }
  const file = argValue('save');
  if (file) writeFileSync(file, `${JSON.stringify({ link: SLOW_LINK, runs: RUNS, load, pages: results }, null, 2)}\n`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
