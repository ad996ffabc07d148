#!/usr/bin/env node
/**
 * First content on a slow link: headless Chromium (Debian's /usr/bin/chromium via playwright-core)
 * with DevTools' Network.emulateNetworkConditions at 1.6 Mbit/s down, 750 kbit/s up and 150 ms
 * latency, cache disabled (a first visit), against the real all-in-one. For the landing page and
 * /allcourses (in English, and in Bengali) and the admin dashboard (as the demo admin) it
 * reports, as the median of --runs:
 * - fcp: the browser's first-contentful-paint;
 * - first: when the page's content is first on screen: the first paint of a page that came with
 *   the server's picture of its first screen (decision 0070), else the app's content; the target of
 *   issue 55 is 1.2 s for the landing page, /allcourses and a course page, in English and Bengali;
 * - content: when the app's own content is drawn (the page's remote filled and visible, no loading
 *   state), which then replaces the picture;
 * - js: the JavaScript bytes transferred before the content.
 * Before the table it prints each page's waterfall (the median run's requests finished before
 * the content: start → end in ms since the page was asked for, bytes on the wire) and what the
 * page fetched twice or preloaded without using, once settled.
 * Timings depend on the machine and on what else runs (the load average is printed), so compare
 * figures measured together: given several `--url label=http://…` (e.g. `before=` a build of the
 * earlier commit started on another port, `after=` this one), it visits them in turn and prints
 * each figure beside the first one's. --save writes the (last server's) figures as JSON;
 * --compare <file> prints each figure beside that earlier run's instead. It asserts nothing.
 *
 * Usage: node tools/bench/first-content.mjs [--url [label=]http://127.0.0.1:8080 …] [--runs 3] [--save f.json] [--compare before.json] [--pages landing,allcourses] [--quiet]
 * Without --url it starts `packages/launcher/dist/all-in-one.js` itself; it needs `npm run build` first.
 */
/* global localStorage, document, requestAnimationFrame -- these callbacks run in the page */
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
  { name: 'courseview', path: '/courseview?id=', as: null },
  // In Bengali (the language cookie a visitor's earlier choice left): the page waits for the font.
  { name: 'landing (bn)', path: '/', as: null, lng: 'bn' },
  { name: 'allcourses (bn)', path: '/allcourses', as: null, lng: 'bn' },
  { name: 'courseview (bn)', path: '/courseview?id=', as: null, lng: 'bn' },
  { name: 'admin dashboard', path: '/admin', as: ADMIN },
];


