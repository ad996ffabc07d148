// The back office's long lists a server page at a time (issue 51, decision 0074), in Chromium against
// the real all-in-one: the users' cards (content uploaders, 12 a page) and the orders (10 a page) with
// more rows than two pages. Next and Previous move through them, each row on exactly one page, the
// page's cursor in the address; a copied later-page link opens that page in a fresh tab (with a way to
// the first page); an edited link says so. English and Bengali; screenshots go to /tmp/shots-admin-pages/.
import type { Page } from 'playwright-core';
import { api, DEMO, loginByApi, openPage, useSession, useE2E } from './support';

const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots-admin-pages';
const e2e = useE2E({ shotsDir: SHOTS });
const { shot } = e2e;
const { call, request } = api(e2e);

const UPLOADERS = 25; // with the demo content uploader: 26 = 12 + 12 + 2
const ORDERS = 21; // 10 + 10 + 1

/** The rows of each page, moving with Next until it is disabled; the address of page 2. */
async function pageThrough(page: Page, rows: string, key: string) {
  const pages: string[][] = [];
  let second = '';
  for (;;) {
    const number = pages.length + 1;
    await page.waitForFunction(
      ([n, sel]) => document.querySelectorAll(sel).length > 0 && new URL(location.href).searchParams.get('page') === (n === 1 ? null : String(n)),
      [number, rows] as const,
    );
    pages.push(await page.locator(rows).evaluateAll((els, k) => els.map((e) => e.getAttribute(k) ?? ''), key));
    if (number === 2) second = page.url();
    if (await page.isDisabled('[data-testid="page-next"]')) return { pages, second };
    const before = pages[pages.length - 1]![0];
    await page.click('[data-testid="page-next"]');
    await page.waitForFunction(([sel, k, b]) => document.querySelector(sel)?.getAttribute(k) !== b, [rows, key, before] as const);
  }
}

