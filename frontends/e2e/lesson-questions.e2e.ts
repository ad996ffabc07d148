// Questions under a lesson (issue 41, decision 0050) in Chromium against the real all-in-one:
// an enrolled student asks under a lesson on the course page; the course's instructor sees it in
// the panel's Questions tab (unanswered) and answers; the student's open page lights the bell
// (the live push) and a mail arrives; the thread shows the answer; the admin hides the question on
// /admin/questions and the student no longer sees it. Each new screen in en and bn, at desktop and
// phone width (no sideways scroll), axe-clean. Screenshots go to SHOTS_DIR (/tmp/shots/questions).
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { api, apiGet, DEMO, dhakaDay, loginByApi, switchLanguage, toastWith, trackRequests, useE2E, useSession, waitFor, waitForEnrolment, mailsTo, type Session } from './support';

const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots/questions';
const DEMO_INSTRUCTOR_PROFILE = '00000000-0000-4000-8000-000000000001';
const AXE = fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

const e2e = useE2E({ shotsDir: SHOTS });
const { shot } = e2e;
const { call, request } = api(e2e);

/** A fresh context (axe is injected: the page's CSP is bypassed for it), with page errors collected. */
async function open(): Promise<Session> {
  const context = await e2e.browser.newContext({ viewport: { width: 1366, height: 900 }, bypassCSP: true });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  return { context, page, errors };
}

/** axe's violations on the page as it is (rule: targets). */
async function axe(page: Page): Promise<string[]> {
  await page.evaluate(() => document.fonts.ready);
  await page.addScriptTag({ content: AXE });
  return page.evaluate(async () => {
    const run = (window as unknown as { axe: { run: (ctx: Document, o: object) => Promise<{ violations: { id: string; nodes: { target: string[] }[] }[] }> } }).axe.run;
    const result = await run(document, { resultTypes: ['violations'] });
    return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  });
}

/** en and bn: a screenshot each, axe-clean each; then a phone-width copy of the page without sideways scroll. */
/** The header's language menu; the course view has none (its header leaves room for the course): the stored language and a reload there. */
async function language(page: Page, lng: 'en' | 'bn'): Promise<void> {
  if ((await page.locator('[data-testid="language-menu"]').count()) > 0) {
    await switchLanguage(page, lng, { fonts: true });
    return;
  }
  if ((await page.evaluate(() => document.documentElement.lang)) === lng) return;
  await page.evaluate((l) => localStorage.setItem('i18nextLng', l), lng);
  await page.reload();
  await page.waitForFunction((l) => document.documentElement.lang === l, lng);
  await page.evaluate(() => document.fonts.ready);
}

async function checkScreen(page: Page, url: string, name: string, ready: string, region: string): Promise<void> {
  for (const lng of ['en', 'bn'] as const) {
    await language(page, lng);
    await page.locator(ready).first().waitFor();
    await shot(page, `${name}-${lng}`);
    await page.locator(region).first().screenshot({ path: path.join(SHOTS, `${name}-${lng}-part.png`) });
    expect(await axe(page)).toEqual([]);
  }
  await language(page, 'en');
  // The phone width, in a page of its own with the same session.
  const phone = await page.context().newPage();
  try {
    await phone.setViewportSize({ width: 390, height: 844 });
    await phone.goto(url);
    for (const lng of ['en', 'bn'] as const) {
      await language(phone, lng);
      await phone.locator(ready).first().waitFor();
      await phone.locator(ready).first().scrollIntoViewIfNeeded();
      await shot(phone, `${name}-phone-${lng}`);
      await phone.locator(region).first().screenshot({ path: path.join(SHOTS, `${name}-phone-${lng}-part.png`) });
      const { scrollWidth, innerWidth } = await phone.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
      expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
      expect(await axe(phone)).toEqual([]);
    }
    await language(phone, 'en');
  } finally {
    await phone.close();
  }
}

