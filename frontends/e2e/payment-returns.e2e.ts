// Issue 55 (payment minors): after paying, the browser's Back shows the card sandbox's page as
// settled, with no Pay/Fail/Cancel buttons; the sandbox page fits a phone (viewport meta);
// /payment/success of an order that is not the caller's (or made up) does not thank for it; a
// voucher stays with the cart after a cancelled payment; an empty voucher code asks for one instead
// of "Coupon Not found". Phone width (390, mobile emulation), en and bn. Screenshots:
// /tmp/shots-payment-returns (override with SHOTS_DIR).
import type { Browser, Page } from 'playwright-core';
import { api, DEMO, loginByApi, toastWith, useE2E, useSession, type LoginAnswer } from './support';

const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots-payment-returns';
const e2e = useE2E({ shotsDir: SHOTS });
const { request } = api(e2e);

async function phone(browser: Browser) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  return { context, page, errors };
}

async function createVoucher(admin: LoginAnswer, percent: number): Promise<string> {
  const code = `PAY${Date.now().toString(36).toUpperCase()}`;
  const res = await request('POST', 'cart/cupon', admin.token, { cuponCode: code, discount: percent, useLimit: 10, expireDate: '2099-12-31' });
  expect(res.status).toBe(201);
  return code;
}

const clickSandbox = (page: Page, label: 'Pay' | 'Fail' | 'Cancel') => page.locator('button', { hasText: new RegExp(`^\\s*${label}\\s*$`) }).click();

test('a voucher survives a cancelled payment; Back after paying shows the sandbox settled, without buttons, at phone width; an order not yours is not thanked for', async () => {
  const admin = await loginByApi(e2e.baseUrl, DEMO.admin);
  const student = await loginByApi(e2e.baseUrl, DEMO.student);
  const courses = (await request<{ _id: string; title: string }[]>('GET', 'course/')).json.data;
  const course = courses.find((c) => c.title === 'Lead Guitar Mastery')!;
  expect((await request('POST', 'cart/remove_all', student.token, { user: student.user._id })).status).toBe(200);
  expect((await request('POST', 'cart/', student.token, { user: student.user._id, course: course._id, tier: 'gold' })).status).toBe(200);
  const code = await createVoucher(admin, 10);

  const { page, context, errors } = await phone(e2e.browser);
  try {
    await useSession(page, e2e.baseUrl, student, { lang: 'en' });
    await page.goto(`${e2e.baseUrl}/cart`);
    await page.waitForSelector('[data-testid="cart-proceed"]');

    // An empty code asks for one (not "Coupon Not found").
    await page.click('[data-testid="voucher-apply"]');
    await toastWith(page, 'Please enter a voucher code');
    expect(await page.locator('.toast', { hasText: 'Coupon Not found' }).count()).toBe(0);
    await e2e.shot(page, 'voucher-empty-en', { fullPage: false, keepToasts: true });

    await page.fill('[data-testid="voucher-input"]', code);
    await page.click('[data-testid="voucher-apply"]');
    await page.waitForSelector('[data-testid="voucher-applied"]');

    // Proceed, then Cancel on the gateway's page: back in the cart, the voucher is still applied.
    await page.click('[data-testid="cart-proceed"]');
    await page.waitForURL((url) => url.pathname.startsWith('/sslcommerz-sandbox/') && url.pathname.includes('/pay/'), { timeout: 30_000 });
    // The sandbox page is laid out for the phone's width, not 980 px.
    expect(await page.getAttribute('meta[name="viewport"]', 'content')).toBe('width=device-width, initial-scale=1');
    expect(await page.evaluate(() => document.documentElement.clientWidth)).toBe(390);
    await e2e.shot(page, 'sandbox-open-phone', { fullPage: false });
    await clickSandbox(page, 'Cancel');
    await page.waitForURL('**/payment/cancel?order=*', { timeout: 30_000 });
    await page.click('[data-testid="payment-back-to-cart"]');
    await page.waitForURL('**/cart');
    await page.waitForSelector('[data-testid="voucher-applied"]');
    expect(await page.textContent('[data-testid="voucher-applied"]')).toContain(code);

    // Proceed and Pay: thanked for the paid order.
    await page.click('[data-testid="cart-proceed"]');
    await page.waitForURL((url) => url.pathname.startsWith('/sslcommerz-sandbox/') && url.pathname.includes('/pay/'), { timeout: 30_000 });
    const sandboxUrl = page.url();
    await clickSandbox(page, 'Pay');
    await page.waitForURL('**/payment/success?order=*', { timeout: 30_000 });
    await page.waitForSelector('[data-testid="payment-success"][data-state="paid"]', { timeout: 20_000 });
    expect(await page.textContent('[data-testid="payment-success"] h1')).toBe('Thank you for your purchase!');

    // Back: the gateway's page again, now saying it is paid, with no buttons to press.
    await page.goBack();
    await page.waitForURL(sandboxUrl);
    await page.waitForSelector('[data-state="paid"]');
    expect(await page.textContent('body')).toContain('This payment is complete');
    expect(await page.locator('button').count()).toBe(0);
    expect(await page.locator('form').count()).toBe(0);
    await e2e.shot(page, 'sandbox-settled-phone', { fullPage: false });

    // A made-up order, and the paid one's page for someone else: no thanks, no order echoed.
    for (const lng of ['en', 'bn'] as const) {
      await useSession(page, e2e.baseUrl, student, { lang: lng });
      await page.goto(`${e2e.baseUrl}/payment/success?order=nope`);
      await page.waitForSelector('[data-testid="payment-success"][data-state="unknown"]');
      const body = (await page.textContent('[data-testid="payment-success"]')) ?? '';
      expect(body).toContain(lng === 'en' ? 'Order not found' : 'অর্ডারটি পাওয়া যায়নি');
      expect(body).not.toContain('nope');
      expect(body).not.toContain(lng === 'en' ? 'Thank you' : 'ধন্যবাদ');
      await page.evaluate(() => document.fonts.ready);
      await e2e.shot(page, `success-unknown-order-${lng}`, { fullPage: false });
    }
    const orders = (await request<{ _id: string; paid: boolean }[]>('GET', `order/${student.user._id}`, student.token)).json.data;
    const paid = orders.find((o) => o.paid)!;
    const instructor = await loginByApi(e2e.baseUrl, DEMO.instructor);
    await useSession(page, e2e.baseUrl, instructor, { lang: 'en' });
    await page.goto(`${e2e.baseUrl}/payment/success?order=${paid._id}`);
    await page.waitForSelector('[data-testid="payment-success"][data-state="unknown"]');
    // Logged out: a login that returns to the page.
    await useSession(page, e2e.baseUrl, null, { lang: 'bn' });
    await page.goto(`${e2e.baseUrl}/payment/success?order=${paid._id}`);
    await page.waitForSelector('[data-testid="payment-login"]');
    await e2e.shot(page, 'success-logged-out-bn', { fullPage: false });
    expect(errors).toEqual([]);
  } finally {
    await context.close();
  }
}, 180_000);

