// The second part of decision 0084's lists a server page at a time, in Chromium against the real all-in-one:
// 12 gift-card orders are made by the demo student through the API (more than the back office's store
// orders page of 10) and 21 settlements published for the demo instructor (more than the panel's page of
// 20). The back office's store orders and the instructor's Payment Settlement tab page through them with
// Next, each row on exactly one page, the cursor in the address (the panel's as settlementsCursor beside its
// tab); a copied link to page 2 opens page 2 in a fresh tab. The other paged screens (the instructor's sales,
// the course analytics and its detail, the gift cards, the certificate requests, the admin's settlements) are
// shot. English and Bengali; screenshots go to /tmp/shots-paged-payouts-store/.
import type { Page } from 'playwright-core';
import { api, DEMO, loginByApi, openPage, useSession, useE2E, type LoginAnswer } from './support';

const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots-paged-payouts-store';
const e2e = useE2E({ shotsDir: SHOTS });
const { shot } = e2e;
const { call, request } = api(e2e);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
let admin: LoginAnswer;
let student: LoginAnswer;
let instructor: LoginAnswer;
let profile = '';

beforeAll(async () => {
  admin = await loginByApi(e2e.baseUrl, DEMO.admin);
  student = await loginByApi(e2e.baseUrl, DEMO.student);
  instructor = await loginByApi(e2e.baseUrl, DEMO.instructor);
  profile = (instructor.user as unknown as { instructor: string }).instructor;
  const products = await call<{ _id: string; price: number }[]>('GET', 'store/product/', null);
  const product = products[0]!;
  for (let n = 1; n <= 12; n++) {
    await call('POST', 'store/order/', student.token, { userId: student.user._id, product: product._id, quantity: 1, totalPrice: product.price, forMyself: true, userPhone: '01712345678' });
  }
  // Paid course sales (one order from the wallet, the zero-payable path): the instructor's first, so the
  // sales screens and the course analytics have rows.
  type Course = { _id: string; instructor: string | { _id?: string }; priceSilver?: { price: number } };
  const owner = (c: Course) => (typeof c.instructor === 'string' ? c.instructor : c.instructor?._id);
  const courses = (await call<Course[]>('GET', 'course/', null)).filter((c) => (c.priceSilver?.price ?? 0) > 0).sort((a, b) => Number(owner(b) === profile) - Number(owner(a) === profile));
  await call('POST', 'cart/remove_all', student.token, { user: student.user._id });
  let amount = 0;
  for (const c of courses) {
    if (amount && courses.indexOf(c) > 5) break;
    if ((await request('POST', 'cart/', student.token, { user: student.user._id, course: c._id, tier: 'silver' })).status < 300) amount += c.priceSilver!.price;
  }
  await call('POST', 'wallet/credit', admin.token, { userId: student.user._id, kind: 'refund', amount, reference: `paged-sales-${Date.now()}` });
  const order = await call<{ _id: string }>('POST', 'order', student.token, { userId: student.user._id, amount: 0 });
  await call('POST', `cart/zero-cart/${student.user._id}/${order._id}`, student.token, { total_amount: 0, discount_amount: 0, cart: { id: student.user._id }, value_c: order._id });
  for (let i = 0; i < 60 && !(await call<unknown[]>('GET', 'analytics/courses', admin.token)).length; i++) await new Promise((r) => setTimeout(r, 500));
  for (let n = 1; n <= 21; n++) {
    const form = new FormData();
    for (const [k, v] of Object.entries({ settleAmount: '0', receivedAmount: '0', settleDate: '2026-01-31', remarks: `Paged settlement ${String(n).padStart(2, '0')}`, status: 'false' })) form.set(k, v);
    form.set('photo', new Blob([new Uint8Array(PDF)], { type: 'application/pdf' }), 'receipt.pdf');
    const res = await fetch(`${e2e.baseUrl}/api/v1/instructor/settlement/${profile}`, { method: 'POST', headers: { Authorization: `Bearer ${admin.token}` }, body: form });
    if (res.status !== 201) throw new Error(`instructor/settlement: ${res.status}`);
  }
}, 240_000);

/** A row's key: its text. */
const keysOf = (page: Page, rows: string) => page.locator(rows).evaluateAll((els) => els.map((e) => e.textContent ?? ''));

/** Pages with Next to the end of one pager's list: each page's row keys, and the address of page 2. */
async function pageThrough(page: Page, rows: string, pager: string) {
  const pages: string[][] = [];
  let second = '';
  for (;;) {
    await page.waitForSelector(rows);
    pages.push(await keysOf(page, rows));
    if (pages.length === 2) second = page.url();
    const next = page.locator(`${pager} [data-testid="page-next"]`);
    if ((await next.count()) === 0 || (await next.isDisabled())) break;
    const before = pages[pages.length - 1]![0];
    await next.click();
    await page.waitForFunction(([sel, first]) => (document.querySelector(sel!)?.textContent ?? '') !== first, [rows, before] as const);
  }
  return { pages, second };
}

