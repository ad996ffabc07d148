// The back office's order counts past the spec's bounded lists (issue 51, decision 0089), in Chromium
// against the real all-in-one: the demo student places more orders today than GET order/list and
// analytics/orders keep (ORDER_LIST_BOUND, 80): one course in the cart, ordered again and again (each
// order is a new unpaid one; the cart stays). The dashboard's 30-day chart and the sales screen's
// "last 30 days" counts must equal a recount of GET order/page read to its end, 100 a page; counting
// the bounded lists in the browser (as before) stops at 80. English and Bengali; screenshots go to
// /tmp/shots-order-counts/.
import type { Page } from 'playwright-core';
import { api, DEMO, dhakaDay, loginByApi, openPage, useSession, useE2E, type LoginAnswer } from './support';

const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots-order-counts';
const e2e = useE2E({ shotsDir: SHOTS });
const { shot } = e2e;
const { call, request } = api(e2e);
const ORDERS = 85;
let admin: LoginAnswer;

/** Every order of a range through the paged route, a page of 100 at a time: how many, and how many paid. */
async function recount(from: string, to: string): Promise<{ total: number; paid: number }> {
  let total = 0;
  let paid = 0;
  for (let cursor = ''; ; ) {
    const page = await call<{ items: { paid: boolean }[]; next: string | null }>('GET', `order/page?from=${from}&to=${to}&limit=100${cursor ? `&cursor=${cursor}` : ''}`, admin.token);
    total += page.items.length;
    paid += page.items.filter((o) => o.paid).length;
    if (!page.next) return { total, paid };
    cursor = page.next;
  }
}

const asciiDigits = (s: string) => s.replace(/[০-৯]/g, (d) => String(d.charCodeAt(0) - 0x09e6)).replace(/[^0-9]/g, '');

beforeAll(async () => {
  admin = await loginByApi(e2e.baseUrl, DEMO.admin);
  const student = await loginByApi(e2e.baseUrl, DEMO.student);
  // A course the demo student does not own yet, in the cart; each order of it is unpaid (no wallet money spent).
  const courses = await call<{ items: { _id: string; priceSilver: { price: number } }[] }>('GET', 'course/page?limit=20', null);
  for (const course of courses.items) {
    const added = await request('POST', 'cart/', student.token, { user: student.user._id, course: course._id, tier: 'silver' });
    if (added.status !== 200 && added.status !== 201) continue;
    const first = await request('POST', 'order', student.token, { userId: student.user._id, amount: course.priceSilver.price, useWallet: false });
    if (first.status !== 201) throw new Error(`order: ${first.status} ${first.json.message}`);
    for (let n = 1; n < ORDERS; n++) await call('POST', 'order', student.token, { userId: student.user._id, amount: course.priceSilver.price, useWallet: false });
    return;
  }
  throw new Error('no course the demo student can put in the cart');
}, 240_000);

async function adminPage(lng: 'en' | 'bn'): Promise<Page> {
  const { page } = await openPage(e2e.browser);
  await useSession(page, e2e.baseUrl, admin, { lang: lng });
  return page;
}

describe.each(['en', 'bn'] as const)('order counts past the bounded lists (%s)', (lng) => {
  it('the dashboard charts each of the last 30 days’ kept count of orders, today’s past the bound', async () => {
    const today = dhakaDay();
    const expected = await recount(today, today);
    expect(expected.total).toBeGreaterThan(80);
    const page = await adminPage(lng);
    await page.goto(`${e2e.baseUrl}/admin`);
    const datums = page.locator('[data-testid="dash-orders"] [data-testid="chart-datum"]');
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="dash-orders"] .recent-list li').length > 0);
    expect(await datums.count()).toBe(31);
    expect(Number(await datums.last().getAttribute('data-value'))).toBe(expected.total);
    // Every day of the chart equals its recount (the days before today: the demo's orders, if any).
    const values = await datums.evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-value'))));
    const sum = values.reduce((a, b) => a + b, 0);
    expect(sum).toBe((await recount(dhakaDay(-30), today)).total);
    // The recent orders are the page's 5 newest; the messages the paged routes' 5 newest.
    expect(await page.locator('[data-testid="dash-orders"] .recent-list li').count()).toBe(5);
    await page.locator('[data-testid="dash-orders"]').scrollIntoViewIfNeeded();
    await shot(page, `dashboard-orders-${lng}`, { fullPage: true });
    await page.close();
  });

  it('the sales screen counts the last 30 days’ orders and paid orders from the kept figures', async () => {
    const expected = await recount(dhakaDay(-30), dhakaDay());
    expect(expected.total).toBeGreaterThan(80);
    const page = await adminPage(lng);
    await page.goto(`${e2e.baseUrl}/adminanalyticssales`);
    const cell = (k: string) => page.locator(`[data-testid="sales-30-${k}"] td`);
    await page.waitForFunction(() => !/…/.test(document.querySelector('[data-testid="sales-30-totalOrders"] td')?.textContent ?? '…'));
    await page.waitForFunction(() => !/…/.test(document.querySelector('[data-testid="sales-30-paidOrders"] td')?.textContent ?? '…'));
    expect(Number(asciiDigits((await cell('totalOrders').textContent()) ?? ''))).toBe(expected.total);
    expect(Number(asciiDigits((await cell('paidOrders').textContent()) ?? ''))).toBe(expected.paid);
    expect(Number(asciiDigits((await cell('unpaidOrders').textContent()) ?? ''))).toBe(expected.total - expected.paid);
    if (lng === 'bn') expect(await cell('totalOrders').textContent()).toMatch(/[০-৯]/);
    await shot(page, `sales-${lng}`, { fullPage: true });
    await page.close();
  });
});