test('admin pages through users and orders; a copied later-page link opens that page (en, bn)', async () => {
  const admin = await loginByApi(e2e.baseUrl, DEMO.admin);
  const student = await loginByApi(e2e.baseUrl, DEMO.student);
  const stamp = Date.now().toString(36);
  for (let i = 0; i < UPLOADERS; i++) {
    await call('POST', 'user/create-account', admin.token, { name: `Uploader ${i + 1}`, email: `up-${stamp}-${i}@example.com`, password: 'secret12', type: 2, instructor: '' });
  }
  const courses = (await (await fetch(`${e2e.baseUrl}/api/v1/course/`)).json()) as { data: { _id: string }[] };
  const cart = await call<{ subtotal: number }>('POST', 'cart/', student.token, { user: student.user._id, course: courses.data[0]!._id, tier: 'gold' });
  const orderIds: string[] = [];
  for (let i = 0; i < ORDERS; i++) orderIds.push((await call<{ _id: string }>('POST', 'order', student.token, { userId: student.user._id, amount: cart.subtotal }))._id);

  // The API: pages of the paged route, an edited cursor and a page size out of range refused (400, in the catalogue).
  const first = await call<{ items: { email: string }[]; next: string }>('GET', 'user/page?type=content&limit=12', admin.token);
  expect(first.items).toHaveLength(12);
  const edited = Buffer.from(Buffer.from(first.next, 'base64url').toString().replace(/"([0-9a-f])/, '"x')).toString('base64url');
  for (const [query, reason] of [[`cursor=${edited}`, 'INVALID_CURSOR'], ['cursor=%2F%2F', 'INVALID_CURSOR'], ['limit=0', 'INVALID_PAGE_SIZE'], ['limit=101', 'INVALID_PAGE_SIZE']] as const) {
    const res = await request('GET', `user/page?type=content&${query}`, admin.token);
    expect([res.status, res.json.reason]).toEqual([400, reason]);
  }
  expect((await request('GET', `order/page?cursor=${first.next}`, admin.token)).json.reason).toBe('INVALID_CURSOR');
  // The spec's "all" list keeps its shape.
  expect((await call<unknown[]>('GET', 'user/type/2', admin.token)).length).toBe(UPLOADERS + 1);

  const { page, context } = await openPage(e2e.browser);
  try {
    for (const lng of ['en', 'bn'] as const) {
      await useSession(page, e2e.baseUrl, admin, { lang: lng });
      const T = lng === 'en' ? { page2: 'Page 2', first: 'First page', bad: 'This page link is not valid' } : { page2: 'পৃষ্ঠা ২', first: 'প্রথম পৃষ্ঠা', bad: 'এই পৃষ্ঠার লিংকটি সঠিক নয়' };

      // Users: the content uploaders' cards, 12 a page, newest first.
      await page.goto(`${e2e.baseUrl}/adminuserlist?section=content`);
      const users = await pageThrough(page, '[data-testid="user-card"]', 'data-email');
      expect(users.pages.map((p) => p.length)).toEqual([12, 12, 2]);
      const emails = users.pages.flat();
      expect(new Set(emails).size).toBe(UPLOADERS + 1);
      expect(emails[0]).toBe(`up-${stamp}-${UPLOADERS - 1}@example.com`);
      expect(emails[emails.length - 1]).toBe(DEMO.content.email);
      await shot(page, `users-last-page-${lng}`);
      // Previous goes back through the pages this tab came through.
      await page.click('[data-testid="page-previous"]');
      await page.waitForFunction((e) => document.querySelector('[data-testid="user-card"]')?.getAttribute('data-email') === e, users.pages[1]![0]!);
      expect(await page.textContent('[data-testid="page-number"]')).toBe(T.page2);

      // A copied link to page 2 opens page 2 in a new tab, with the first page offered.
      const fresh = await context.newPage();
      await fresh.goto(users.second);
      await fresh.waitForSelector('[data-testid="user-card"]');
      expect(await fresh.locator('[data-testid="user-card"]').evaluateAll((els) => els.map((e) => e.getAttribute('data-email')))).toEqual(users.pages[1]);
      expect(await fresh.textContent('[data-testid="page-number"]')).toBe(T.page2);
      expect(await fresh.isDisabled('[data-testid="page-previous"]')).toBe(true);
      expect(await fresh.textContent('[data-testid="page-first"]')).toBe(T.first);
      await shot(fresh, `users-copied-link-${lng}`);
      await fresh.click('[data-testid="page-first"]');
      await fresh.waitForFunction((e) => document.querySelector('[data-testid="user-card"]')?.getAttribute('data-email') === e, emails[0]!);
      expect(new URL(fresh.url()).searchParams.get('cursor')).toBeNull();

      // An edited link: said so in the reader's language, with the way to the first page.
      await fresh.goto(users.second.replace(/cursor=[^&]+/, `cursor=${edited}`));
      await fresh.waitForSelector('[data-testid="admin-error"]');
      expect(await fresh.textContent('[data-testid="admin-error"]')).toContain(T.bad);
      await shot(fresh, `users-edited-link-${lng}`);
      await fresh.close();

      // The user data table: 5 a page; a copied page-2 link; one user found by student id.
      await page.goto(`${e2e.baseUrl}/adminuserlistdetail`);
      const USER_EMAILS = '[data-testid="users-table"] td[data-col="email"]';
      await page.waitForSelector(USER_EMAILS);
      const firstTable = await page.locator(USER_EMAILS).allTextContents();
      await page.click('[data-testid="users-table"] [data-testid="page-next"]');
      await page.waitForFunction(([sel, e]) => document.querySelector(sel)?.textContent !== e, [USER_EMAILS, firstTable[0]!] as const);
      const secondTable = await page.locator(USER_EMAILS).allTextContents();
      expect(secondTable.filter((e) => firstTable.includes(e))).toEqual([]);
      const tableLink = page.url();
      const table = await context.newPage();
      await table.goto(tableLink);
      await table.waitForSelector(USER_EMAILS);
      expect(await table.locator(USER_EMAILS).allTextContents()).toEqual(secondTable);
      await shot(table, `user-table-copied-link-${lng}`);
      const studentId = await table.locator('[data-testid="users-table"] [data-testid="student-id-link"]').first().textContent();
      await table.fill('[data-testid="find-user-input"]', studentId!);
      await table.click('[data-testid="find-user"] button[type="submit"]');
      await table.waitForFunction(() => document.querySelectorAll('[data-testid="users-table"] [data-testid="table-row"]').length === 1);
      expect(await table.locator(USER_EMAILS).allTextContents()).toEqual([secondTable[0]]);
      await shot(table, `user-table-found-${lng}`);
      await table.close();

      // Orders: 10 a page, newest first; the student's 21 unpaid orders are the last 30 days' newest.
      await page.goto(`${e2e.baseUrl}/adminorderlist`);
      const ORDER_IDS = '[data-testid="orders-table"] td[data-col="id"] code';
      const orders = await pageThrough(page, ORDER_IDS, 'title');
      const ids = orders.pages.flat();
      expect(orders.pages.length).toBeGreaterThanOrEqual(3);
      expect(orders.pages.slice(0, -1).every((p) => p.length === 10)).toBe(true);
      expect(new Set(ids).size).toBe(ids.length);
      expect(ids.slice(0, ORDERS)).toEqual([...orderIds].reverse());
      await shot(page, `orders-last-page-${lng}`);
      const copied = await context.newPage();
      await copied.goto(orders.second);
      await copied.waitForSelector(ORDER_IDS);
      expect(await copied.locator(ORDER_IDS).evaluateAll((els) => els.map((e) => e.getAttribute('title')))).toEqual(orders.pages[1]);
      expect(await copied.textContent('[data-testid="page-number"]')).toBe(T.page2);
      await shot(copied, `orders-copied-link-${lng}`);
      await copied.close();
    }
  } finally {
    await context.close();
  }
});
