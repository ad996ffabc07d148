// The first screen drawn on the server (issue 55, decision 0070): the landing page, the course list
// and a course page come with their content in their HTML, so a slow link shows it before any
// script has arrived. What CI holds (a budget on bytes and round trips, not a timing; the timing is
// tools/bench/first-content.mjs):
// - with scripts off, Chromium shows each page's content, in English and in Bengali;
// - the bytes the browser needs before that content (the page as sent, the stylesheets it blocks
//   on, in Bengali the font) fit the budget, in one round trip after the page's own;
// - with scripts on, the app replaces the picture: one page, the picture gone, the app shown.
// Screenshots in /tmp/shots-first-screen-drawn/ (override with SHOTS_DIR).
import http from 'node:http';
import zlib from 'node:zlib';
import type { Page } from 'playwright-core';
import { apiGet, openPage, screenshot, useE2E } from './support';

const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots-first-screen-drawn';
const e2e = useE2E({ shotsDir: SHOTS });

/**
 * What the browser downloads before the first screen shows, brotli as a browser gets it: the page,
 * its stylesheets (render-blocking) and in Bengali the font its text waits for. At 1.6 Mbit/s with
 * 150 ms round trips (the bench's link), 60 KB is 0.3 s on the wire: with the two round trips the
 * page itself takes and one for what it names, its content is on screen well within 1.2 s.
 */
const BYTES_BEFORE_CONTENT = { en: 30_000, bn: 70_000 };

interface Sent {
  status: number;
  body: string;
  bytes: number;
  encoding: string | undefined;
}

function get(path: string, lng: string): Promise<Sent> {
  return new Promise((resolve, reject) => {
    http
      .get(`${e2e.baseUrl}${path}`, { headers: { 'Accept-Encoding': 'br, gzip', Cookie: `i18next=${lng}` } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const raw = Buffer.concat(chunks);
          const encoding = res.headers['content-encoding'];
          const body = encoding === 'br' ? zlib.brotliDecompressSync(raw) : encoding === 'gzip' ? zlib.gunzipSync(raw) : raw;
          resolve({ status: res.statusCode ?? 0, body: body.toString('utf8'), bytes: raw.length, encoding });
        });
      })
      .on('error', reject);
  });
}

/** The text of the page's closed shadow root (the picture), read as DevTools reads it. */
async function pictureText(page: Page): Promise<string> {
  const cdp = await page.context().newCDPSession(page);
  const { root } = (await cdp.send('DOM.getDocument', { depth: -1, pierce: true })) as { root: DomNode };
  const host = find(root, (n) => n.attributes?.includes('first-screen') === true && n.localName === 'div');
  const texts: string[] = [];
  const walk = (n: DomNode) => {
    if (n.nodeType === 3) texts.push(n.nodeValue ?? '');
    if (n.localName === 'style' || n.localName === 'script') return;
    // The page's own shadow root, not the browser's inside its controls.
    for (const c of [...(n.shadowRoots ?? []).filter((r) => r.shadowRootType !== 'user-agent'), ...(n.children ?? [])]) walk(c);
  };
  if (host) walk(host);
  return texts.join(' ').replace(/\s+/g, ' ');
}

interface DomNode {
  nodeType: number;
  localName?: string;
  nodeValue?: string;
  attributes?: string[];
  children?: DomNode[];
  shadowRoots?: DomNode[];
  shadowRootType?: string;
}

function find(n: DomNode, test: (n: DomNode) => boolean): DomNode | undefined {
  if (test(n)) return n;
  for (const c of [...(n.shadowRoots ?? []), ...(n.children ?? [])]) {
    const hit = find(c, test);
    if (hit) return hit;
  }
  return undefined;
}

let pages: { name: string; path: string; expected: (lng: string) => Promise<string[]> }[];

