// The visitor's course list a server page at a time (issue 51, decision 0078), in Chromium against the real
// all-in-one: 20 courses are added and published through the back office's API (with the demo's, more
// than two pages of 12). /allcourses pages through them with Next, each course on exactly one page, the
// page's cursor in the address; a copied later-page link opens that page in a fresh tab (its first screen
// drawn by the server with that page); a sort by price pages in price order; the landing's counters come
// from GET course/figures. English and Bengali; screenshots go to /tmp/shots-course-pages/.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { pngImage } from '../../tools/testing/images';
import { api, DEMO, loginByApi, openPage, useSession, useE2E } from './support';

const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots-course-pages';
const e2e = useE2E({ shotsDir: SHOTS });
const { shot } = e2e;
const { call, request } = api(e2e);
const ADDED = 20;
const CARDS = '[data-testid="course-list"] [data-testid="course-card"]';

interface Course {
  _id: string;
  title: string;
  price: number;
  sold: number;
}

/** Adds and publishes a course through the back office's API (the form's multipart body, a real clip and images). */
async function addCourse(token: string, n: number, instructor: string, clip: Blob, image: Blob): Promise<string> {
  const form = new FormData();
  const fields: Record<string, string> = {
    title: `Paged course ${String(n).padStart(2, '0')}`,
    subtitle: 'Scales',
    desc: '<p>Practice.</p>',
    courseHour: '2',
    catagory: n % 2 ? 'Guitar' : 'Drums',
    courseType: 'beginner',
    instructor,
    priceSilverPrice: String(500 + ((n * 37) % 20) * 100),
    priceSilverOldPrice: '3000',
    priceSilverValidity: '30',
    priceGoldPrice: '3500',
    priceGoldOldPrice: '4000',
    priceGoldValidity: '60',
    priceDiamondPrice: '4500',
    priceDiamondOldPrice: '5000',
    priceDiamondValidity: '90',
    topic: 'Scales',
    requirements: 'A guitar',
    whoFor: 'Beginners',
  };
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  form.set('thumbnail', image, 'thumb.png');
  form.set('banner', image, 'banner.png');
  form.set('videos', clip, 'one.mp4');
  form.set('videoTitles', 'Lesson one');
  const res = await fetch(`${e2e.baseUrl}/api/v1/course/add/`, { method: 'POST', headers: { Authorization: `Bearer ${token}` }, body: form });
  const body = (await res.json()) as { data: { _id: string }; message: string };
  if (res.status !== 201) throw new Error(`course/add/: ${res.status} ${body.message}`);
  await call('GET', `course/published/${body.data._id}`, token);
  return body.data._id;
}

/** Every course of every page, moving with Next until it is disabled; the address of page 2. */
async function pageThrough(page: Page) {
  const pages: string[][] = [];
  let second = '';
  for (;;) {
    const number = pages.length + 1;
    await page.waitForFunction(
      ([n, sel]) => document.querySelectorAll(sel).length > 0 && new URL(location.href).searchParams.get('page') === (n === 1 ? null : String(n)),
      [number, CARDS] as const,
    );
    pages.push(await page.locator(CARDS).evaluateAll((els) => els.map((e) => new URL((e as HTMLAnchorElement).href).searchParams.get('id') ?? '')));
    if (number === 2) second = page.url();
    if (!(await page.locator('[data-testid="course-pager"] [data-testid="page-next"]').count()) || (await page.isDisabled('[data-testid="page-next"]'))) return { pages, second };
    const before = pages[pages.length - 1]![0];
    await page.click('[data-testid="page-next"]');
    await page.waitForFunction(([sel, b]) => new URL((document.querySelector(sel) as HTMLAnchorElement | null)?.href ?? location.href).searchParams.get('id') !== b, [CARDS, before] as const);
  }
}

/** All the pages of GET course/page for a query, as ids. */
async function apiPages(query: string): Promise<string[]> {
  const ids: string[] = [];
  let cursor = '';
  do {
    const page = await call<{ items: Course[]; next: string | null }>('GET', `course/page?limit=12${query}${cursor ? `&cursor=${cursor}` : ''}`);
    ids.push(...page.items.map((c) => c._id));
    cursor = page.next ?? '';
  } while (cursor);
  return ids;
}

beforeAll(async () => {
  const admin = await loginByApi(e2e.baseUrl, DEMO.admin);
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'taal-course-pages-'));
  execFileSync('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', 'testsrc=size=160x90:rate=10:duration=1', '-c:v', 'libx264', '-pix_fmt', 'yuv420p', path.join(work, 'one.mp4')]);
  const clip = await fs.openAsBlob(path.join(work, 'one.mp4'), { type: 'video/mp4' });
  const image = new Blob([new Uint8Array(await pngImage(64, 36))], { type: 'image/png' });
  const instructor = (await call<{ _id: string }[]>('GET', 'instructor/'))[0]!._id;
  for (let n = 1; n <= ADDED; n++) await addCourse(admin.token, n, instructor, clip, image);
}, 240_000);