test('a student asks under a lesson, the instructor answers in the panel, the bell lights and a mail comes; the admin hides it', async () => {
  const admin = await loginByApi(e2e.baseUrl, DEMO.admin);
  const studentLogin = await loginByApi(e2e.baseUrl, DEMO.student);
  const courses = await apiGet<{ _id: string; title: string; instructor: string }[]>(e2e.baseUrl, 'course/');
  const course = courses.find((c) => c.instructor === DEMO_INSTRUCTOR_PROFILE)!;
  expect(course).toBeDefined();
  const lessons = await waitFor(
    'the demo lessons',
    async () => {
      const c = await call<{ lessons: { _id: string; position: number }[] }>('GET', `course/secure-course/${course._id}`, studentLogin.token);
      return c.lessons.length >= 1 ? c.lessons : undefined;
    },
    90_000,
  );

  // Not enrolled yet: the student may neither read nor ask (403), and the page shows no questions.
  const early = await request('POST', `questions/course/${course._id}/lesson/${lessons[0]!._id}`, studentLogin.token, { body: 'Early?' });
  expect(early.status).toBe(403);
  expect(early.json.reason).toBe('QUESTIONS_ENROLLED_ONLY');

  // The student owns the course: a 100% voucher, the zero-cost path.
  const code = `ASK${Date.now().toString(36).toUpperCase()}`;
  await call('POST', 'cart/cupon', admin.token, { cuponCode: code, discount: 100, useLimit: 1, expireDate: dhakaDay(3) });
  await call('POST', 'cart/', studentLogin.token, { user: studentLogin.user._id, course: course._id, tier: 'silver' });
  const order = await call<{ _id: string; createdAt: string }>('POST', 'order', studentLogin.token, { userId: studentLogin.user._id, amount: 0, cuponCode: code });
  await call('POST', `cart/zero-cart/${studentLogin.user._id}/${order._id}`, studentLogin.token, {});
  await waitForEnrolment(e2e, course._id, studentLogin.token);
  // The bell starts dark: earlier notifications read, the order's own among them (messaging makes
  // it from the paid order's event, which may come after the enrolment: it once lit the bell here).
  await waitFor(
    'the paid order’s notification',
    async () => {
      const list = await call<{ msg: string; createdAt: string }[]>('GET', `notification/user/${studentLogin.user._id}`, studentLogin.token);
      return list.some((n) => /^(Payment received|পেমেন্ট পাওয়া গেছে)/.test(n.msg) && Date.parse(n.createdAt) >= Date.parse(order.createdAt)) || undefined;
    },
    60_000,
  );
  for (const n of await call<{ _id: string }[]>('GET', `notification/user/${studentLogin.user._id}`, studentLogin.token)) {
    await call('DELETE', `notification/user/${studentLogin.user._id}/${n._id}`, studentLogin.token);
  }

  const question = `Which finger plays Sa in the second exercise? ${Date.now()}`;
  const student = await open();
  const teacher = await open();
  const back = await open();
  try {
    const { page } = student;
    await useSession(page, e2e.baseUrl, studentLogin);
    const courseUrl = `${e2e.baseUrl}/courseview?id=${course._id}`;
    const streaming = page.waitForResponse((r) => r.url().endsWith('/api/v1/notification/stream') && r.status() === 200);
    await page.goto(courseUrl);
    const section = page.locator('[data-testid="lesson-questions"]');
    await section.waitFor();
    await section.locator('[data-testid="questions-empty"]').waitFor();
    // A blank question is refused in the page's language.
    await section.locator('[data-testid="question-post"]').click();
    await toastWith(page, 'Please write your question');
    await section.locator('textarea').fill(question);
    await section.locator('[data-testid="question-post"]').click();
    await toastWith(page, 'Your question was posted');
    const thread = section.locator('[data-testid="question-thread"]', { hasText: question });
    await thread.waitFor();
    expect(await thread.getAttribute('data-answered')).toBe('false');
    // The asker follows it.
    expect(await thread.locator('[data-testid="question-follow"]').getAttribute('aria-pressed')).toBe('true');
    await section.scrollIntoViewIfNeeded();
    await checkScreen(page, courseUrl, 'lesson-questions', '[data-testid="question-thread"]', '[data-testid="lesson-questions"]');
    await streaming;
    await page.locator('[data-testid="notifications-menu"]').waitFor();
    expect(await page.locator('[data-testid="notification-dot"]').count()).toBe(0);

    // The instructor's panel lists it as unanswered, and answers it there.
    const t = teacher.page;
    await useSession(t, e2e.baseUrl, await loginByApi(e2e.baseUrl, DEMO.instructor));
    const panelUrl = `${e2e.baseUrl}/instructorpanel?tab=5`;
    await t.goto(panelUrl);
    const item = t.locator('[data-testid="unanswered-question"]', { hasText: question });
    await item.waitFor();
    // Newest first, a page at a time (decision 0087); questions one after another by one student show under their name.
    const group = t.locator('[data-testid="unanswered-asker"]').first();
    expect(await group.locator('h3').textContent()).toBe('Demo Student asked');
    expect(await group.locator('[data-testid="unanswered-question"]', { hasText: question }).count()).toBe(1);
    await checkScreen(t, panelUrl, 'instructor-questions', '[data-testid="unanswered-question"]', '[data-testid="tabpanel-questions"]');
    const answerText = 'Use the index finger, then the middle finger for Re.';
    await item.locator('textarea').fill(answerText);
    const started = Date.now();
    await item.locator('[data-testid="answer-send"]').click();
    await toastWith(t, 'Answer posted');
    await item.waitFor({ state: 'detached' });

    // The asker's open page: the bell lights (the live push), without a reload.
    await page.locator('[data-testid="notification-dot"]').waitFor({ timeout: 5000 });
    console.log(`[lesson-questions e2e] the asker's bell lit ${Date.now() - started} ms after the answer`);
    await page.click('[data-testid="notifications-menu"] button');
    await page.locator('[data-testid="notification-item"]', { hasText: 'was answered' }).waitFor();
    await shot(page, 'bell-answered-en', { keepToasts: true });
    await page.locator('[data-testid="notifications-menu"]').screenshot({ path: path.join(SHOTS, 'bell-answered-en-part.png') });
    // And a mail, in the student's language.
    const mail = await waitFor(
      () => `the answer mail (seen: ${mailsTo(e2e.taal, DEMO.student.email).map((m) => m.subject).join(' | ')})`,
      async () => mailsTo(e2e.taal, DEMO.student.email).find((m) => m.body.includes(answerText)),
      20_000,
    );
    expect(mail.body).toContain(question);
    expect(mail.subject).toMatch(/was.answered/);
    // The thread shows the answer to everyone enrolled.
    await page.reload();
    const answered = page.locator('[data-testid="question-thread"]', { hasText: question });
    await answered.locator('[data-testid="question-answer"]', { hasText: answerText }).waitFor();
    expect(await answered.getAttribute('data-answered')).toBe('true');
    await answered.scrollIntoViewIfNeeded();
    await shot(page, 'lesson-questions-answered-en');
    await page.locator('[data-testid="lesson-questions"]').screenshot({ path: path.join(SHOTS, 'lesson-questions-answered-en-part.png') });

    // The admin hides it: the student no longer sees it.
    const a = back.page;
    await useSession(a, e2e.baseUrl, admin);
    const adminUrl = `${e2e.baseUrl}/admin/questions`;
    await a.goto(adminUrl);
    const row = a.locator('[data-testid="admin-question"]', { hasText: question });
    await row.waitFor();
    await checkScreen(a, adminUrl, 'admin-questions', '[data-testid="admin-question"]', '[data-testid="admin-questions"]');
    await row.locator('[data-testid="question-hide"]').click();
    await toastWith(a, 'Question hidden');
    expect(await row.getAttribute('data-hidden')).toBe('true');
    const network = trackRequests(page);
    await page.reload();
    await page.locator('[data-testid="lesson-questions"]').waitFor();
    await network.quiet();
    expect(await page.locator('[data-testid="question-thread"]', { hasText: question }).count()).toBe(0);

    expect([...student.errors, ...teacher.errors, ...back.errors]).toEqual([]);
  } finally {
    await student.context.close();
    await teacher.context.close();
    await back.context.close();
  }
});
