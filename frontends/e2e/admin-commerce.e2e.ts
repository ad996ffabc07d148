// The back office's coupon and order screens in the browser against the real all-in-one, as the
// seeded demo admin: create a coupon (validation messages, digits only), see it in the list,
// delete it; the order lists with their date range. English and Bengali; screenshots of each
// screen go to /tmp/shots-panel-admin/ (override with SHOTS_DIR).
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { DEMO, launchBrowser, loginByApi, openPage, startTaal, type Taal } from './support';

const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots-panel-admin';

let taal: Taal;
let browser: Browser;

beforeAll(async () => {
  taal = await startTaal();
  browser = await launchBrowser();
  fs.mkdirSync(SHOTS, { recursive: true });
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await taal?.stop();
}, 30_000);

interface Voucher {
  _id: string;
  cuponCode: string;
  discount: number;
  useLimit: number;
  presentCount: number;
  expireDate: string;
}

async function call<T>(method: 'GET' | 'POST', p: string, token: string, body?: unknown): Promise<T> {
  const res = await fetch(`${taal.baseUrl}/api/v1/${p}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.json()) as { success: boolean; data: T; message?: string };
  if (!json.success) throw new Error(`${method} ${p}: ${res.status} ${json.message}`);
  return json.data;
}

async function toastWith(page: Page, text: string) {
  await page.locator('.toast', { hasText: text }).first().waitFor({ timeout: 15_000 });
}

/** A full-page screenshot, toasts closed first (they would cover the screen). */
const shot = async (page: Page, name: string) => {
  await page.evaluate(async () => {
    document.querySelectorAll<HTMLButtonElement>('.toast button').forEach((b) => b.click());
    await document.fonts.ready;
  });
  await page.waitForFunction(() => !document.querySelector('.toast'));
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
};

/** Today in Dhaka (UTC+6), YYYY-MM-DD, plus `days`. */
const dhakaDay = (days = 0) => new Date(Date.now() + 6 * 3_600_000 + days * 86_400_000).toISOString().slice(0, 10);
const dmy = (iso: string) => iso.split('-').reverse().join('-');

async function loginAsAdmin(page: Page) {
  await page.goto(`${taal.baseUrl}/login`);
  await page.fill('#f-email', DEMO.admin.email);
  await page.fill('#f-password', DEMO.admin.password);
  await page.click('[data-testid="login-submit"]');
  await page.waitForURL(`${taal.baseUrl}/`);
}

test('coupons: create with validation (digits only, missing field), list, delete; en and bn', async () => {
  const { page, context, errors } = await openPage(browser);
  const admin = await loginByApi(taal.baseUrl, DEMO.admin);
  const code = `SAVE${Date.now().toString(36).toUpperCase()}`;
  const expire = dhakaDay(20);
  try {
    await loginAsAdmin(page);
    await page.goto(`${taal.baseUrl}/admincuponlist`);
    await page.waitForSelector('[data-testid="admin-coupon-list"] [data-testid="no-data"]');

    // The side menu's Orders group leads to the create form.
    await page.click('[data-testid="new-coupon"]');
    await page.waitForSelector('[data-testid="admin-create-coupon"]');
    expect(await page.getAttribute('.admin-menu-group[data-group="orders"] .admin-menu-head', 'aria-expanded')).toBe('true');
    await page.click('[data-testid="coupon-submit"]');
    expect(await page.textContent('[data-testid="coupon-message"]')).toBe('any of the field is missing');
    await toastWith(page, 'any of the field is missing');

    // Discount and use limit take digits only.
    await page.fill('input[name="cuponCode"]', code);
    await page.locator('input[name="discount"]').pressSequentially('2a5%');
    expect(await page.inputValue('input[name="discount"]')).toBe('25');
    await page.locator('input[name="useLimit"]').pressSequentially('-1x0');
    expect(await page.inputValue('input[name="useLimit"]')).toBe('10');
    await page.click('[data-testid="coupon-submit"]');
    expect(await page.textContent('[data-testid="coupon-message"]')).toBe('any of the field is missing');
    await page.fill('input[name="expireDate"]', expire);
    await shot(page, 'admin-coupon-create-en');
    await page.click('[data-testid="coupon-submit"]');
    await toastWith(page, 'coupon created successfully');
    expect(await page.textContent('[data-testid="coupon-message"]')).toBe('coupon created successfully');
    expect(await page.inputValue('input[name="cuponCode"]')).toBe('');
    const created = (await call<Voucher[]>('GET', 'cart/cupon/list', admin.token)).find((v) => v.cuponCode === code)!;
    expect(created).toMatchObject({ discount: 25, useLimit: 10, presentCount: 0, expireDate: expire });

    // The same code again: refused.
    await page.fill('input[name="cuponCode"]', code);
    await page.fill('input[name="discount"]', '10');
    await page.fill('input[name="useLimit"]', '1');
    await page.fill('input[name="expireDate"]', expire);
    await page.click('[data-testid="coupon-submit"]');
    await page.waitForFunction(() => document.querySelector('[data-testid="coupon-message"]')?.textContent === 'A coupon with this code already exists');
    // More than 100 percent: refused before the call.
    await page.fill('input[name="cuponCode"]', `${code}X`);
    await page.fill('input[name="discount"]', '150');
    await page.click('[data-testid="coupon-submit"]');
    expect(await page.textContent('[data-testid="coupon-message"]')).toBe('The discount must be from 1 to 100 percent');

    // The list: code, discount, expiry date, times used, use limit.
    await call('POST', 'cart/cupon', admin.token, { cuponCode: `${code}B`, discount: 100, useLimit: 3, expireDate: dhakaDay(5) });
    await page.click('.admin-side a[href="/admincuponlist"]');
    const card = page.locator(`[data-testid="coupon-card"][data-code="${code}"]`);
    await card.waitFor();
    expect(await page.locator('[data-testid="coupon-card"]').count()).toBe(2);
    expect(await card.locator('[data-testid="coupon-discount"]').textContent()).toBe('25% off');
    expect(await card.locator('[data-testid="coupon-expiry"]').textContent()).toBe(dmy(expire));
    expect(await card.locator('[data-testid="coupon-used"]').textContent()).toBe('0');
    expect(await card.locator('[data-testid="coupon-limit"]').textContent()).toBe('10');
    await shot(page, 'admin-coupon-list-en');
    await card.locator('[data-testid="coupon-delete"]').click();
    await toastWith(page, 'Coupon Deleted!!');
    await card.waitFor({ state: 'detached' });
    expect((await call<Voucher[]>('GET', 'cart/cupon/list', admin.token)).map((v) => v.cuponCode)).toEqual([`${code}B`]);

    // Bengali.
    await page.selectOption('[data-testid="language-menu"] select', 'bn');
    await page.waitForFunction(() => document.documentElement.lang === 'bn');
    await page.waitForFunction(() => document.querySelector('[data-testid="admin-coupon-list"] h1')?.textContent === 'কুপন');
    expect(await page.textContent('[data-testid="coupon-delete"]')).toBe('মুছে ফেলুন');
    await shot(page, 'admin-coupon-list-bn');
    await page.click('[data-testid="new-coupon"]');
    await page.waitForSelector('[data-testid="admin-create-coupon"]');
    await page.click('[data-testid="coupon-submit"]');
    expect(await page.textContent('[data-testid="coupon-message"]')).toBe('কোনো একটি ঘর খালি রয়েছে');
    await shot(page, 'admin-coupon-create-bn');
    await page.click('[data-testid="coupon-submit"]');
    expect(errors).toEqual([]);
  } finally {
    await context.close();
  }
}, 120_000);
