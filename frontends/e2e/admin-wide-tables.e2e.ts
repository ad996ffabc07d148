// The back office's wide tables at 1280 px (issue 28, item 5): the order lists show Status and
// Paid at without scrolling; a table that still does not fit (a narrower window) says so above
// it, and its scroller is a focusable, named region the arrow keys scroll. en and bn; screenshots
// into /tmp/shots-wide-tables (override with SHOTS_DIR).
import type { Page } from 'playwright-core';
import { api, DEMO, apiGet, loginByApi, type LoginAnswer, openPage, useE2E, useSession } from './support';

const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots-wide-tables';
const e2e = useE2E({ shotsDir: SHOTS });
const { call } = api(e2e);
let admin: LoginAnswer;

beforeAll(async () => {
  admin = await loginByApi(e2e.baseUrl, DEMO.admin);
  // One paid and one unpaid order, with a long e-mail, so both lists have their widest cells.
  const student = await loginByApi(e2e.baseUrl, DEMO.student);
  const courses = await apiGet<{ _id: string }[]>(e2e.baseUrl, 'course/');
  const code = `WIDE${Date.now().toString(36).toUpperCase()}`;
  await call('POST', 'cart/cupon', admin.token, { cuponCode: code, discount: 100, useLimit: 5, expireDate: '2099-12-31' });
  await call('POST', 'cart/', student.token, { user: student.user._id, course: courses[0]!._id, tier: 'silver' });
  const paid = await call<{ _id: string }>('POST', 'order', student.token, { userId: student.user._id, amount: 0, cuponCode: code });
  await call('POST', `cart/zero-cart/${student.user._id}/${paid._id}`, student.token, {});
  const cart = await call<{ subtotal: number }>('POST', 'cart/', student.token, { user: student.user._id, course: courses[1]!._id, tier: 'gold' });
  await call('POST', 'order', student.token, { userId: student.user._id, amount: cart.subtotal });
}, 120_000);

/** The table's scroller: how wide it is against what it holds, and its accessible parts. */
const scrollerOf = (page: Page, table: string) =>
  page.$eval(`[data-testid="${table}"] [data-testid="table-scroll"]`, (el) => ({
    fits: el.scrollWidth <= el.clientWidth,
    tabIndex: el.getAttribute('tabindex'),
    role: el.getAttribute('role'),
    label: el.getAttribute('aria-label'),
    hint: !!el.parentElement?.querySelector('[data-testid="table-scroll-hint"]'),
  }));

/** Every header cell lies within the scroller's visible box. */
const headersVisible = (page: Page, table: string) =>
  page.$eval(`[data-testid="${table}"] [data-testid="table-scroll"]`, (el) => {
    const box = el.getBoundingClientRect();
    return [...el.querySelectorAll('th')].filter((th) => th.getBoundingClientRect().right > box.right + 0.5).map((th) => th.textContent);
  });

const ORDER_PAGES = [
  { path: '/adminorderlist', table: 'orders-table' },
  { path: '/adminpaidorderlist', table: 'orders-table' },
];

test('at 1280 px the order lists fit: Status and Paid at are on the screen, no scroller, in en and bn', async () => {
  for (const lang of ['en', 'bn'] as const) {
    const { page, context, errors } = await openPage(e2e.browser, 1280);
    try {
      await useSession(page, e2e.baseUrl, admin, { clear: true, lang });
      for (const { path, table } of ORDER_PAGES) {
        await page.goto(`${e2e.baseUrl}${path}`);
        await page.waitForSelector(`[data-testid="${table}"] [data-testid="table-row"]`);
        await page.evaluate(() => document.fonts.ready);
        const status = lang === 'en' ? 'Status' : null;
        if (status) expect(await page.textContent(`[data-testid="${table}"] thead`)).toContain(status);
        expect(await headersVisible(page, table)).toEqual([]);
        expect(await scrollerOf(page, table)).toEqual({ fits: true, tabIndex: null, role: null, label: null, hint: false });
        await e2e.shot(page, `orders-1280-${lang}${path.replace('/', '-')}`);
      }
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  }
}, 180_000);

test('a table that does not fit says so, and its scroller is a named region the keyboard reaches and scrolls', async () => {
  const { page, context, errors } = await openPage(e2e.browser, 700);
  try {
    await useSession(page, e2e.baseUrl, admin, { clear: true, lang: 'en' });
    await page.goto(`${e2e.baseUrl}/adminorderlist`);
    await page.waitForSelector('[data-testid="orders-table"] [data-testid="table-row"]');
    expect(await scrollerOf(page, 'orders-table')).toEqual({ fits: false, tabIndex: '0', role: 'region', label: expect.stringContaining('the table scrolls sideways'), hint: true });
    expect(await page.textContent('[data-testid="orders-table"] [data-testid="table-scroll-hint"]')).toContain('More columns: scroll the table sideways');
    // Reached with Tab (after the controls before it) and scrolled with the arrow keys.
    const scroller = page.locator('[data-testid="orders-table"] [data-testid="table-scroll"]');
    await scroller.focus();
    expect(await scroller.evaluate((el) => el === document.activeElement && getComputedStyle(el).outlineStyle !== 'none')).toBe(true);
    for (let i = 0; i < 10; i++) await page.keyboard.press('ArrowRight');
    expect(await scroller.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
    await e2e.shot(page, 'orders-700-en-scroll-region', { fullPage: false });

    await useSession(page, e2e.baseUrl, admin, { lang: 'bn' });
    await page.goto(`${e2e.baseUrl}/adminorderlist`);
    await page.waitForSelector('[data-testid="orders-table"] [data-testid="table-scroll-hint"]');
    expect(await page.textContent('[data-testid="orders-table"] [data-testid="table-scroll-hint"]')).toContain('আরও কলাম আছে');
    await page.evaluate(() => document.fonts.ready);
    await e2e.shot(page, 'orders-700-bn-scroll-region', { fullPage: false });
    // Widened to 1280 px, it fits again and the region and the hint go.
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.waitForFunction(() => !document.querySelector('[data-testid="orders-table"] [data-testid="table-scroll-hint"]'));
    expect((await scrollerOf(page, 'orders-table')).tabIndex).toBeNull();
    expect(errors).toEqual([]);
  } finally {
    await context.close();
  }
}, 120_000);