test('the voucher messages in Bengali say voucher (ভাউচার), as the page does: empty, unknown and applied', async () => {
  const student = await loginByApi(e2e.baseUrl, DEMO.student);
  const admin = await loginByApi(e2e.baseUrl, DEMO.admin);
  const code = await createVoucher(admin, 5);
  const { page, context, errors } = await phone(e2e.browser);
  try {
    await useSession(page, e2e.baseUrl, student, { lang: 'bn' });
    const courses = (await request<{ _id: string; title: string }[]>('GET', 'course/')).json.data;
    await request('POST', 'cart/', student.token, { user: student.user._id, course: courses.find((c) => c.title === 'Jazz Piano Improvisation')!._id, tier: 'silver' });
    await page.goto(`${e2e.baseUrl}/cart`);
    await page.waitForSelector('[data-testid="voucher-apply"]');
    await page.click('[data-testid="voucher-apply"]');
    await toastWith(page, 'অনুগ্রহ করে ভাউচার কোড লিখুন');
    await page.evaluate(() => document.fonts.ready);
    await e2e.shot(page, 'voucher-empty-bn', { fullPage: false, keepToasts: true });
    // Unknown, then applied: the Bengali says ভাউচার (the English keeps the spec's "Coupon Not found" / "Coupon Applied").
    await page.fill('[data-testid="voucher-input"]', 'NO-SUCH-VOUCHER');
    await page.click('[data-testid="voucher-apply"]');
    await toastWith(page, 'ভাউচার পাওয়া যায়নি');
    await page.fill('[data-testid="voucher-input"]', code);
    await page.click('[data-testid="voucher-apply"]');
    await toastWith(page, 'ভাউচার প্রয়োগ করা হয়েছে');
    expect(await page.locator('.toast', { hasText: 'কুপন' }).count()).toBe(0);
    await e2e.shot(page, 'voucher-applied-bn', { fullPage: false, keepToasts: true });
    expect(errors).toEqual([]);
  } finally {
    await context.close();
  }
}, 90_000);