test('a visitor pages through /allcourses and opens a copied later-page link (en, bn); the API pages, bounds and counts', async () => {
  // The API: the spec's list keeps its shape (an array of the newest courses up to its bound, 25 since decision
  // 0089, with a Link header to the paged rest), the pages hold each once.
  const whole = await call<{ items: Course[]; next: string | null }>('GET', 'course/page?limit=100');
  expect(whole.next).toBeNull();
  const all = whole.items;
  expect(all.length).toBeGreaterThan(24);
  const spec = await fetch(`${e2e.baseUrl}/api/v1/course/`);
  expect(((await spec.json()) as { data: Course[] }).data.map((c) => c._id)).toEqual(all.slice(0, 25).map((c) => c._id));
  if (all.length > 25) expect(spec.headers.get('link')).toMatch(/^<\/api\/v1\/course\/page\?cursor=[^>]+>; rel="next"$/);
  const sizes = [12, 12, all.length - 24];
  const bengali = (n: number) => String(n).replace(/[0-9]/g, (d) => '০১২৩৪৫৬৭৮৯'[Number(d)]!);
  expect(await apiPages('')).toEqual(all.map((c) => c._id));
  const byPrice = [...all].sort((a, b) => a.price - b.price || (a._id < b._id ? -1 : 1)).map((c) => c._id);
  expect(await apiPages('&sort=price')).toEqual(byPrice);
  expect(await apiPages('&category=Drums&sort=price-desc')).toEqual(
    [...all].filter((c) => (c as unknown as { catagory: string }).catagory === 'Drums').sort((a, b) => b.price - a.price || (a._id < b._id ? 1 : -1)).map((c) => c._id),
  );
  for (const [query, reason] of [['sort=cheapest', 'UNKNOWN_COURSE_SORT'], ['category=Flute', 'INVALID_CATEGORY'], ['cursor=abc', 'INVALID_CURSOR'], ['limit=101', 'INVALID_PAGE_SIZE']] as const) {
    const res = await request('GET', `course/page?${query}`);
    expect([query, res.status, res.json.reason]).toEqual([query, 400, reason]);
  }
  const priceCursor = (await call<{ next: string }>('GET', 'course/page?limit=12&sort=price')).next;
  expect((await request('GET', `course/page?sort=rating&cursor=${priceCursor}`)).json.reason).toBe('INVALID_CURSOR');
  expect(await call('GET', 'course/figures')).toEqual({ courses: all.length, sold: all.reduce((n, c) => n + c.sold, 0), instructors: expect.any(Number) as number });

  const { page, context, errors } = await openPage(e2e.browser);
  const asked: string[] = [];
  page.on('request', (r) => r.url().includes('/api/v1/course/') && asked.push(new URL(r.url()).pathname));
  try {
    for (const lng of ['en', 'bn'] as const) {
      await useSession(page, e2e.baseUrl, null, { clear: true, lang: lng });
      const T = lng === 'en' ? { page2: 'Page 2', first: 'First page', next: 'Next' } : { page2: 'পৃষ্ঠা ২', first: 'প্রথম পৃষ্ঠা', next: 'পরেরটি' };

      // The landing's counters: the server's figures (not the catalogue summed in the browser).
      await page.goto(`${e2e.baseUrl}/`);
      await page.waitForSelector('[data-testid="counters"]');
      await page.waitForFunction((n) => document.querySelector('[data-testid="counters"] strong')?.textContent === n, lng === 'en' ? String(all.length) : bengali(all.length));
      await page.locator('[data-testid="counters"]').scrollIntoViewIfNeeded();
      await shot(page, `landing-counters-${lng}`, { fullPage: false });

      await page.goto(`${e2e.baseUrl}/allcourses`);
      const list = await pageThrough(page);
      expect(list.pages.map((p) => p.length)).toEqual(sizes);
      expect(list.pages.flat()).toEqual(all.map((c) => c._id));
      expect(await page.textContent('[data-testid="page-next"]')).toBe(T.next);
      await shot(page, `allcourses-last-page-${lng}`);

      // A copied link to page 2 opens page 2 in a new tab, drawn by the server with that page, with the first page offered.
      const html = await (await fetch(list.second)).text();
      expect(html).toContain(`/courseview?id=${encodeURIComponent(list.pages[1]![0]!)}`);
      expect(html).not.toContain(`/courseview?id=${encodeURIComponent(list.pages[0]![0]!)}"`);
      const fresh = await context.newPage();
      await fresh.goto(list.second);
      await fresh.waitForSelector('[data-testid="course-pager"] [data-testid="page-number"]');
      await fresh.waitForSelector('[data-testid="page-first"]');
      expect(await fresh.locator(CARDS).evaluateAll((els) => els.map((e) => new URL((e as HTMLAnchorElement).href).searchParams.get('id')))).toEqual(list.pages[1]);
      expect(await fresh.textContent('[data-testid="page-number"]')).toBe(T.page2);
      expect(await fresh.textContent('[data-testid="page-first"]')).toBe(T.first);
      await shot(fresh, `allcourses-copied-link-${lng}`);
      await fresh.click('[data-testid="page-first"]');
      await fresh.waitForFunction((id) => new URL(document.querySelector<HTMLAnchorElement>('[data-testid="course-card"]')?.href ?? location.href).searchParams.get('id') === id, list.pages[0]![0]!);
      await fresh.close();

      // Sorted by price (lowest first) by the server: the sort resets the page, and the pages follow the price.
      await page.selectOption('[data-testid="sort-courses"]', 'price');
      await page.waitForURL((url) => url.searchParams.get('sort') === 'price' && !url.searchParams.has('cursor'));
      await page.waitForFunction((id) => new URL(document.querySelector<HTMLAnchorElement>('[data-testid="course-card"]')?.href ?? location.href).searchParams.get('id') === id, byPrice[0]!);
      const priced = await pageThrough(page);
      expect(priced.pages.flat()).toEqual(byPrice);
      await shot(page, `allcourses-by-price-page-3-${lng}`);
    }
    // No screen of the storefront asked for the whole catalogue.
    expect(asked.filter((p) => p === '/api/v1/course/')).toEqual([]);
    expect(errors).toEqual([]);
  } finally {
    await context.close();
  }
});
