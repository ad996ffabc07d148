// Conduct on every message (issue 53, decisions 0075 and 0076) in Chromium, in English and Bengali:
// a student reports another student's review on the course page (Report, a reason, "Reported"),
// the admin hides it from the reports queue in the back office, and it is gone from the course
// page for the reporter (and from the public list) while the admin still has it; the reporter is
// told the outcome in their language. A review with profanity or a phone number is refused on the
// course page with the catalogue's text in the page's language.
// Screenshots go to /tmp/shots-conduct/ (SHOTS_DIR).
import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { pngImage } from '../../tools/testing/images';
import { api, apiGet, DEMO, dhakaDay, loginByApi, type LoginAnswer, openPage, toastWith, useE2E, useSession, waitFor, waitForEnrolment } from './support';

const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots-conduct';
const DEMO_INSTRUCTOR_PROFILE = '00000000-0000-4000-8000-000000000001';
const e2e = useE2E({ shotsDir: SHOTS });
const { call } = api(e2e);

const TEXTS = {
  en: { reported: 'Thank you: an admin will look at it.', hidden: 'Hidden: gone for everyone but admins.', told: 'the review you reported has been removed', profanity: 'without offensive words', phone: 'personal contact details' },
  bn: { reported: 'ধন্যবাদ: একজন অ্যাডমিন এটি দেখবেন।', hidden: 'লুকানো হয়েছে: অ্যাডমিন ছাড়া কেউ দেখবেন না।', told: 'রিপোর্ট করা রিভিউটি সরিয়ে দেওয়া হয়েছে', profanity: 'আপত্তিকর শব্দ ছাড়া লিখুন', phone: 'ব্যক্তিগত যোগাযোগের তথ্য' },
} as const;

async function enrolWithALesson(student: LoginAnswer, admin: LoginAnswer, courseId: string) {
  const code = `CON${Date.now().toString(36).toUpperCase()}${Math.floor(Math.random() * 1000)}`;
  await call('POST', 'cart/cupon', admin.token, { cuponCode: code, discount: 100, useLimit: 1, expireDate: dhakaDay(3) });
  await call('POST', 'cart/', student.token, { user: student.user._id, course: courseId, tier: 'silver' });
  const order = await call<{ _id: string }>('POST', 'order', student.token, { userId: student.user._id, amount: 0, cuponCode: code });
  await call('POST', `cart/zero-cart/${student.user._id}/${order._id}`, student.token, {});
  await waitForEnrolment(e2e, courseId, student.token);
  const lessons = await waitFor(
    'the demo lessons',
    async () => {
      const c = await call<{ lessons: { _id: string }[] }>('GET', `course/secure-course/${courseId}`, student.token);
      return c.lessons.length >= 1 ? c.lessons : undefined;
    },
    90_000,
  );
  await call('POST', `lesson/${lessons[0]!._id}/progress`, student.token, { position: 1, completed: true });
}

/** A second student: signed up through the API and verified by the admin. */
async function newStudent(admin: LoginAnswer, name: string): Promise<LoginAnswer> {
  const email = `reporter-${Date.now().toString(36)}-${Math.floor(Math.random() * 1e6)}@example.com`;
  const form = new FormData();
  for (const [k, v] of Object.entries({ name, email, password: 'secret12', confirmPassword: 'secret12', dob: '2001-01-01', phone: '01911111111', address: 'Khulna' })) form.append(k, v);
  form.append('photo', new Blob([new Uint8Array(await pngImage(40, 40))], { type: 'image/png' }), 'p.png');
  const signUp = await fetch(`${e2e.baseUrl}/api/v1/user/signup/`, { method: 'POST', body: form });
  expect(signUp.status).toBe(201);
  const id = ((await signUp.json()) as { data: { _id: string } }).data._id;
  await call('GET', `user/verify/${id}`, admin.token);
  return loginByApi(e2e.baseUrl, { email, password: 'secret12' });
}

