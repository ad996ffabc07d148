// Paging on seeded data (issue 51): the all-in-one runs on a data folder the scale seed filled
// (tools/scale/seed.mjs --embedded: 3,000 users, 400 courses, 6,000 orders spread over three years,
// beside the demo's), the same seed `npm run seed:scale` runs at full size. In Chromium, in English and
// Bengali, the admin pages through the orders of the last 30 days and through the students, and a
// visitor through /allcourses, each with Next to page 5; each page holds what the server's own page
// holds there; a copied link to page 5 opens page 5 in a fresh tab. Screenshots: /tmp/shots-seeded-pages/.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Page } from 'playwright-core';
import { api, DEMO, dhakaDay, loginByApi, openPage, ROOT, useE2E, useSession, type LoginAnswer } from './support';

const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots-seeded-pages';
const SIZE = { users: 3000, courses: 400, orders: 6000 };
const PAGE = 5;
let dataDir = '';
const e2e = useE2E({
  shotsDir: SHOTS,
  env: async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'taal-seeded-'));
    const args = ['--embedded', dataDir, ...Object.entries(SIZE).flatMap(([k, v]) => [`--${k}`, String(v)])];
    await promisify(execFile)(process.execPath, [path.join(ROOT, 'tools/scale/seed.mjs'), ...args], { maxBuffer: 1 << 24 });
    return { DATA_DIR: dataDir };
  },
});
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));
const { call } = api(e2e);
let admin: LoginAnswer;

beforeAll(async () => {
  admin = await loginByApi(e2e.baseUrl, DEMO.admin);
}, 60_000);

/** The first `pages` pages of a paged route, as the server orders them. */
async function apiPages<T>(route: string, pages: number, token?: string): Promise<T[][]> {
  const out: T[][] = [];
  let cursor = '';
  for (let n = 0; n < pages; n++) {
    const page = await call<{ items: T[]; next: string | null }>('GET', `${route}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`, token);
    out.push(page.items);
    if (!page.next) break;
    cursor = page.next;
  }
  return out;
}

const keysOf = (page: Page, rows: string, attr: string | null) =>
  page.locator(rows).evaluateAll((els, a) => els.map((e) => (a === 'href-id' ? new URL((e as HTMLAnchorElement).href).searchParams.get('id') : a ? e.getAttribute(a) : e.textContent) ?? ''), attr);

/** Next, `PAGE − 1` times, each time waiting for the first row to change; answers the last page's keys and its address. */
async function walkTo(page: Page, rows: string, key: string | null, pager: string) {
  await page.waitForSelector(rows);
  for (let n = 1; n < PAGE; n++) {
    const first = (await keysOf(page, rows, key))[0];
    await page.click(`${pager} [data-testid="page-next"]`);
    await page.waitForFunction(
      ([sel, before, a]) => {
        const el = document.querySelector(sel!);
        if (!el) return false;
        const now = a === 'href-id' ? new URL((el as HTMLAnchorElement).href).searchParams.get('id') : a ? el.getAttribute(a) : el.textContent;
        return now !== before;
      },
      [rows, first, key] as const,
    );
  }
  return { keys: await keysOf(page, rows, key), url: page.url() };
}

test('on seeded data the admin pages through orders and users, a visitor through /allcourses; a copied page-5 link opens page 5 (en, bn)', async () => {
  const today = dhakaDay();
  const from = dhakaDay(-30);
  const orders = await apiPages<{ _id: string; userEmail: string }>(`order/page?from=${from}&to=${today}&paid=false&limit=10`, PAGE, admin.token);
  const users = await apiPages<{ email: string }>('user/page?type=student&limit=12', PAGE, admin.token);
  const courses = await apiPages<{ _id: string }>('course/page?limit=12', PAGE);
  // The seed is there: five full pages of each, and a sixth beyond.
  for (const list of [orders, users, courses]) expect(list.map((p) => p.length > 0)).toEqual(Array(PAGE).fill(true));
  expect(courses.flat().filter((c) => c._id.startsWith('c5ca1e00-')).length).toBeGreaterThan(40);

  const screens = [
    { who: admin, url: '/adminorderlist', rows: '[data-testid="orders-table"] [data-testid="table-row"]', key: null, pager: '[data-testid="orders-table"]', expected: orders[PAGE - 1]!.map((o) => o.userEmail), name: 'admin-orders' },
    { who: admin, url: '/adminuserlist', rows: '[data-testid="user-card"]', key: 'data-email', pager: '[data-testid="keyset-pager"]', expected: users[PAGE - 1]!.map((u) => u.email), name: 'admin-users' },
    { who: null, url: '/allcourses', rows: '[data-testid="course-card"]', key: 'href-id', pager: '[data-testid="course-pager"]', expected: courses[PAGE - 1]!.map((c) => c._id), name: 'allcourses' },
  ];
  const { page, context, errors } = await openPage(e2e.browser);
  try {
    for (const lng of ['en', 'bn'] as const) {
      const pageFive = lng === 'en' ? 'Page 5' : 'পৃষ্ঠা ৫';
      for (const s of screens) {
        await useSession(page, e2e.baseUrl, s.who, { clear: true, lang: lng });
        await page.goto(`${e2e.baseUrl}${s.url}`);
        const walked = await walkTo(page, s.rows, s.key, s.pager);
        // An order's row shows its buyer's address (its id is shortened to a prefix the seeded ids share).
        if (s.key === null) walked.keys.forEach((text, i) => expect(text).toContain(s.expected[i]!));
        else expect(walked.keys).toEqual(s.expected);
        expect(await page.textContent(`${s.pager} [data-testid="page-number"]`)).toBe(pageFive);
        expect(new URL(walked.url).searchParams.get('cursor')).toBeTruthy();
        await shot(page, `${s.name}-page-5-${lng}`);
        const fresh = await context.newPage();
        await fresh.goto(walked.url);
        await fresh.waitForSelector(s.rows);
        await fresh.waitForSelector('[data-testid="page-first"]');
        expect([s.name, await keysOf(fresh, s.rows, s.key)]).toEqual([s.name, walked.keys]);
        expect(await fresh.textContent(`${s.pager} [data-testid="page-number"]`)).toBe(pageFive);
        await shot(fresh, `${s.name}-copied-page-5-${lng}`);
        await fresh.close();
      }
    }
    expect(errors).toEqual([]);
  } finally {
    await context.close();
  }
}, 300_000);

const shot = (page: Page, name: string) => e2e.shot(page, name);