async function login(url, account) {
  const res = await fetch(`${url}/api/v1/user/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(account) });
  const body = await res.json();
  if (!body.success) throw new Error(`login as ${account.email} failed: ${body.message}`);
  return body.data;
}

/** The path of a page to visit: a course page shows the newest published course. */
async function pathOf(url, page) {
  if (!page.path.endsWith('?id=')) return page.path;
  const courses = (await (await fetch(`${url}/api/v1/course/`)).json()).data;
  return `${page.path}${courses[0]._id}`;
}

/** One cold visit of `page` on the slow link: { fcp, first, content, js } (ms, ms, ms, bytes). */
async function visit(browser, url, page) {
  const path = await pathOf(url, page);
  // Whether the server drew the page's first screen into its HTML (then its first paint shows the content).
  const drawn = (await (await fetch(`${url}${path}`, { headers: { Cookie: `i18next=${page.lng ?? 'en'}` } })).text()).includes('<div id="first-screen"');
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  try {
    if (page.lng) await context.addCookies([{ name: 'i18next', value: page.lng, url }]);
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
    /** requestId → { url, type, start, end, bytes } (DevTools' monotonic seconds). */
    const requests = new Map();
    let lastEvent = Date.now();
    cdp.on('Network.loadingFailed', (e) => {
      const r = requests.get(e.requestId);
      if (r) r.end = e.timestamp;
      lastEvent = Date.now();
    });
    cdp.on('Network.requestWillBeSent', (e) => {
      lastEvent = Date.now();
      if (!e.request.url.startsWith('data:')) requests.set(e.requestId, { url: e.request.url, type: e.type ?? '', start: e.timestamp, end: null, bytes: 0 });
    });
    cdp.on('Network.responseReceived', (e) => {
      const r = requests.get(e.requestId);
      if (r) r.type = e.type;
    });
    cdp.on('Network.loadingFinished', (e) => {
      lastEvent = Date.now();
      const r = requests.get(e.requestId);
      if (!r) return;
      r.end = e.timestamp;
      r.bytes = e.encodedDataLength;
    });
    const unusedPreloads = [];
    tab.on('console', (m) => {
      if (/preloaded using link preload but not used/.test(m.text())) unusedPreloads.push(`unused preload: ${/https?:\/\/\S+/.exec(m.text())?.[0] ?? m.text()}`);
    });
    await tab.goto(`${url}${path}`, { waitUntil: 'commit' });
    await tab.waitForFunction(
      () => {
        const slot = document.querySelector('section.remote-slot:not([hidden]) > div[id^="remote-"]');
        return !!slot && slot.childElementCount > 0 && slot.checkVisibility() && !document.querySelector('main .page-loading, main [aria-busy="true"]');
      },
      undefined,
      { timeout: 60_000, polling: 50 },
    );
    const content = await tab.evaluate(() => performance.now());
    // The paint entry is written once the frame that shows the content is drawn.
    const fcp = await tab.evaluate(
      () =>
        new Promise((resolve) =>
          requestAnimationFrame(() => setTimeout(() => resolve(performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN), 0)),
        ),
    );
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
    const js = waterfall.filter((r) => r.type === 'Script').reduce((n, r) => n + r.bytes, 0);
    const late = all.filter((r) => r.end === null || r.end * 1000 - t0 > content).length;
    // Then the page settles (nothing loading for 1 s; at most 5 s), to see what it fetched twice.
    for (let waited = 0; waited < 5000; waited += 250) {
      if ([...requests.values()].every((r) => r.end !== null) && Date.now() - lastEvent > 1000) break;
      await new Promise((r) => setTimeout(r, 250));
    }
    // A preload the page did not use (a URL fetched twice, or warned about by Chromium) costs bytes for nothing.
    const seen = new Map();
    for (const r of requests.values()) seen.set(r.url, (seen.get(r.url) ?? 0) + 1);
    const twice = [...seen].filter(([, n]) => n > 1).map(([u]) => (u.startsWith(origin) ? u.slice(origin.length) : u));
    return { fcp, first: drawn ? fcp : content, content, js, waterfall, late, twice: [...twice, ...unusedPreloads] };
  } finally {
    await context.close();
  }
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
/** The issue-55 target for the public pages: their content on screen within 1.2 s at this throttle. */
const TARGET_MS = 1200;
const TARGET_PAGES = new Set(['landing', 'allcourses', 'courseview', 'landing (bn)', 'allcourses (bn)', 'courseview (bn)']);
const s = (ms) => `${(ms / 1000).toFixed(2)} s`;
const kb = (bytes) => `${(bytes / 1000).toFixed(1)} KB`;

/** The requests the median run finished before its content showed: start → end, bytes on the wire. */
function printWaterfall(name, run) {
  const bytes = run.waterfall.reduce((n, r) => n + r.bytes, 0);
  console.log(`\n${name}: ${run.waterfall.length} requests, ${kb(bytes)} before content at ${s(run.content)} (${run.late} more after)`);
  if (run.twice.length) console.log(`  fetched twice: ${run.twice.join(', ')}`);
  for (const r of run.waterfall) {
    console.log(`  ${String(Math.round(r.start)).padStart(5)} → ${String(Math.round(r.end)).padStart(5)} ms ${kb(r.bytes).padStart(9)}  ${r.type.padEnd(10)} ${r.url}`);
  }
}

/** Every `--url [label=]url` given: several are visited in turn, so that one run compares them under the same load. */
function givenServers() {
  const out = [];
  process.argv.forEach((a, i) => {
    if (a !== '--url') return;
    const m = /^(?:([^=]+)=)?(https?:\/\/.+?)\/?$/.exec(process.argv[i + 1] ?? '');
    if (!m) throw new Error(`--url wants [label=]http://host:port, not ${process.argv[i + 1]}`);
    out.push({ label: m[1] ?? m[2], url: m[2], stop: async () => {} });
  });
  return out;
}