const AXE = fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/** axe's violations on the page as drawn now (the page's context must bypass the CSP). */
async function axeViolations(page: Page): Promise<string[]> {
  await page.evaluate(() => document.fonts.ready);
  await page.addScriptTag({ content: AXE });
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, o: object) => Promise<{ violations: { id: string; nodes: { target: string[] }[] }[] }> } }).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  });
}

/** A page whose context lets axe's script in (as the accessibility suite does), page errors collected. */
async function axePage() {
  const context = await e2e.browser.newContext({ viewport: { width: 1366, height: 900 }, bypassCSP: true });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  return { context, page, errors };
}

const reviewOn = (page: Page, text: string) => page.locator('[data-testid="review"]', { hasText: text });

for (const lng of ['en', 'bn'] as const) {
  test(`${lng}: a student reports a review, the admin hides it from the queue, and it is gone from the course page`, async () => {
    const [admin, writer] = await Promise.all([loginByApi(e2e.baseUrl, DEMO.admin), loginByApi(e2e.baseUrl, DEMO.student)]);
    const reporter = await newStudent(admin, lng === 'en' ? 'Mitu Das' : 'মিতু দাস');
    const course = (await apiGet<{ _id: string; instructor: string }[]>(e2e.baseUrl, 'course/')).filter((c) => c.instructor === DEMO_INSTRUCTOR_PROFILE)[lng === 'en' ? 0 : 1]!;
    await enrolWithALesson(writer, admin, course._id);
    const courseUrl = `${e2e.baseUrl}/courseview?id=${encodeURIComponent(course._id)}`;
    const text = lng === 'en' ? `The teacher is useless and lazy ${Date.now().toString(36)}` : `শিক্ষক একেবারে অকেজো ${Date.now().toString(36)}`;

    // The writer first tries profanity and a phone number: refused on the page in the page's language.
    const w = await openPage(e2e.browser);
    try {
      await useSession(w.page, e2e.baseUrl, writer, { clear: true, lang: lng });
      await w.page.goto(courseUrl);
      await w.page.locator('[data-testid="review-form"]').waitFor();
      await w.page.locator('label:has([data-testid="review-star-1"])').click();
      await w.page.locator('[data-testid="review-text"]').fill(lng === 'en' ? 'This is sh1t' : 'হারামজাদা শিক্ষক');
      await w.page.locator('[data-testid="review-submit"]').click();
      await toastWith(w.page, TEXTS[lng].profanity);
      await w.page.locator('[data-testid="review-text"]').fill(lng === 'en' ? 'call me 017-1234 5678' : 'ফোন দিন ০১৭১২৩৪৫৬৭৮');
      await w.page.locator('[data-testid="review-submit"]').click();
      await toastWith(w.page, TEXTS[lng].phone);
      await e2e.shot(w.page, `review-refused-${lng}`, { fullPage: false, keepToasts: true });
      await w.page.locator('[data-testid="review-text"]').fill(text);
      await w.page.locator('[data-testid="review-submit"]').click();
      await reviewOn(w.page, text).waitFor();
      expect(w.errors).toEqual([]);
    } finally {
      await w.context.close();
    }

    // The reporter reports it on the course page (axe runs there: its context lets axe's script in).
    const r = await axePage();
    try {
      await useSession(r.page, e2e.baseUrl, reporter, { clear: true, lang: lng });
      await r.page.goto(courseUrl);
      const review = reviewOn(r.page, text);
      await review.waitFor();
      await review.locator('[data-testid="report-open"]').click();
      await review.locator('[data-testid="report-reason"]').fill(lng === 'en' ? 'Insulting the teacher' : 'শিক্ষককে অপমান');
      await review.scrollIntoViewIfNeeded();
      expect(await axeViolations(r.page)).toEqual([]);
      await e2e.shot(r.page, `report-form-${lng}`, { fullPage: false });
      await review.locator('[data-testid="report-send"]').click();
      await toastWith(r.page, TEXTS[lng].reported);
      await review.locator('[data-testid="report-done"]').waitFor();
      await e2e.shot(r.page, `reported-${lng}`, { fullPage: false, keepToasts: true });

      // The admin hides it from the queue.
      const a = await openPage(e2e.browser);
      try {
        await useSession(a.page, e2e.baseUrl, admin, { clear: true, lang: lng });
        await a.page.goto(`${e2e.baseUrl}/adminreports`);
        const row = a.page.locator('[data-testid="admin-report"]', { hasText: text });
        await row.waitFor();
        expect(await row.getAttribute('data-status')).toBe('open');
        await e2e.shot(a.page, `admin-queue-${lng}`);
        await row.locator('[data-testid="report-hide"]').click();
        await toastWith(a.page, TEXTS[lng].hidden);
        await a.page.waitForFunction((t) => [...document.querySelectorAll('[data-testid="admin-report"]')].some((el) => el.textContent?.includes(t) && el.getAttribute('data-status') === 'hidden'), text);
        await e2e.shot(a.page, `admin-queue-hidden-${lng}`, { keepToasts: true });
        // Still the admin's: the back office's hidden reviews list has it.
        await a.page.goto(`${e2e.baseUrl}/adminreviews`);
        await a.page.locator('[data-testid="hidden-reviews"] [data-testid="admin-review"]', { hasText: text }).waitFor();
        expect(a.errors).toEqual([]);
      } finally {
        await a.context.close();
      }

      // Gone from the course page for the reporter, and from the public list.
      const listed = r.page.waitForResponse((res) => res.url().includes(`/api/v1/review/course/${course._id}?`) && res.status() === 200);
      await r.page.goto(courseUrl);
      await listed;
      await r.page.locator('[data-testid="course-reviews"]').waitFor();
      expect(await reviewOn(r.page, text).count()).toBe(0);
      await r.page.locator('[data-testid="course-reviews"]').scrollIntoViewIfNeeded();
      await e2e.shot(r.page, `course-after-hide-${lng}`, { fullPage: false });
      const shown = await apiGet<{ reviews: { text: string }[] }>(e2e.baseUrl, `review/course/${course._id}`);
      expect(shown.reviews.map((x) => x.text)).not.toContain(text);
      // The reporter is told, in their language.
      const told = await waitFor('the reporter told', async () => {
        const list = await call<{ msg: string }[]>('GET', `notification/user/${reporter.user._id}/all?lang=${lng}`, reporter.token);
        return list.find((n) => n.msg.includes(TEXTS[lng].told));
      });
      expect(told.msg).toContain(TEXTS[lng].told);
      expect(r.errors).toEqual([]);
    } finally {
      await r.context.close();
    }
  }, 240_000);
}

