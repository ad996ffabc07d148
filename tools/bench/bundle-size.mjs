#!/usr/bin/env node
/**
 * Gzipped JavaScript a first visit downloads, measured in headless Chromium (Debian's
 * /usr/bin/chromium via playwright-core) against the real all-in-one: every script the page
 * loads (the shell, the federation runtime, the shared React/Router/i18n singletons, the
 * storefront's remoteEntry.js and the chunks of the route) is gzipped (zlib, level 9) and summed.
 * Prints the first visit to /allcourses (budget 170 KB = 170,000 bytes gzipped), then every
 * route (budget 200 KB each, issue 40) and the largest one. Exits 1 when /allcourses or any route is
 * over its budget. The course page is measured once the first course's open lesson has its HLS
 * ladder (made in the background at start), in a page that answers canPlayType "" for HLS as
 * Firefox does: the player's streaming library (hls.js) must not come with it.
 * CI runs it (tools/test.sh).
 *
 * Usage: node tools/bench/bundle-size.mjs [--url http://127.0.0.1:8080] [--verbose]
 * Without --url it starts `packages/launcher/dist/all-in-one.js` itself (PORT free, temporary
 * DATA_DIR) and stops it afterwards; it needs `npm run build` first.
 */
import zlib from 'node:zlib';
import { chromium } from 'playwright-core';
import { startAllInOne } from '../lib/all-in-one.mjs';

const BUDGET_BYTES = 170_000;
/** Every route's first visit (issue 40: /courseview took 294.9 KB with the player's hls.js). */
const ROUTE_BUDGET_BYTES = 200_000;
const argValue = (name) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const verbose = process.argv.includes('--verbose');



const kb = (n) => `${(n / 1000).toFixed(1)} KB`;

async function measure(browser, url, readySelector) {
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  // Chromium plays HLS itself (and the player then never loads hls.js): measured as a browser
  // without it (Firefox), the worst case, so the course page's count includes hls.js if it loads.
  await context.addInitScript(`{
    const own = HTMLMediaElement.prototype.canPlayType;
    HTMLMediaElement.prototype.canPlayType = function (type) {
      return /mpegurl/i.test(type) ? '' : own.call(this, type);
    };
  }`);
  const page = await context.newPage();
  const scripts = new Map();
  page.on('response', async (res) => {
    const type = res.request().resourceType();
    const ct = res.headers()['content-type'] ?? '';
    if (type !== 'script' && !ct.includes('javascript')) return;
    try {
      const body = await res.body();
      scripts.set(res.url(), { raw: body.length, gzip: zlib.gzipSync(body, { level: 9 }).length });
    } catch {
      /* failed request: nothing downloaded */
    }
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  if (readySelector) await page.waitForSelector(readySelector, { timeout: 15_000 }).catch(() => undefined);
  await page.waitForLoadState('networkidle');
  await context.close();
  const files = [...scripts.entries()].map(([u, s]) => ({ url: new URL(u).pathname, ...s })).sort((a, b) => b.gzip - a.gzip);
  return { files, gzip: files.reduce((n, f) => n + f.gzip, 0), raw: files.reduce((n, f) => n + f.raw, 0) };
}

const given = argValue('url');
const server = given ? { url: given.replace(/\/$/, ''), stop: async () => undefined } : await startAllInOne('bundle');
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
let failed = false;
try {
  const courses = (await (await fetch(`${server.url}/api/v1/course/`)).json()).data ?? [];
  const instructors = (await (await fetch(`${server.url}/api/v1/instructor/`)).json()).data ?? [];
  // The course page as a visitor sees it once the open lesson streams (its ladder ready).
  if (courses[0]) {
    const lessons = (await (await fetch(`${server.url}/api/v1/course/secure-course/${courses[0]._id}`)).json()).data?.lessons ?? [];
    const open = lessons.find((l) => l.status === 'open');
    const deadline = Date.now() + 600_000;
    for (;;) {
      const playback = open ? (await (await fetch(`${server.url}/api/v1/lesson/${open._id}/playback`)).json()).data : undefined;
      if (!open || playback?.hls) break;
      if (Date.now() > deadline) throw new Error('the open demo lesson had no HLS ladder within 10 minutes');
      await new Promise((r) => setTimeout(r, 2000));
    }
  }

  const first = await measure(browser, `${server.url}/allcourses`, '[data-testid="course-card"]');
  console.log(`First visit to /allcourses (shell + storefront): ${kb(first.gzip)} gzipped JavaScript (${kb(first.raw)} raw) in ${first.files.length} files; budget ${kb(BUDGET_BYTES)}`);
  for (const f of first.files) console.log(`  ${kb(f.gzip).padStart(9)}  ${f.url}`);
  if (first.gzip > BUDGET_BYTES) {
    failed = true;
    console.log(`OVER BUDGET by ${kb(first.gzip - BUDGET_BYTES)}`);
  }

  const routes = [
    ['/', '[data-testid="hero"]'],
    ['/allcourses', '[data-testid="course-card"]'],
    [courses[0] ? `/courseview?id=${courses[0]._id}` : '/courseview', '[data-testid="tiers"]'],
    ['/instructorlist', '[data-testid="instructor-card"]'],
    [instructors[0] ? `/instructorview/${instructors[0]._id}` : '/instructorlist', '[data-testid="instructor-view"]'],
    ['/about', '[data-testid="about"]'],
    ['/terms', '[data-testid="policy-terms"]'],
    ['/privacy', '[data-testid="policy-privacy"]'],
    ['/how-to-guide', '[data-testid="how-to-guide"]'],
    ['/contact', '[data-testid="contact"]'],
    ['/freebies', '[data-testid="freebies-page"]'],
    ['/no-such-page', '[data-testid="not-found"]'],
    ['/studentpanel', undefined],
    ['/admin', undefined],
  ];
  console.log(`\nFirst visit, by route (budget ${kb(ROUTE_BUDGET_BYTES)} each):`);
  let largest = { route: '', gzip: 0, files: [] };
  for (const [route, ready] of routes) {
    const m = await measure(browser, `${server.url}${route}`, ready);
    const over = m.gzip > ROUTE_BUDGET_BYTES;
    console.log(`  ${kb(m.gzip).padStart(9)}  ${route}${over ? `  OVER BUDGET (${kb(ROUTE_BUDGET_BYTES)}) by ${kb(m.gzip - ROUTE_BUDGET_BYTES)}` : ''}`);
    if (over) {
      failed = true;
      for (const f of m.files) console.log(`  ${kb(f.gzip).padStart(20)}  ${f.url}`);
    }
    if (m.gzip > largest.gzip) largest = { route, ...m };
  }
  console.log(`\nLargest route: ${largest.route}: ${kb(largest.gzip)} gzipped JavaScript in ${largest.files.length} files`);
  if (verbose) for (const f of largest.files) console.log(`  ${kb(f.gzip).padStart(9)}  ${f.url}`);
} finally {
  await browser.close();
  await server.stop();
}
process.exit(failed ? 1 : 0);
