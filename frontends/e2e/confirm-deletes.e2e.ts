// Issue 28, item 9, in the browser against the real all-in-one as the seeded demo admin:
// - deleting an upcoming course and a store product asks first, in the back office's one
//   confirmation dialog (the coupon's, useConfirm); Cancel or Escape keeps the item, Delete removes it;
// - a success toast clears the error toasts shown before it (the retry worked).
// English and Bengali; screenshots go to /tmp/shots-28/ (override with SHOTS_DIR).
import type { Page } from 'playwright-core';
import { api, DEMO, dhakaDay, loginByApi, loginInUi, openPage, screenshot, switchLanguage, toastWith, useE2E } from './support';

const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots-28';

const e2e = useE2E({ shotsDir: SHOTS });
const { shot } = e2e;
const { call } = api(e2e);

const DIALOG = '[data-testid="confirm-dialog"]';
const dialogText = (page: Page) => page.textContent(`${DIALOG} [data-testid="confirm-text"]`);

test('deleting an upcoming course or a store product asks in the one confirmation dialog; Cancel and Escape keep it, Delete removes it; en and bn', async () => {
  const { page, context, errors } = await openPage(e2e.browser);
  const admin = await loginByApi(e2e.baseUrl, DEMO.admin);
  const upcomingNames = async () => (await call<{ name: string }[]>('GET', 'course/upcoming')).map((c) => c.name);
  const productNames = async () => (await call<{ name: string }[]>('GET', 'store/product/', admin.token)).map((p) => p.name);
  try {
    await loginInUi(page, e2e.baseUrl, DEMO.admin);

    // ---- Upcoming courses: the delete asked nothing before.
    await page.goto(`${e2e.baseUrl}/adminupcomingcourselist`);
    const card = page.locator('[data-testid="admin-upcoming"]').first();
    await card.waitFor();
    const name = (await card.locator('h3').textContent())!;
    const before = await upcomingNames();
    expect(before).toContain(name);
    await card.locator('[data-testid="upcoming-delete"]').click();
    await page.waitForSelector(DIALOG, { state: 'visible' });
    expect(await dialogText(page)).toBe(`Delete the upcoming course “${name}”?`);
    expect(await page.textContent(`${DIALOG} h2`)).toBe('Are you sure?');
    await screenshot(page, SHOTS, 'admin-upcoming-confirm-en', { fullPage: false });
    await page.click('[data-testid="confirm-no"]');
    await page.waitForSelector(DIALOG, { state: 'hidden' });
    expect(await upcomingNames()).toEqual(before);
    expect(await page.locator('[data-testid="admin-upcoming"] h3', { hasText: name }).count()).toBe(1);
    // Delete: the course goes, from the page and from the catalogue.
    await card.locator('[data-testid="upcoming-delete"]').click();
    await page.click('[data-testid="confirm-yes"]');
    await toastWith(page, 'Course Deleted!!');
    await page.locator('[data-testid="admin-upcoming"] h3', { hasText: name }).waitFor({ state: 'detached' });
    expect(await upcomingNames()).not.toContain(name);

    // ---- Store products: the same dialog (no modal of its own).
    await page.goto(`${e2e.baseUrl}/adminstoreproduct`);
    const row = page.locator('[data-testid="product-table"] tr', { hasText: 'gift-card-1000' });
    await row.waitFor();
    const product = (await call<{ name: string; param: string }[]>('GET', 'store/product/', admin.token)).find((p) => p.param === 'gift-card-1000')!.name;
    await row.locator('[data-testid="product-delete"]').click();
    await page.waitForSelector(DIALOG, { state: 'visible' });
    expect(await dialogText(page)).toBe(`Delete ${product}?`);
    expect(await page.locator('[data-testid="product-delete-modal"]').count()).toBe(0);
    await screenshot(page, SHOTS, 'admin-product-confirm-en', { fullPage: false });
    await page.click('[data-testid="confirm-no"]');
    await page.waitForSelector(DIALOG, { state: 'hidden' });
    expect(await productNames()).toContain(product);
    expect(await row.count()).toBe(1);

    // ---- Bengali: the dialog in Bengali; Escape keeps the item too.
    await switchLanguage(page, 'bn', { fonts: true });
    await row.locator('[data-testid="product-delete"]').click();
    await page.waitForSelector(DIALOG, { state: 'visible' });
    expect(await dialogText(page)).toBe(`${product} মুছে ফেলবেন?`);
    expect(await page.textContent('[data-testid="confirm-yes"]')).toBe('মুছে ফেলুন');
    await screenshot(page, SHOTS, 'admin-product-confirm-bn', { fullPage: false });
    await page.keyboard.press('Escape');
    await page.waitForSelector(DIALOG, { state: 'hidden' });
    expect(await productNames()).toContain(product);
    // Delete, in Bengali.
    await row.locator('[data-testid="product-delete"]').click();
    await page.click('[data-testid="confirm-yes"]');
    await page.locator('.toasts-top .toast', { hasText: 'পণ্য সফলভাবে মুছে ফেলা হয়েছে!' }).waitFor();
    await row.waitFor({ state: 'detached' });
    expect(await productNames()).not.toContain(product);

    await page.goto(`${e2e.baseUrl}/adminupcomingcourselist`);
    const bnCard = page.locator('[data-testid="admin-upcoming"]').first();
    await bnCard.waitFor();
    const bnName = (await bnCard.locator('h3').textContent())!;
    await bnCard.locator('[data-testid="upcoming-delete"]').click();
    await page.waitForSelector(DIALOG, { state: 'visible' });
    expect(await dialogText(page)).toBe(`আসন্ন কোর্স “${bnName}” মুছে ফেলবেন?`);
    await screenshot(page, SHOTS, 'admin-upcoming-confirm-bn', { fullPage: false });
    await page.click('[data-testid="confirm-no"]');
    await page.waitForSelector(DIALOG, { state: 'hidden' });
    expect(await upcomingNames()).toContain(bnName);
    await shot(page, 'admin-upcoming-list-bn');
    expect(errors).toEqual([]);
  } finally {
    await context.close();
  }
}, 120_000);