test('the back office’s store orders and the instructor’s settlements page through the server; a copied page-2 link opens it (en, bn)', async () => {
  const orders = await call<{ _id: string }[]>('GET', 'store/order/', admin.token);
  const settlements = await call<{ _id: string }[]>('GET', `instructor/settlement/${profile}`, instructor.token);
  expect(orders.length).toBeGreaterThan(10);
  expect(settlements.length).toBeGreaterThan(20);
  const { page, context, errors } = await openPage(e2e.browser);
  try {
    for (const lng of ['en', 'bn'] as const) {
      const page2 = lng === 'en' ? 'Page 2' : 'পৃষ্ঠা ২';
      const screens = [
        { who: admin, url: '/adminstoreorders', rows: '[data-testid="store-order-table"] [data-testid="table-row"]', pager: '[data-testid="keyset-pager"]', cursor: 'cursor', expected: orders.length, name: 'admin-store-orders' },
        { who: instructor, url: '/instructorpanel?tab=4', rows: '[data-testid="instructor-settlement"]', pager: '[data-testid="settlements-pager"]', cursor: 'settlementsCursor', expected: settlements.length, name: 'panel-settlements' },
      ];
      for (const s of screens) {
        await useSession(page, e2e.baseUrl, s.who, { clear: true, lang: lng });
        await page.goto(`${e2e.baseUrl}${s.url}`);
        const list = await pageThrough(page, s.rows, s.pager);
        expect([s.name, list.pages.flat().length, new Set(list.pages.flat()).size]).toEqual([s.name, s.expected, s.expected]);
        expect(list.pages.length).toBeGreaterThan(1);
        expect(new URL(list.second).searchParams.get(s.cursor)).toBeTruthy();
        await shot(page, `${s.name}-last-page-${lng}`);
        // A copied link to page 2 opens page 2 in a fresh tab, with the first page offered.
        const fresh = await context.newPage();
        await fresh.goto(list.second);
        await fresh.waitForSelector(s.rows);
        await fresh.waitForSelector(`${s.pager} [data-testid="page-first"]`);
        expect(await keysOf(fresh, s.rows)).toEqual(list.pages[1]);
        expect(await fresh.textContent(`${s.pager} [data-testid="page-number"]`)).toBe(page2);
        await shot(fresh, `${s.name}-copied-page-2-${lng}`);
        await fresh.close();
      }

      // The other paged screens, each shown (a page of their rows, or their empty table).
      const courses = await call<{ courseId: string }[]>('GET', 'analytics/courses', admin.token);
      expect(courses.length).toBeGreaterThan(0);
      const shots: [LoginAnswer, string, string, string][] = [
        [instructor, '/instructorpanel?tab=2', '[data-testid="instructor-sale"]', 'panel-sales'],
        [admin, '/adminanalyticscourses', '[data-testid="course-analytics-table"] [data-testid="table-row"]', 'admin-course-analytics'],
        [admin, `/admin/instructor/${profile}`, '[data-testid="instructor-sales-table"] [data-testid="table-row"]', 'admin-instructor-sales'],
        [admin, `/admin/course/analytics/${courses[0]!.courseId}?from=2020-01-01&to=2099-12-31`, '[data-testid="course-orders-table"] [data-testid="table-row"]', 'admin-course-analytics-detail'],
        [admin, '/adminstoregiftcard', '[data-testid="gift-card-table"]', 'admin-gift-cards'],
        [admin, '/admincertificatelist?status=provided', '[data-testid="certificates-table"]', 'admin-certificates-provided'],
        [admin, '/admin-instructor-settlement', '[data-testid="settlement-instructors"] [data-testid="table-row"]', 'admin-settlement-instructors'],
        [admin, `/admin-instructor-settlement/${profile}`, '[data-testid="admin-settlement-rows"]', 'admin-settlements'],
      ];
      for (const [who, url, ready, name] of shots) {
        await useSession(page, e2e.baseUrl, who, { clear: true, lang: lng });
        await page.goto(`${e2e.baseUrl}${url}`);
        await page.waitForSelector(ready);
        // The back office's tables draw their rows a second after the data (INIT_MS).
        await page.waitForTimeout(1200);
        await shot(page, `${name}-${lng}`);
      }
      // The admin's settlements page too: 20, then the rest.
      expect(await page.locator('[data-testid="settlement-row"]').count()).toBe(20);
      expect(await page.textContent('[data-testid="settlements-pager"] [data-testid="page-number"]')).toBe(lng === 'en' ? 'Page 1' : 'পৃষ্ঠা ১');
    }
    expect(errors).toEqual([]);
  } finally {
    await context.close();
  }
}, 400_000);
