// What a newcomer tripped over on the course view (issue 28): a course and tier chosen while
// logged out are kept through the login (and a sign-up) and added to the cart after it, with no
// stale 'Please login first'; an owned course offers "Go to classroom" and only a renewal or an
// upgrade that extends access, saying what it does, and the server refuses a copy
// (COURSE_ALREADY_OWNED). en and bn; screenshots into /tmp/shots-course-choice (SHOTS_DIR).
import type { Page } from 'playwright-core';
import { api, apiGet, DEMO, loginByApi, type LoginAnswer, openPage, signUpByApi, submitLogin, toastWith, useE2E, useSession, verificationToken } from './support';

const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots-course-choice';
const e2e = useE2E({ shotsDir: SHOTS });
const { request, call } = api(e2e);

interface Tier {
  price: number;
  validity: number;
}
interface Course {
  _id: string;
  title: string;
  priceSilver: Tier;
  priceGold: Tier;
  priceDiamond: Tier;
}
let courses: Course[];
let admin: LoginAnswer;

beforeAll(async () => {
  courses = await apiGet<Course[]>(e2e.baseUrl, 'course/');
  admin = await loginByApi(e2e.baseUrl, DEMO.admin);
}, 120_000);

async function openCourse(page: Page, course: Course) {
  await page.goto(`${e2e.baseUrl}/courseview?id=${encodeURIComponent(course._id)}`);
  await page.waitForSelector('[data-testid="tier-choice"], [data-testid="owned"], [data-testid="course-missing"]');
  // A course that did not load says so here, with its words, instead of a selector's timeout.
  const missing = await page.$('[data-testid="course-missing"]');
  if (missing) throw new Error(`the course page did not show the course: "${await missing.textContent()}"`);
}

/** The cart's rows as course → tier text. */
const cartRows = (page: Page) =>
  page.$$eval('[data-testid="cart-item"]', (rows) => rows.map((r) => ({ course: r.getAttribute('data-course'), tier: r.getAttribute('data-tier'), text: r.textContent ?? '' })));

const visibleToasts = (page: Page) => page.$$eval('.toast', (ts) => ts.map((t) => t.textContent ?? ''));

/** The student buys `course` at `tier` for nothing (a 100 % voucher), through the API. */
async function own(student: LoginAnswer, course: Course, tier: 'silver' | 'gold' | 'diamond') {
  const code = `OWN${Date.now().toString(36).toUpperCase()}${Math.floor(Math.random() * 1000)}`;
  await call('POST', 'cart/cupon', admin.token, { cuponCode: code, discount: 100, useLimit: 1, expireDate: '2099-12-31' });
  await call('POST', 'cart/remove_all', student.token, { user: student.user._id });
  await call('POST', 'cart/', student.token, { user: student.user._id, course: course._id, tier });
  const order = await call<{ _id: string }>('POST', 'order', student.token, { userId: student.user._id, amount: 0, cuponCode: code });
  await call('POST', `cart/zero-cart/${student.user._id}/${order._id}`, student.token, {});
}

test('logged out, Add to cart keeps the course and tier through the login: the cart has them, and no stale "Please login first"', async () => {
  const student = await loginByApi(e2e.baseUrl, DEMO.student);
  await call('POST', 'cart/remove_all', student.token, { user: student.user._id });
  const course = courses[2]!;
  const { page, context, errors } = await openPage(e2e.browser);
  try {
    await openCourse(page, course);
    await page.check('[data-testid="choose-gold"] input');
    await page.click('[data-testid="add-to-cart"]');
    await toastWith(page, 'Please login first');
    await page.waitForURL('**/login?redirect=cart');
    await e2e.shot(page, 'login-after-add-en', { keepToasts: true });
    await submitLogin(page, DEMO.student);
    await page.waitForURL(`${e2e.baseUrl}/cart`);
    await page.waitForSelector(`[data-testid="cart-item"][data-course="${course._id}"]`);
    const rows = await cartRows(page);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ tier: 'gold' });
    expect(rows[0]!.text).toContain('Gold');
    expect((await visibleToasts(page)).filter((t) => t.includes('Please login first'))).toEqual([]);
    await e2e.shot(page, 'cart-after-login-en', { keepToasts: true });
    // Kept once: the cart's next visit adds nothing again.
    await call('POST', 'cart/remove_all', student.token, { user: student.user._id });
    await page.reload();
    await page.waitForSelector('[data-testid="cart-empty"]');
    expect(errors).toEqual([]);
  } finally {
    await context.close();
  }
}, 120_000);

