// More lists a server page at a time (issue 51, decision 0084), in Chromium against the real all-in-one:
// 25 wallet credits are made through the back office's API (more than a statement page of 20) and 12
// instructors added (with the demo's, more than a page of the back office's instructors, 12, and of the
// instructors' analytics, 10). The student's wallet statement, the back office's instructors and the
// instructors' analytics page through them with Next, each row on exactly one page, the cursor in the
// address; a copied link to page 2 opens page 2 in a fresh tab. English and Bengali; screenshots go to
// /tmp/shots-paged-lists/.
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { pngImage } from '../../tools/testing/images';
import { api, DEMO, loginByApi, openPage, useSession, useE2E, type LoginAnswer } from './support';

const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots-paged-lists';
const e2e = useE2E({ shotsDir: SHOTS });
const { shot } = e2e;
const { call } = api(e2e);
let admin: LoginAnswer;
let student: LoginAnswer;

beforeAll(async () => {
  admin = await loginByApi(e2e.baseUrl, DEMO.admin);
  student = await loginByApi(e2e.baseUrl, DEMO.student);
  const auth = { Authorization: `Bearer ${admin.token}` };
  for (let n = 1; n <= 25; n++) {
    const res = await fetch(`${e2e.baseUrl}/api/v1/wallet/credit`, {
      method: 'POST',
      headers: { ...auth, 'Content-Type': 'application/json' },
      body: JSON.stringify({ userId: student.user._id, kind: 'refund', amount: 100 * n, reference: `paged-${n}-${randomUUID()}` }),
    });
    if (res.status !== 200) throw new Error(`wallet/credit: ${res.status}`);
  }
  const image = new Blob([new Uint8Array(await pngImage(64, 64))], { type: 'image/png' });
  for (let n = 1; n <= 12; n++) {
    const form = new FormData();
    for (const [k, v] of Object.entries({ name: `Paged Instructor ${String(n).padStart(2, '0')}`, band: 'Band', percentage: '40', bio: '<p>Teaches.</p>' })) form.set(k, v);
    form.set('photo', image, 'photo.png');
    form.set('banner', image, 'banner.png');
    const res = await fetch(`${e2e.baseUrl}/api/v1/instructor/add/`, { method: 'POST', headers: auth, body: form });
    if (res.status !== 201 && res.status !== 200) throw new Error(`instructor/add/: ${res.status}`);
  }
}, 240_000);

/** Pages with Next to the end of one pager's list: each page's row keys, and the address of page 2. */
/** A row's key: an attribute's value, or (null) its text. */
const keysOf = (page: Page, rows: string, attr: string | null) => page.locator(rows).evaluateAll((els, a) => els.map((e) => (a ? e.getAttribute(a) : e.textContent) ?? ''), attr);

async function pageThrough(page: Page, rows: string, key: string | null, pager: string) {
  const pages: string[][] = [];
  let second = '';
  for (;;) {
    await page.waitForSelector(rows);
    await page.waitForFunction((sel) => !document.querySelector(`${sel} [aria-busy="true"]`), rows);
    pages.push(await keysOf(page, rows, key));
    if (pages.length === 2) second = page.url();
    const next = page.locator(`${pager} [data-testid="page-next"]`);
    if ((await next.count()) === 0 || (await next.isDisabled())) break;
    const before = pages[pages.length - 1]![0];
    await next.click();
    await page.waitForFunction(
      ([sel, first, a]) => {
        const el = document.querySelector(sel!);
        return !!el && ((a ? el.getAttribute(a) : el.textContent) ?? '') !== first;
      },
      [rows, before, key] as const,
    );
  }
  return { pages, second };
}

test('the wallet statement, the back office’s instructors and the instructors’ analytics page through the server; a copied page-2 link opens it (en, bn)', async () => {
  const statement = await call<{ items: { _id: string }[]; next: string | null }>('GET', `wallet/${student.user._id}/statement?limit=100`, student.token);
  const instructors = await call<{ _id: string }[]>('GET', 'instructor/admin/instructorlist', admin.token);
  expect(statement.items.length).toBeGreaterThan(20);
  expect(instructors.length).toBeGreaterThan(12);
  const { page, context, errors } = await openPage(e2e.browser);
  try {
    for (const lng of ['en', 'bn'] as const) {
      const T = lng === 'en' ? { page2: 'Page 2', first: 'First page' } : { page2: 'পৃষ্ঠা ২', first: 'প্রথম পৃষ্ঠা' };
      const screens = [
        { who: student, url: '/studentpanel?tab=8', rows: '[data-testid="statement-entry"]', key: null, pager: '[data-testid="statement-pager"]', expected: statement.items.length, name: 'wallet-statement', ids: null as string[] | null },
        { who: admin, url: '/admininstructorlist', rows: '[data-testid="admin-instructor"]', key: 'data-id', pager: '[data-testid="keyset-pager"]', expected: instructors.length, name: 'admin-instructors', ids: instructors.map((i) => i._id) },
        { who: admin, url: '/adminanalyticsinstructor', rows: '[data-testid="instructor-analytics-table"] [data-testid="table-row"]', key: null, pager: '[data-testid="instructor-analytics-table"]', expected: instructors.length, name: 'instructor-analytics', ids: null },
      ];
      for (const s of screens) {
        await useSession(page, e2e.baseUrl, s.who, { clear: true, lang: lng });
        await page.goto(`${e2e.baseUrl}${s.url}`);
        const list = await pageThrough(page, s.rows, s.key, s.pager);
        expect([s.name, list.pages.flat().length]).toEqual([s.name, s.expected]);
        expect(list.pages.length).toBeGreaterThan(1);
        if (s.ids) expect(list.pages.flat()).toEqual(s.ids);
        expect(new URL(list.second).searchParams.get('cursor')).toBeTruthy();
        await shot(page, `${s.name}-last-page-${lng}`);
        // A copied link to page 2 opens page 2 in a fresh tab, with the first page offered.
        const fresh = await context.newPage();
        await fresh.goto(list.second);
        await fresh.waitForSelector(s.rows);
        await fresh.waitForSelector('[data-testid="page-first"]');
        expect(await keysOf(fresh, s.rows, s.key)).toEqual(list.pages[1]);
        expect(await fresh.textContent(`${s.pager} [data-testid="page-number"]`)).toBe(T.page2);
        await shot(fresh, `${s.name}-copied-page-2-${lng}`);
        await fresh.close();
      }
    }
    expect(errors).toEqual([]);
  } finally {
    await context.close();
  }
}, 300_000);
