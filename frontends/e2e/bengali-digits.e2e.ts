// Issue 28, item 8, in the browser against the real all-in-one: in Bengali, the figures of the
// screens that still showed Latin digits are written in Bengali digits by the shared formatter
// (the cart's order summary, the instructor's sale counts and sale dates, the admin's payouts
// counters and count cells, the dashboard's counters and its recent order's state), and in
// English in Latin digits. The demo student buys one of the demo instructor's courses from the
// wallet and leaves two in the cart.
// Screenshots in en and bn go to /tmp/shots-28/ (override with SHOTS_DIR).
import type { Page } from 'playwright-core';
import { api, DEMO, dhakaDay, dmy, type LoginAnswer, loginByApi, openPage, useE2E, useSession } from './support';

const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots-28';

const e2e = useE2E({ shotsDir: SHOTS });
const shot = (page: Page, name: string) => e2e.shot(page, name, { scrollTop: true });
const { call } = api(e2e);

const BENGALI_DIGITS = '০১২৩৪৫৬৭৮৯';
const bnDigits = (text: string) => text.replace(/[0-9]/g, (d) => BENGALI_DIGITS[Number(d)]!);

interface Course {
  _id: string;
  instructor: string | { _id: string };
  priceSilver: { price: number };
}

/** The texts of every element `selector` matches, once at least one has appeared. */
async function texts(page: Page, selector: string): Promise<string[]> {
  await page.waitForSelector(selector);
  return (await page.locator(selector).allTextContents()).map((t) => t.trim());
}

/** Every text holds a digit, all of them Bengali (bn) or all Latin (en). */
function expectDigits(values: string[], lng: 'en' | 'bn') {
  expect(values.length).toBeGreaterThan(0);
  for (const v of values) {
    expect(v).toMatch(lng === 'bn' ? /[০-৯]/ : /[0-9]/);
    expect(v).not.toMatch(lng === 'bn' ? /[0-9]/ : /[০-৯]/);
  }
}

let admin: LoginAnswer;
let instructor: LoginAnswer;
let student: LoginAnswer;

beforeAll(async () => {
  admin = await loginByApi(e2e.baseUrl, DEMO.admin);
  instructor = await loginByApi(e2e.baseUrl, DEMO.instructor);
  student = await loginByApi(e2e.baseUrl, DEMO.student);
  const profile = (instructor.user as unknown as { instructor: string }).instructor;
  const courses = (await call<Course[]>('GET', 'course/')).filter((c) => c.priceSilver?.price > 0);
  const owner = (c: Course) => (typeof c.instructor === 'string' ? c.instructor : c.instructor?._id);
  const mine = courses.filter((c) => owner(c) === profile);
  const others = courses.filter((c) => owner(c) !== profile);
  const bought = mine[mine.length - 1]!;
  // A sale of the instructor's course, paid from the wallet (an admin credit, more than the price).
  await call('POST', 'wallet/credit', admin.token, { userId: student.user._id, kind: 'refund', amount: bought.priceSilver.price + 500_000, reference: `digits-${Date.now()}` });
  await call('POST', 'cart/remove_all', student.token, { user: student.user._id });
  await call('POST', 'cart/', student.token, { user: student.user._id, course: bought._id, tier: 'silver' });
  const order = await call<{ _id: string }>('POST', 'order', student.token, { userId: student.user._id, amount: 0 });
  await call('POST', `cart/zero-cart/${student.user._id}/${order._id}`, student.token, { total_amount: 0, discount_amount: 0, cart: { id: student.user._id }, value_c: order._id });
  // Two courses left in the cart, for its summary.
  for (const c of others.slice(0, 2)) await call('POST', 'cart/', student.token, { user: student.user._id, course: c._id, tier: 'silver' });
}, 60_000);

test.each(['en', 'bn'] as const)('the cart summary, the instructor panel and the admin payouts and dashboard write their figures in the page language digits (%s)', async (lng) => {
  const { page, context, errors } = await openPage(e2e.browser);
  try {
    // ---- The cart's order summary.
    await useSession(page, e2e.baseUrl, student, { clear: true, lang: lng });
    await page.goto(`${e2e.baseUrl}/cart`);
    await page.waitForSelector('[data-testid="cart-item"]');
    await page.waitForSelector('[data-testid="summary-wallet"] .price');
    expectDigits(await texts(page, '[data-testid="cart-summary"] dd'), lng);
    expectDigits(await texts(page, '[data-testid="cart-item-price"]'), lng);
    await shot(page, `cart-summary-${lng}`);

    // ---- The instructor: sale counts per course, and the sale's date.
    await useSession(page, e2e.baseUrl, instructor, { clear: true, lang: lng });
    await page.goto(`${e2e.baseUrl}/instructorpanel`);
    const counts = await texts(page, '[data-testid="my-course-sales"]');
    expectDigits(counts, lng);
    expect(counts).toContain(lng === 'bn' ? '১' : '1');
    await shot(page, `instructor-my-courses-${lng}`);
    await page.goto(`${e2e.baseUrl}/instructorpanel?tab=2`);
    const today = dmy(dhakaDay());
    expect(await texts(page, '[data-testid="sale-date"]')).toContain(lng === 'bn' ? bnDigits(today) : today);
    expectDigits(await texts(page, '[data-testid="sale-amount"]'), lng);
    await shot(page, `instructor-sales-${lng}`);

    // ---- The admin: the sales counters and the range they are for.
    await useSession(page, e2e.baseUrl, admin, { clear: true, lang: lng });
    await page.goto(`${e2e.baseUrl}/adminanalyticssales`);
    // Each block shows '…' until its figures arrive.
    await page.waitForFunction(() => {
      const cells = [...document.querySelectorAll('.kv-table td')];
      return cells.length === 12 && cells.every((td) => !td.textContent?.includes('…'));
    });
    for (const block of ['sales-range', 'sales-all', 'sales-30']) {
      expectDigits(await texts(page, `[data-testid="${block}-totalOrders"] td, [data-testid="${block}-paidOrders"] td, [data-testid="${block}-unpaidOrders"] td`), lng);
    }
    expectDigits([(await page.textContent('[data-testid="sales-range"] h2'))!], lng);
    await shot(page, `admin-sales-analytics-${lng}`);
    // The instructors' course and sale counts, and the day each joined.
    await page.goto(`${e2e.baseUrl}/adminanalyticsinstructor`);
    await page.waitForSelector('[data-testid="table-row"]');
    const cells = page.locator('[data-testid="table-row"] td.num');
    expectDigits(await cells.allTextContents(), lng);
    await shot(page, `admin-instructor-analytics-${lng}`);
    // The dashboard's counters.
    await page.goto(`${e2e.baseUrl}/admin`);
    expectDigits(await texts(page, '[data-testid="dash-counters"] .stat-value'), lng);
    expectDigits(await texts(page, '[data-testid="dash-students"] .stat-value'), lng);
    // The recent order's state in the page's language too (it showed the API's 'Paid').
    expect(await texts(page, '[data-testid="dash-orders"] .recent-list .badge')).toContain(lng === 'bn' ? 'পরিশোধিত' : 'Paid');
    await shot(page, `admin-dashboard-${lng}`);
    // The store's sold counts.
    await page.goto(`${e2e.baseUrl}/adminstoreproduct`);
    await page.waitForSelector('[data-testid="product-table"] tbody tr');
    expectDigits(await page.locator('[data-testid="product-table"] tbody td.num').allTextContents(), lng);
    await shot(page, `admin-store-products-${lng}`);
    expect(errors).toEqual([]);
  } finally {
    await context.close();
  }
}, 120_000);
