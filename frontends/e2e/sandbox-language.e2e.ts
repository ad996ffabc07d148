// Issue 55 (decision 0071), in Chromium against the real all-in-one on a phone (390 px, mobile
// emulation): the card sandbox's page and its settled page speak the visitor's language, as the
// site's own pages do (i18next's cookie): Bengali words, money in Bengali digits, drawn with the
// site's Bengali font (never boxes: this machine has no Bengali system font), within the phone's
// width. English stays English. Screenshots: /tmp/shots-55/ (override with SHOTS_DIR).
import type { Browser, Page } from 'playwright-core';
import { api, DEMO, loginByApi, useE2E, useSession } from './support';

const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots-55';
const e2e = useE2E({ shotsDir: SHOTS });
const { request } = api(e2e);

async function phone(browser: Browser) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  return { context, page, errors };
}

const TEXT = {
  en: { title: 'SSLCommerz sandbox', pay: 'Pay', cancel: 'Cancel', amount: /Pay BDT [0-9,]+\.[0-9]{2} for transaction/, cancelled: 'This payment attempt has ended: it was cancelled.', paid: 'This payment is complete', back: 'Back to the shop' },
  bn: { title: 'SSLCommerz স্যান্ডবক্স', pay: 'পরিশোধ করুন', cancel: 'বাতিল করুন', amount: /^লেনদেন \S+-এর জন্য [০-৯,]+\.[০-৯]{2} টাকা পরিশোধ করুন$/, cancelled: 'এই পেমেন্টের চেষ্টা শেষ হয়েছে: এটি বাতিল করা হয়েছে।', paid: 'এই পেমেন্ট সম্পন্ন হয়েছে', back: 'দোকানে ফিরে যান' },
} as const;

/** The page fits the phone (nothing scrolls sideways) and its Bengali, if any, is drawn with the Bengali font. */
async function fitsAndDraws(page: Page, lng: 'en' | 'bn') {
  await page.evaluate(() => document.fonts.ready);
  expect(await page.getAttribute('meta[name="viewport"]', 'content')).toBe('width=device-width, initial-scale=1');
  expect(await page.evaluate(() => [document.documentElement.clientWidth, document.documentElement.scrollWidth])).toEqual([390, 390]);
  const bengali = await page.evaluate(() => [...document.fonts].some((f) => f.family.replace(/"/g, '') === 'Noto Sans Bengali' && f.status === 'loaded'));
  expect(bengali).toBe(lng === 'bn');
}

const toSandbox = async (page: Page) => {
  await page.goto(`${e2e.baseUrl}/cart`);
  await page.click('[data-testid="cart-proceed"]');
  await page.waitForURL((url) => url.pathname.startsWith('/sslcommerz-sandbox/') && url.pathname.includes('/pay/'), { timeout: 30_000 });
};

test.each(['en', 'bn'] as const)("the card sandbox's pay page and its settled pages speak the site's language at phone width (%s)", async (lng) => {
  const student = await loginByApi(e2e.baseUrl, DEMO.student);
  const courses = (await request<{ _id: string; title: string }[]>('GET', 'course/')).json.data;
  const course = courses.find((c) => c.title === (lng === 'en' ? 'Lead Guitar Mastery' : 'Guitar From Zero')) ?? courses[0]!;
  expect((await request('POST', 'cart/remove_all', student.token, { user: student.user._id })).status).toBe(200);
  expect((await request('POST', 'cart/', student.token, { user: student.user._id, course: course._id, tier: 'silver' })).status).toBe(200);

  const { page, context, errors } = await phone(e2e.browser);
  try {
    await useSession(page, e2e.baseUrl, student, { lang: lng });
    await toSandbox(page);
    // The site's language reached the sandbox as i18next's cookie.
    expect((await context.cookies()).find((c) => c.name === 'i18next')?.value).toBe(lng);
    const t = TEXT[lng];
    expect(await page.getAttribute('html', 'lang')).toBe(lng);
    expect(await page.textContent('h1')).toBe(t.title);
    expect((await page.textContent('body > p'))?.trim()).toMatch(t.amount);
    expect(await page.locator('button').allTextContents()).toEqual(lng === 'en' ? ['Pay', 'Fail', 'Cancel'] : ['পরিশোধ করুন', 'ব্যর্থ করুন', 'বাতিল করুন']);
    await fitsAndDraws(page, lng);
    await e2e.shot(page, `sandbox-pay-phone-${lng}`, { fullPage: false });

    // Cancel, then Back: the attempt is settled, said in the same language, with no buttons.
    const sandboxUrl = page.url();
    await page.locator('button', { hasText: t.cancel }).click();
    await page.waitForURL('**/payment/cancel?order=*', { timeout: 30_000 });
    await page.goBack();
    await page.waitForURL(sandboxUrl);
    await page.waitForSelector('[data-state="cancelled"]');
    expect(await page.textContent('[data-state="cancelled"]')).toBe(t.cancelled);
    expect(await page.textContent('a')).toBe(t.back);
    expect(await page.locator('button').count()).toBe(0);
    await fitsAndDraws(page, lng);
    await e2e.shot(page, `sandbox-cancelled-phone-${lng}`, { fullPage: false });

    // Pay, then Back: paid, in the same language.
    await toSandbox(page);
    const paidUrl = page.url();
    await page.locator('button', { hasText: t.pay }).click();
    await page.waitForURL('**/payment/success?order=*', { timeout: 30_000 });
    await page.waitForSelector('[data-testid="payment-success"][data-state="paid"]', { timeout: 20_000 });
    await page.goBack();
    await page.waitForURL(paidUrl);
    await page.waitForSelector('[data-state="paid"]');
    expect(await page.textContent('[data-state="paid"]')).toContain(t.paid);
    await fitsAndDraws(page, lng);
    await e2e.shot(page, `sandbox-paid-phone-${lng}`, { fullPage: false });
    expect(errors).toEqual([]);
  } finally {
    await context.close();
  }
}, 120_000);
