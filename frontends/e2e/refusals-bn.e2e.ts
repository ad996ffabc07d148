// One refusal of each of the seven services, reached through the screens in Bengali (issue 21,
// decision 0026): the screens translate the refusal's key from the catalogue, so each must read
// the catalogue's Bengali text, with Bengali script and no English sentence. The services:
// identity (a wrong password), commerce (an unknown voucher), store (a wrong gift-card code),
// learning (a paid lesson without the course), messaging (the contact form over its limit),
// catalogue (a course form the server refuses) and payouts (a settlement over the due).
// Screenshots go to /tmp/shots/refusals/ (override with SHOTS_DIR).
import type { Page } from 'playwright-core';
import { Refusals, type RefusalKey, type RefusalParams, refusalText } from '@taal/contracts';
import { api, apiGet, DEMO, editAnswer, loginByApi, openPage, submitLogin, toastWith, useE2E, useSession, waitFor } from './support';

const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots/refusals';
const e2e = useE2E({ shotsDir: SHOTS });
const { call } = api(e2e);

/** Two Latin-script words in a row (acronyms such as PDF aside): an English sentence. */
const ENGLISH_SENTENCE = /\b[A-Za-z]*[a-z][A-Za-z]*[\s,.:;!-]+[A-Za-z]*[a-z][A-Za-z]*\b/;

/** The text shows the key's Bengali words, in Bengali script, with no English sentence. */
function expectBengali(shown: string | null, key: RefusalKey, params?: RefusalParams): void {
  const text = (shown ?? '').trim();
  expect({ key, text }).toEqual({ key, text: refusalText(key, 'bn', params) });
  expect(text).toMatch(/[\u0980-\u09FF]/);
  expect({ key, englishSentence: ENGLISH_SENTENCE.test(text) }).toEqual({ key, englishSentence: false });
}

/** Waits for the toast with the key's Bengali text and checks it. */
async function bengaliToast(page: Page, key: RefusalKey, params?: RefusalParams): Promise<void> {
  const toast = await toastWith(page, refusalText(key, 'bn', params));
  expectBengali(await toast.locator('span').first().textContent(), key, params);
}

/** A fresh page in Bengali (the language is read from local storage on load). */
async function bengaliPage(session?: Awaited<ReturnType<typeof loginByApi>>) {
  const opened = await openPage(e2e.browser);
  await useSession(opened.page, e2e.baseUrl, session ?? null, { clear: true, lang: 'bn' });
  return opened;
}

test('identity: a wrong password', async () => {
  const { page, context, errors } = await bengaliPage();
  try {
    await page.goto(`${e2e.baseUrl}/login`);
    await submitLogin(page, { email: DEMO.student.email, password: 'not-the-password' });
    await page.waitForFunction((text) => document.querySelector('[data-testid="login-alert"]')?.textContent === text, Refusals.LOGIN_FAILED.bn);
    expectBengali(await page.textContent('[data-testid="login-alert"]'), 'LOGIN_FAILED');
    await e2e.shot(page, 'identity-login-failed-bn');
    expect(errors).toEqual([]);
  } finally {
    await context.close();
  }
});

test('commerce: an unknown voucher in the cart', async () => {
  const student = await loginByApi(e2e.baseUrl, DEMO.student);
  const course = (await apiGet<{ _id: string }[]>(e2e.baseUrl, 'course/'))[0]!;
  await call('POST', 'cart/remove_all', student.token, { user: student.user._id });
  await call('POST', 'cart/', student.token, { user: student.user._id, course: course._id, tier: 'silver' });
  const { page, context, errors } = await bengaliPage(student);
  try {
    await page.goto(`${e2e.baseUrl}/cart`);
    await page.fill('[data-testid="voucher-input"]', 'NOSUCHCODE');
    await page.click('[data-testid="voucher-apply"]');
    await bengaliToast(page, 'COUPON_NOT_FOUND');
    await e2e.shot(page, 'commerce-voucher-bn', { keepToasts: true });
    expect(errors).toEqual([]);
  } finally {
    await call('POST', 'cart/remove_all', student.token, { user: student.user._id });
    await context.close();
  }
});

test('store: a gift-card code nobody issued', async () => {
  const student = await loginByApi(e2e.baseUrl, DEMO.student);
  const { page, context, errors } = await bengaliPage(student);
  try {
    await page.goto(`${e2e.baseUrl}/studentpanel?tab=6`);
    await page.waitForSelector('[data-testid="redeem-balance"] strong');
    await page.fill('[data-testid="redeem-code"]', 'ABCD-EFGH-JKLM-NPQR-STUV');
    await page.click('[data-testid="redeem-submit"]');
    await page.waitForFunction((text) => document.querySelector('[data-testid="redeem-result"]')?.textContent === text, Refusals.GIFT_CARD_UNKNOWN.bn);
    expectBengali(await page.textContent('[data-testid="redeem-result"]'), 'GIFT_CARD_UNKNOWN');
    await e2e.shot(page, 'store-gift-card-bn');
    expect(errors).toEqual([]);
  } finally {
    await context.close();
  }
});