async function main() {
  const given = givenServers();
  const servers = given.length ? given : [{ label: 'this build', ...(await startAllInOne('first-content')) }];
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  const load = [os.loadavg()[0]];
  /** label → page → figures, and the median run (for its waterfall). */
  const results = Object.fromEntries(servers.map((x) => [x.label, {}]));
  const medianRuns = Object.fromEntries(servers.map((x) => [x.label, {}]));
  try {
    const only = argValue('pages')?.split(',');
    for (const page of PAGES.filter((p) => !only || only.includes(p.name))) {
      const runs = Object.fromEntries(servers.map((x) => [x.label, []]));
      for (let i = 0; i < RUNS; i++) for (const server of servers) runs[server.label].push(await visit(browser, server.url, page));
      for (const server of servers) {
        const mine = runs[server.label];
        results[server.label][page.name] = {
          fcp: median(mine.map((r) => r.fcp)),
          first: median(mine.map((r) => r.first)),
          content: median(mine.map((r) => r.content)),
          js: median(mine.map((r) => r.js)),
          contentRuns: mine.map((r) => Math.round(r.content)),
        };
        medianRuns[server.label][page.name] = [...mine].sort((a, b) => a.content - b.content)[Math.floor(mine.length / 2)];
      }
      load.push(os.loadavg()[0]);
    }
  } finally {
    await browser.close();
    for (const server of servers) await server.stop();
  }
  const saved = argValue('compare') ? JSON.parse(readFileSync(argValue('compare'), 'utf8')) : null;
  // What each figure is shown beside: the --compare file's, or else the first server's.
  const reference = saved ? { label: `${argValue('compare')}`, pages: saved.pages } : servers.length > 1 ? { label: servers[0].label, pages: results[servers[0].label] } : null;
  if (!process.argv.includes('--quiet')) {
    for (const server of servers) {
      for (const [name, run] of Object.entries(medianRuns[server.label])) printWaterfall(servers.length > 1 ? `${server.label}, ${name}` : name, run);
    }
  }
  console.log(`\nfirst content at 1.6 Mbit/s, 150 ms latency, cold cache; median of ${RUNS}; load average ${load.map((l) => l.toFixed(2)).join(' → ')} on ${os.cpus().length} cores`);
  console.log(`target (issue 55): first content within ${s(TARGET_MS)} (${[...TARGET_PAGES].join(', ')})`);
  for (const server of servers) {
    if (servers.length > 1) console.log(`-- ${server.label}`);
    for (const [name, r] of Object.entries(results[server.label])) {
      const b = reference && reference.pages !== results[server.label] ? reference.pages?.[name] : undefined;
      const beside = (now, then, fmt) => `${fmt(now)}${then ? ` (${fmt(then)} in ${reference.label})` : ''}`;
      const verdict = TARGET_PAGES.has(name) ? (r.first <= TARGET_MS ? '  within target' : '  OVER target') : '';
      console.log(
        `${name.padEnd(16)} first ${beside(r.first, b?.first, s)}  fcp ${beside(r.fcp, b?.fcp, s)}  app ${beside(r.content, b?.content, s)} [runs ${r.contentRuns.join(', ')} ms]  js ${beside(r.js, b?.js, kb)}${verdict}`,
      );
    }
  }
  const file = argValue('save');
  if (file) writeFileSync(file, `${JSON.stringify({ link: SLOW_LINK, runs: RUNS, load, pages: results[servers[servers.length - 1].label] }, null, 2)}\n`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