test('in Bengali, Enrol now while logged out, then a sign-up, the mailed verification and the first login: the chosen course is in the cart', async () => {
  const email = `newcomer-${Date.now().toString(36)}@example.com`;
  const course = courses[1]!;
  const { page, context, errors } = await openPage(e2e.browser);
  try {
    await useSession(page, e2e.baseUrl, null, { clear: true, lang: 'bn' });
    await openCourse(page, course);
    await page.check('[data-testid="choose-diamond"] input');
    await page.click('[data-testid="enrol"]');
    await page.waitForURL('**/login?redirect=cart');
    // A new visitor signs up instead (the verification link is opened from the mail).
    const res = await signUpByApi(page, e2e.baseUrl, { name: 'Nobin Newcomer', email, password: 'secret1', dob: '2000-01-02', phone: '01712345678', address: 'Dhaka' });
    expect(res.status).toBe(201);
    await page.goto(`${e2e.baseUrl}/verify-email/${await verificationToken(e2e.taal, email)}`);
    await page.waitForSelector('[data-testid="verify-result"]');
    await page.goto(`${e2e.baseUrl}/login`);
    await submitLogin(page, { email, password: 'secret1' });
    await page.waitForURL(`${e2e.baseUrl}/cart`);
    await page.waitForSelector(`[data-testid="cart-item"][data-course="${course._id}"]`);
    expect((await cartRows(page))[0]!.text).toContain('ডায়মন্ড');
    expect((await visibleToasts(page)).filter((t) => t.includes('লগইন'))).toEqual([]);
    await page.evaluate(() => document.fonts.ready);
    await e2e.shot(page, 'cart-after-signup-bn');
    expect(errors).toEqual([]);
  } finally {
    await context.close();
  }
}, 120_000);

test('an owned course: "Go to classroom", only the upgrade is offered and says what it adds; a copy is refused by the server; en and bn', async () => {
  const student = await loginByApi(e2e.baseUrl, DEMO.student);
  const course = courses[0]!;
  await own(student, course, 'gold');

  // The server: a Silver or Gold copy of a course owned at Gold is refused, Diamond is an upgrade.
  for (const tier of ['silver', 'gold']) {
    const res = await request('POST', 'cart/', student.token, { user: student.user._id, course: course._id, tier });
    expect(res.status).toBe(409);
    expect(res.json).toMatchObject({
      success: false,
      code: 'COURSE_ALREADY_OWNED',
      message: 'You already own this course at this tier or a higher one. You can renew it in its last 7 days or upgrade to a higher tier.',
    });
  }

  const { page, context, errors } = await openPage(e2e.browser);
  try {
    await useSession(page, e2e.baseUrl, student, { clear: true, lang: 'en' });
    await openCourse(page, course);
    await page.waitForSelector('[data-testid="owned"]');
    expect(await page.textContent('[data-testid="owned-status"]')).toMatch(/^You own this course \(Gold\): access until /);
    expect(await page.getAttribute('[data-testid="go-to-classroom"]', 'href')).toBe('/studentpanel');
    expect(await page.locator('[data-testid="add-to-cart"], [data-testid="enrol"]').count()).toBe(0);
    expect(await page.locator('[data-testid="choose-silver"], [data-testid="choose-gold"]').count()).toBe(0);
    expect(await page.textContent('[data-testid="choose-diamond"]')).toContain('Upgrade to Diamond');
    expect(await page.textContent('[data-testid="extends-diamond"]')).toMatch(new RegExp(`^Adds ${course.priceDiamond.validity} days: access until `));
    expect(await page.textContent('[data-testid="extend"]')).toBe('Upgrade to Diamond');
    await e2e.shot(page, 'owned-course-en');
    // The course view has no language menu: switch, then come back.
    await useSession(page, e2e.baseUrl, student, { lang: 'bn' });
    await openCourse(page, course);
    await page.evaluate(() => document.fonts.ready);
    expect(await page.textContent('[data-testid="go-to-classroom"]')).toBe('ক্লাসরুমে যান');
    expect(await page.textContent('[data-testid="extend"]')).toBe('ডায়মন্ড টিয়ারে আপগ্রেড করুন');
    await e2e.shot(page, 'owned-course-bn');

    // The upgrade goes through the cart as usual.
    await page.click('[data-testid="extend"]');
    await page.waitForURL(`${e2e.baseUrl}/cart`);
    await page.waitForSelector(`[data-testid="cart-item"][data-course="${course._id}"]`);
    expect((await cartRows(page))[0]!.text).toContain('ডায়মন্ড');

    // Owned at the top tier with time left: nothing to buy, and it says when a renewal opens.
    await own(student, course, 'diamond');
    await useSession(page, e2e.baseUrl, student, { lang: 'en' });
    await openCourse(page, course);
    await page.waitForSelector('[data-testid="owned"]');
    expect(await page.locator('[data-testid="tier-choice"], [data-testid="extend"]').count()).toBe(0);
    expect(await page.textContent('[data-testid="owned-status"]')).toContain('(Diamond)');
    expect(await page.textContent('[data-testid="owned-status"]')).toContain('You can renew it in its last 7 days.');
    await e2e.shot(page, 'owned-top-tier-en');
    await useSession(page, e2e.baseUrl, student, { lang: 'bn' });
    await openCourse(page, course);
    await page.evaluate(() => document.fonts.ready);
    expect(await page.textContent('[data-testid="owned-status"]')).toContain('মেয়াদের শেষ');
    await e2e.shot(page, 'owned-top-tier-bn');
    // The cart refuses it in the reader's language too.
    const res = await request('POST', 'cart/', student.token, { user: student.user._id, course: course._id, tier: 'silver' });
    expect(res.status).toBe(409);
    expect(errors).toEqual([]);
  } finally {
    await context.close();
  }
}, 150_000);
