// Payouts in the browser against the real all-in-one (issue 12): two students buy the demo
// instructor's course, one by card with a 10% voucher (the payment sandbox), the other from
// their wallet; the instructor sees both sales net of the 2.5% gateway cut in the Analytics tab;
// the admin sees the due on the instructor's detail page, settles part of it with a PDF receipt
// (after a confirmation); the instructor sees it Settled and downloads the receipt. Screenshots of
// every payouts screen in en and bn go to /tmp/shots/payouts/ (override with SHOTS_DIR).
import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { api, DEMO, type LoginAnswer, loginByApi, makePng, openPage, signUpByApi, toastWith, useE2E, useSession, verificationToken } from './support';

const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots/payouts';
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

const e2e = useE2E({ shotsDir: SHOTS });
const shot = (page: Page, name: string) => e2e.shot(page, name, { scrollTop: true });
const { call } = api(e2e);

interface Course {
  _id: string;
  title: string;
  instructor: string | { _id: string };
  priceSilver: { price: number };
}

async function setLanguage(page: Page, lang: string) {
  await page.evaluate((l) => localStorage.setItem('i18nextLng', l), lang);
}

/** A second student: sign-up, the verification mail, login. */
async function newStudent(page: Page): Promise<LoginAnswer> {
  const who = { email: `buyer-${Date.now()}@example.com`, password: 'secret12', name: 'Rahim Kreta' };
  expect((await signUpByApi(page, e2e.baseUrl, { ...who, dob: '2001-01-01', phone: '01911111111', address: 'Dhaka' })).status).toBe(201);
  expect((await fetch(`${e2e.baseUrl}/api/v1/user/verify-email/${await verificationToken(e2e.taal, who.email)}`)).ok).toBe(true);
  return loginByApi(e2e.baseUrl, who);
}