beforeAll(async () => {
  const courses = await apiGet<{ _id: string; title: string }[]>(e2e.baseUrl, 'course/');
  const featured = await apiGet<{ title: string }[]>(e2e.baseUrl, 'course/featured/');
  const course = courses[0]!;
  pages = [
    { name: 'landing', path: '/', expected: async () => featured.slice(0, 1).map((c) => c.title) },
    { name: 'allcourses', path: '/allcourses', expected: async () => courses.slice(0, 3).map((c) => c.title) },
    { name: 'courseview', path: `/courseview?id=${course._id}`, expected: async () => [course.title] },
  ];
});

test('with scripts off, the landing page, the course list and a course page show their content, in English and in Bengali', async () => {
  const headings = { en: ['Featured courses', 'All courses', 'Prices by tier'], bn: ['বিশেষ কোর্সসমূহ', 'সকল কোর্স', 'টিয়ার অনুযায়ী মূল্য'] };
  for (const lng of ['en', 'bn'] as const) {
    for (const [i, p] of pages.entries()) {
      const context = await e2e.browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
      try {
        await context.addCookies([{ name: 'i18next', value: lng, url: e2e.baseUrl }]);
        const page = await context.newPage();
        await page.goto(`${e2e.baseUrl}${p.path}`);
        const text = await pictureText(page);
        for (const title of await p.expected(lng)) expect(text).toContain(title);
        expect(text).toContain(headings[lng][i]);
        // Shown, not only sent (a Bengali picture waits for its font, or without scripts its stylesheet shows it).
        expect(await page.locator('#first-screen').isVisible()).toBe(true);
        await page.screenshot({ path: `${SHOTS}/${p.name}-${lng}-no-scripts-390.png` });
      } finally {
        await context.close();
      }
    }
  }
});

test('what the browser needs before the first screen shows fits the budget, in one round trip after the page', async () => {
  for (const lng of ['en', 'bn'] as const) {
    for (const p of pages) {
      const sent = await get(p.path, lng);
      expect(sent.status).toBe(200);
      expect(sent.encoding).toBe('br');
      expect(sent.body).toContain('<div id="first-screen"');
      // What the first screen waits for is named in the page itself (one round trip, all at once):
      // its stylesheets, and in Bengali the font (asked for at once, not at low priority).
      const head = sent.body.slice(0, sent.body.indexOf('</head>'));
      const sheets = [...head.matchAll(/<link rel="stylesheet" href="([^"]+)"/g)].map((m) => m[1]!);
      const fonts = lng === 'bn' ? [...head.matchAll(/<link rel="preload" href="([^"]+\.woff2)" as="font"(?![^>]*fetchpriority="low")/g)].map((m) => m[1]!) : [];
      expect(sheets.length).toBeGreaterThan(0);
      if (lng === 'bn') expect(fonts).toHaveLength(1);
      // No script stands before the content: the page's own are deferred or async.
      expect([...sent.body.matchAll(/<script (?![^>]*\b(?:defer|async)\b)[^>]*src=/g)]).toHaveLength(0);
      let bytes = sent.bytes;
      for (const href of [...sheets, ...fonts]) bytes += (await get(href, lng)).bytes;
      expect(bytes).toBeLessThanOrEqual(BYTES_BEFORE_CONTENT[lng]);
      expect(bytes).toBeGreaterThan(5_000); // the measure counts something
    }
  }
});

test('with scripts on, the app takes the picture’s place: one page, the app shown, in English and in Bengali', async () => {
  for (const lng of ['en', 'bn'] as const) {
    const { page, context, errors } = await openPage(e2e.browser);
    try {
      await context.addCookies([{ name: 'i18next', value: lng, url: e2e.baseUrl }]);
      await page.goto(`${e2e.baseUrl}/`);
      await page.waitForSelector('#first-screen', { state: 'detached' });
      await page.getByTestId('featured-courses').waitFor({ state: 'visible' });
      expect(await page.locator('#root').isVisible()).toBe(true);
      expect(await page.locator('header.site-header').count()).toBe(1);
      await screenshot(page, SHOTS, `landing-${lng}-app`, { fullPage: false });
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  }
});