const BLOCK_TEXTS = {
  en: { blocked: 'is blocked.', refused: 'this person has blocked your messages', block: 'Block', unblock: 'Unblock' },
  bn: { blocked: '-কে ব্লক করা হয়েছে।', refused: 'এই ব্যক্তি আপনার বার্তা ব্লক করেছেন', block: 'ব্লক করুন', unblock: 'আনব্লক করুন' },
} as const;

for (const lng of ['en', 'bn'] as const) {
  test(`${lng}: an instructor blocks a student from the panel's messages, and the student's next message is refused`, async () => {
    const [admin, instructor] = await Promise.all([loginByApi(e2e.baseUrl, DEMO.admin), loginByApi(e2e.baseUrl, DEMO.instructor)]);
    const student = await newStudent(admin, lng === 'en' ? 'Rafi Ahmed' : 'রাফি আহমেদ');
    const course = (await apiGet<{ _id: string; instructor: string }[]>(e2e.baseUrl, 'course/')).find((c) => c.instructor === DEMO_INSTRUCTOR_PROFILE)!;
    const first = lng === 'en' ? `When is the next live class? ${Date.now().toString(36)}` : `পরের লাইভ ক্লাস কবে? ${Date.now().toString(36)}`;
    await call('POST', 'contact/instructor/', student.token, { to: DEMO_INSTRUCTOR_PROFILE, message: first });

    // The instructor blocks the student from the Messages tab (asked first).
    const i = await openPage(e2e.browser);
    try {
      await useSession(i.page, e2e.baseUrl, instructor, { clear: true, lang: lng });
      i.page.on('dialog', (d) => void d.accept());
      await i.page.goto(`${e2e.baseUrl}/instructorpanel?tab=3`);
      const card = i.page.locator('[data-testid="instructor-message"]', { hasText: first });
      await card.waitFor();
      await card.locator('[data-testid="report-open"]').waitFor();
      await e2e.shot(i.page, `instructor-messages-${lng}`, { fullPage: false });
      await card.locator('[data-testid="block-toggle"]').click();
      await toastWith(i.page, BLOCK_TEXTS[lng].blocked);
      expect(await card.locator('[data-testid="block-toggle"]').getAttribute('aria-pressed')).toBe('true');
      expect(await card.locator('[data-testid="block-toggle"]').innerText()).toContain(BLOCK_TEXTS[lng].unblock);
      await e2e.shot(i.page, `instructor-blocked-${lng}`, { fullPage: false, keepToasts: true });
      expect(i.errors).toEqual([]);
    } finally {
      await i.context.close();
    }

    // The student's next message from the course page is refused, in the page's language.
    const s = await openPage(e2e.browser);
    try {
      await useSession(s.page, e2e.baseUrl, student, { clear: true, lang: lng });
      await s.page.goto(`${e2e.baseUrl}/courseview?id=${encodeURIComponent(course._id)}`);
      await s.page.locator('[data-testid="message-instructor-text"]').fill(lng === 'en' ? 'Hello again?' : 'আবার হ্যালো?');
      await s.page.locator('[data-testid="message-instructor-send"]').click();
      await toastWith(s.page, BLOCK_TEXTS[lng].refused);
      await s.page.locator('[data-testid="message-instructor"]').scrollIntoViewIfNeeded();
      await e2e.shot(s.page, `student-refused-${lng}`, { fullPage: false, keepToasts: true });
      // The student's own Messages tab: Block for their side, Report once answered.
      await s.page.goto(`${e2e.baseUrl}/studentpanel?tab=2`);
      await s.page.locator('[data-testid="student-message"]', { hasText: first }).locator('[data-testid="block-toggle"]').waitFor();
      await e2e.shot(s.page, `student-messages-${lng}`, { fullPage: false });
      expect(s.errors).toEqual([]);
    } finally {
      await s.context.close();
    }
  }, 180_000);
}

test('the reports queue is axe-clean in en and bn, desktop and phone', async () => {
  const admin = await loginByApi(e2e.baseUrl, DEMO.admin);
  const context = await e2e.browser.newContext({ viewport: { width: 1366, height: 900 }, bypassCSP: true });
  try {
    const page = await context.newPage();
    for (const lng of ['en', 'bn'] as const) {
      for (const width of [1366, 390]) {
        await page.setViewportSize({ width, height: 900 });
        await useSession(page, e2e.baseUrl, admin, { clear: true, lang: lng });
        await page.goto(`${e2e.baseUrl}/adminreports`);
        await page.locator('[data-testid="reports-view-all"]').click();
        await page.locator('[data-testid="admin-report"]').first().waitFor();
        expect(await axeViolations(page)).toEqual([]);
        await e2e.shot(page, `admin-queue-all-${lng}-${width === 390 ? 'phone' : 'desktop'}`, { fullPage: false });
      }
    }
  } finally {
    await context.close();
  }
}, 180_000);