test('learning: a paid lesson without the course', async () => {
  // A new student owns nothing; the page is told the paid lesson is playable, so the refusal
  // comes from learning when the player asks for the lesson's stream.
  const student = await loginByApi(e2e.baseUrl, DEMO.student);
  const course = (await apiGet<{ _id: string }[]>(e2e.baseUrl, 'course/'))[0]!;
  type Lesson = { _id: string; status: string; playable: boolean; position: number };
  const lessons = await waitFor('the demo lessons', async () => {
    const c = await call<{ lessons: Lesson[] }>('GET', `course/secure-course/${course._id}`, student.token);
    return c.lessons.length >= 4 ? c.lessons : undefined;
  }, 90_000);
  const owned = await call<{ enrolment: unknown }>('GET', `course/secure-course/${course._id}`, student.token);
  const paid = lessons.find((l) => l.status === 'paid' && !l.playable);
  if (owned.enrolment || !paid) throw new Error('the demo student must not own the first course for this test');
  const { page, context, errors } = await bengaliPage(student);
  try {
    await editAnswer<{ lessons: Lesson[] }>(page, `**/api/v1/course/secure-course/${course._id}`, (data) => ({
      ...data,
      lessons: data.lessons.map((l) => (l._id === paid._id ? { ...l, playable: true } : l)),
    }));
    await page.goto(`${e2e.baseUrl}/courseview?id=${encodeURIComponent(course._id)}`);
    await page.waitForSelector('[data-testid="lesson-list"]');
    await page.locator(`[data-testid="lesson-item"][data-lesson-id="${paid._id}"]`).click();
    await bengaliToast(page, 'PURCHASE_FIRST');
    await e2e.shot(page, 'learning-purchase-first-bn', { keepToasts: true });
    expect(errors).toEqual([]);
  } finally {
    await context.close();
  }
}, 150_000);

test('messaging: the contact form over its limit', async () => {
  const { page, context, errors } = await bengaliPage();
  const email = `limit-${Date.now().toString(36)}@example.com`;
  try {
    // The limit is per sender e-mail: the first messages go through the API, the last one through the form.
    for (let i = 0; ; i += 1) {
      const res = await fetch(`${e2e.baseUrl}/api/v1/contact/`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': `198.51.100.${i + 1}` },
        body: JSON.stringify({ name: 'Rina', email, message: `Question ${i}` }),
      });
      if (res.status === 429) break;
      expect(res.status).toBe(201);
      if (i > 20) throw new Error('the contact form has no limit per e-mail');
    }
    await page.goto(`${e2e.baseUrl}/contact`);
    const form = page.locator('[data-testid="contact-form-page"]');
    await form.locator('input').first().fill('Rina');
    await form.locator('input[type="email"]').fill(email);
    await form.locator('textarea').fill('One more question');
    await form.locator('button').click();
    await bengaliToast(page, 'TOO_MANY_MESSAGES');
    await e2e.shot(page, 'messaging-contact-limit-bn', { keepToasts: true });
    expect(errors).toEqual([]);
  } finally {
    await context.close();
  }
});

test('catalogue: a course form the catalogue refuses', async () => {
  const admin = await loginByApi(e2e.baseUrl, DEMO.admin);
  const course = (await apiGet<{ _id: string }[]>(e2e.baseUrl, 'course/'))[0]!;
  const { page, context, errors } = await bengaliPage(admin);
  try {
    await page.goto(`${e2e.baseUrl}/updatecourse?id=${encodeURIComponent(course._id)}`);
    await page.waitForSelector('[data-testid="course-form-update"]');
    // More course hours than the catalogue allows (the form checks only that they are digits).
    await page.fill('input[name="courseHour"]', '99999');
    await page.click('[data-testid="course-submit"]');
    const alert = page.locator('[data-testid="course-form-error"]');
    await alert.waitFor();
    await page.waitForFunction((text) => document.querySelector('[data-testid="course-form-error"]')?.firstChild?.textContent === text, Refusals.COURSE_UPDATE_FAILED.bn);
    expectBengali(await alert.evaluate((el) => el.firstChild?.textContent ?? ''), 'COURSE_UPDATE_FAILED');
    const field = (await alert.locator('li').allTextContents()).join('\n');
    expect(field).toContain(Refusals.ENTRY_OUT_OF_RANGE.bn);
    expect(ENGLISH_SENTENCE.test(field)).toBe(false);
    await e2e.shot(page, 'catalogue-course-form-bn');
    expect(errors).toEqual([]);
  } finally {
    await context.close();
  }
});

test('payouts: a settlement over the due', async () => {
  const admin = await loginByApi(e2e.baseUrl, DEMO.admin);
  const instructor = await loginByApi(e2e.baseUrl, DEMO.instructor);
  const profile = (instructor.user as unknown as { instructor: string }).instructor;
  const { page, context, errors } = await bengaliPage(admin);
  try {
    await page.goto(`${e2e.baseUrl}/admin/instructor/${profile}`);
    await page.waitForSelector('[data-testid="due-form"]');
    await page.fill('[data-testid="due-input"]', '99999999');
    await page.click('[data-testid="due-submit"]');
    await page.click('[data-testid="due-confirm-yes"]');
    await bengaliToast(page, 'ABOVE_DUE');
    await e2e.shot(page, 'payouts-above-due-bn', { keepToasts: true });
    expect(errors).toEqual([]);
  } finally {
    await context.close();
  }
});