test('a success toast clears the error toasts before it (a refused coupon form, then a created coupon); en and bn', async () => {
  const { page, context, errors } = await openPage(e2e.browser);
  const errorToasts = page.locator('.toast.toast-error');
  try {
    await loginInUi(page, e2e.baseUrl, DEMO.admin);
    const attempt = async (code: string, refused: string, created: string, name: string) => {
      await page.goto(`${e2e.baseUrl}/cupon`);
      await page.waitForSelector('[data-testid="admin-create-coupon"]');
      // Refused twice (nothing filled): the second toast replaces the first (decision 0066), one stays.
      await page.click('[data-testid="coupon-submit"]');
      await page.click('[data-testid="coupon-submit"]');
      await page.waitForFunction((n) => document.querySelectorAll('.toast.toast-error').length === n, 1);
      expect(await errorToasts.first().textContent()).toContain(refused);
      // Filled in and sent: the success shows and the errors are gone at once.
      await page.fill('input[name="cuponCode"]', code);
      await page.fill('input[name="discount"]', '15');
      await page.fill('input[name="useLimit"]', '3');
      await page.fill('input[name="expireDate"]', dhakaDay(10));
      await page.click('[data-testid="coupon-submit"]');
      await toastWith(page, created);
      expect(await errorToasts.count()).toBe(0);
      expect(await page.locator('.toast.toast-success').count()).toBe(1);
      await screenshot(page, SHOTS, name, { keepToasts: true, fullPage: false });
    };
    await attempt(`TOAST${Date.now().toString(36).toUpperCase()}`, 'any of the field is missing', 'coupon created successfully', 'admin-toast-success-en');
    await switchLanguage(page, 'bn', { fonts: true });
    await attempt(`TOASTBN${Date.now().toString(36).toUpperCase()}`, 'কোনো একটি ঘর খালি রয়েছে', 'কুপন সফলভাবে তৈরি হয়েছে', 'admin-toast-success-bn');
    expect(errors).toEqual([]);
  } finally {
    await context.close();
  }
}, 120_000);