const gatewayCut = (paid: number) => Math.floor((paid * 25 * 2 + 1000) / 2000);
/** As a form's field takes an amount ('1234.50'). */
const money = (poisha: number) => (poisha / 100).toFixed(2);
/** As the screens show an amount (thousands grouped, as the PDFs: '1,234.50'). */
const shown = (poisha: number) => (poisha / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

test('two students buy, the instructor sees both sales net of 2.5%, the admin settles part with a PDF receipt, the instructor sees it Settled and downloads it; en and bn', async () => {
  const { page, context, errors } = await openPage(e2e.browser);
  try {
    const admin = await loginByApi(e2e.baseUrl, DEMO.admin);
    const instructor = await loginByApi(e2e.baseUrl, DEMO.instructor);
    const profile = (instructor.user as unknown as { instructor: string }).instructor;
    const studentA = await loginByApi(e2e.baseUrl, DEMO.student);
    const studentB = await newStudent(page);
    const courses = (await (await fetch(`${e2e.baseUrl}/api/v1/course/`)).json()).data as Course[];
    const owner = (c: Course) => (typeof c.instructor === 'string' ? c.instructor : c.instructor?._id);
    const course = courses.find((c) => owner(c) === profile && c.priceSilver?.price > 0)!;
    const price = course.priceSilver.price;

    // ---- Student A: by card with a 10% voucher, in the browser through the payment sandbox.
    const code = `PAY${Date.now().toString(36).toUpperCase()}`;
    await call('POST', 'cart/cupon', admin.token, { cuponCode: code, discount: 10, useLimit: 5, expireDate: '2099-12-31' });
    await call('POST', 'cart/remove_all', studentA.token, { user: studentA.user._id });
    await call('POST', 'cart/', studentA.token, { user: studentA.user._id, course: course._id, tier: 'silver' });
    await useSession(page, e2e.baseUrl, studentA, { clear: true, lang: 'en' });
    await page.goto(`${e2e.baseUrl}/cart`);
    await page.fill('[data-testid="voucher-input"]', code);
    await page.click('[data-testid="voucher-apply"]');
    await toastWith(page, 'Coupon Applied');
    await page.click('[data-testid="cart-proceed"]');
    await page.waitForURL((url) => !url.pathname.startsWith('/cart'), { timeout: 30_000 });
    await page.locator('button', { hasText: /^\s*Pay\s*$/ }).first().click();
    await page.waitForURL('**/payment/success?order=*', { timeout: 30_000 });
    await page.waitForSelector('[data-testid="payment-success"][data-state="paid"]', { timeout: 20_000 });
    const paidA = price - Math.ceil((price * 10) / 100);

    // ---- Student B: from the wallet (an admin credit), zero-payable path.
    await call('POST', 'wallet/credit', admin.token, { userId: studentB.user._id, kind: 'refund', amount: price, reference: `e2e-${Date.now()}` });
    await call('POST', 'cart/', studentB.token, { user: studentB.user._id, course: course._id, tier: 'silver' });
    const orderB = await call<{ _id: string }>('POST', 'order', studentB.token, { userId: studentB.user._id, amount: 0 });
    await call('POST', `cart/zero-cart/${studentB.user._id}/${orderB._id}`, studentB.token, { total_amount: 0, discount_amount: 0, cart: { id: studentB.user._id }, value_c: orderB._id });

    // ---- The instructor: Analytics tab shows both sales, net of the 2.5% cut.
    await useSession(page, e2e.baseUrl, instructor, { clear: true, lang: 'en' });
    const sales = async () => {
      await page.goto(`${e2e.baseUrl}/instructorpanel?tab=2`);
      await page.waitForSelector('[data-testid="instructor-sales"], [data-testid="sales-empty"]');
      return page.locator('[data-testid="instructor-sale"]').count();
    };
    for (let i = 0; i < 40 && (await sales()) < 2; i++) await page.waitForTimeout(500);
    const amounts = await page.locator('[data-testid="sale-amount"]').allTextContents();
    expect(amounts.sort()).toEqual([shown(paidA - gatewayCut(paidA)), shown(price - gatewayCut(price))].sort());
    expect(await page.locator('[data-testid="sale-coupon"]').allTextContents()).toContain(`${code} (10%)`);
    expect(await page.textContent('[data-testid="gateway-note"]')).toContain('2.5%');
    await shot(page, 'panel-analytics-en');
    await page.goto(`${e2e.baseUrl}/instructorpanel?tab=0`);
    await page.waitForSelector('[data-testid="my-course"]');
    await shot(page, 'panel-my-courses-en');
    // A course's title opens its page on the storefront (it pointed at /coursedetails/{id}, a 404).
    await page.click(`[data-testid="my-course"] a:text-is("${course.title}")`);
    await page.waitForURL(`${e2e.baseUrl}/courseview?id=${course._id}`);
    expect(await (await page.waitForSelector('[data-testid="course-title"]')).textContent()).toBe(course.title);

    // ---- The admin: the due on the instructor's detail page; part of it settled with a PDF receipt.
    await useSession(page, e2e.baseUrl, admin, { clear: true, lang: 'en' });
    await page.goto(`${e2e.baseUrl}/admin/instructor/${profile}`);
    await page.waitForSelector('[data-testid="due-amount"]');
    const totals = await call<{ due: number; earnings: number }>('GET', `instructor/earnings/${profile}`, admin.token);
    expect(totals.due).toBeGreaterThan(0);
    expect(await page.textContent('[data-testid="due-amount"]')).toBe(`BDT ${shown(totals.due)}`);
    await page.waitForSelector('[data-testid="instructor-sales-table"]');
    await shot(page, 'admin-instructor-detail-en');

    const part = Math.floor(totals.due / 2);
    await page.goto(`${e2e.baseUrl}/admin-instructor-settlement/${profile}`);
    await page.waitForSelector('[data-testid="settlement-form"]');
    await page.fill('[data-testid="settle-amount"]', money(part));
    await page.fill('[data-testid="received-amount"]', money(part));
    await page.fill('[data-testid="settle-remarks"]', 'First payout');
    await page.setInputFiles('[data-testid="settle-receipt"]', { name: 'receipt.pdf', mimeType: 'application/pdf', buffer: PDF });
    await page.click('[data-testid="settle-publish"]');
    await page.waitForSelector('[data-testid="settle-confirm"]');
    await page.click('[data-testid="settle-confirm-yes"]');
    await toastWith(page, 'Settlement published successfully !');
    await page.waitForSelector('[data-testid="settlement-row"]');
    expect(await page.textContent('[data-testid="settlement-status"]')).toBe('Settled');
    await shot(page, 'admin-settlement-detail-en');
    const after = await call<{ due: number }>('GET', `instructor/earnings/${profile}`, admin.token);
    expect(after.due).toBe(totals.due - part);

    // The other admin screens, en.
    for (const [route, testId, name] of [
      ['/adminanalyticssales', 'sales-range', 'admin-sales'],
      ['/adminanalyticsinstructor', 'instructor-analytics-table', 'admin-instructors'],
      ['/adminanalyticscourses', 'course-analytics-table', 'admin-courses'],
      [`/admin/course/analytics/${course._id}`, 'course-orders-table', 'admin-course-detail'],
      ['/admin-instructor-settlement', 'settlement-instructors', 'admin-settlements'],
      ['/adminanalyticsusers', 'signups-chart', 'admin-users-chart'],
      ['/admin', 'dash-orders', 'admin-dashboard'],
    ] as const) {
      await page.goto(`${e2e.baseUrl}${route}`);
      await page.waitForSelector(`[data-testid="${testId}"]`);
      // Every figure loaded (the sales totals show '…' until their calls answer).
      await page.waitForFunction(() => !document.querySelector('.admin-page')?.textContent?.includes('…'), undefined, { timeout: 15_000 });
      await shot(page, `${name}-en`);
      await setLanguage(page, 'bn');
      await page.reload();
      await page.waitForSelector(`[data-testid="${testId}"]`);
      await page.waitForTimeout(300);
      await shot(page, `${name}-bn`);
      await setLanguage(page, 'en');
    }
    await setLanguage(page, 'bn');
    for (const [route, testId, name] of [
      [`/admin/instructor/${profile}`, 'instructor-sales-table', 'admin-instructor-detail'],
      [`/admin-instructor-settlement/${profile}`, 'settlement-row', 'admin-settlement-detail'],
    ] as const) {
      await page.goto(`${e2e.baseUrl}${route}`);
      await page.waitForSelector(`[data-testid="${testId}"]`);
      await page.waitForTimeout(300);
      await shot(page, `${name}-bn`);
    }

    // ---- The instructor: Payment Settlement shows it Settled; the receipt downloads.
    await useSession(page, e2e.baseUrl, instructor, { clear: true, lang: 'en' });
    await page.goto(`${e2e.baseUrl}/instructorpanel?tab=4`);
    await page.waitForSelector('[data-testid="instructor-settlement"]');
    expect(await page.textContent('[data-testid="instructor-settlement"] [data-testid="settlement-status"]')).toBe('Settled');
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('[data-testid="receipt-download"]')]);
    expect(download.suggestedFilename()).toBe('settlement.pdf');
    const file = await download.path();
    expect(fs.readFileSync(file!).subarray(0, 5).toString()).toBe('%PDF-');
    await shot(page, 'panel-settlement-en');
    // The monthly statement.
    const [statement] = await Promise.all([page.waitForEvent('download'), page.click('[data-testid="statement-download"]')]);
    expect(fs.readFileSync((await statement.path())!).subarray(0, 5).toString()).toBe('%PDF-');
    // Another instructor's settlements: 403.
    const other = owner(courses.find((c) => owner(c) !== profile)!)!;
    expect((await fetch(`${e2e.baseUrl}/api/v1/instructor/settlement/${other}`, { headers: { Authorization: `Bearer ${instructor.token}` } })).status).toBe(403);

    // Profile: the e-mail read-only, a new photo saved.
    await page.goto(`${e2e.baseUrl}/instructorpanel?tab=1`);
    await page.waitForSelector('[data-testid="profile-form"]');
    expect(await page.inputValue('[data-testid="profile-email"]')).toBe(DEMO.instructor.email);
    expect(await page.isDisabled('[data-testid="profile-email"]')).toBe(true);
    await page.setInputFiles('[data-testid="profile-photo"]', { name: 'me.png', mimeType: 'image/png', buffer: await makePng(page, 64, 64) });
    await page.click('[data-testid="profile-save"]');
    await toastWith(page, 'User Updated Successfully!');
    await shot(page, 'panel-profile-en');
    // A short password: refused before sending, with the sign-up's words under the field.
    await page.fill('[data-testid="profile-password"]', '123');
    await page.click('[data-testid="profile-save"]');
    await toastWith(page, 'User Update Failed!');
    expect(await page.textContent('[data-testid="profile-password-error"]')).toBe('password should be more than 5 character');

    await setLanguage(page, 'bn');
    for (const [tab, testId, name] of [
      [1, 'profile-form', 'panel-profile'],
      [4, 'instructor-settlement', 'panel-settlement'],
      [2, 'instructor-sale', 'panel-analytics'],
      [0, 'my-course', 'panel-my-courses'],
    ] as const) {
      await page.goto(`${e2e.baseUrl}/instructorpanel?tab=${tab}`);
      await page.waitForSelector(`[data-testid="${testId}"]`);
      await shot(page, `${name}-bn`);
    }
    expect(await page.textContent('[data-testid="tab-paymentSettlement"]')).not.toBe('');
    expect(errors).toEqual([]);
  } finally {
    await context.close();
  }
}, 240_000);
