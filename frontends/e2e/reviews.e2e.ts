// Ratings and reviews (issue 41, decision 0048) against the real all-in-one:
// - the rules through the API: refused before an enrolment (REVIEW_NOT_ENROLLED) and before a
//   completed lesson (REVIEW_NEEDS_LESSON); written (201), edited (200, still one review); the
//   course's instructor replies once (then 409), another role may not; an admin hides it with a
//   reason, which only admins see; the course's average and count follow every change;
// - in the browser: a student rates and reviews on the course page and the course card's average
//   and count change; an admin hides the review in the back office and the figures follow. Each
//   screen in English and Bengali, desktop and phone, axe-clean.
// Screenshots go to /tmp/shots-reviews/ (SHOTS_DIR).
import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { pngImage } from '../../tools/testing/images';
import { api, apiGet, DEMO, dhakaDay, loginByApi, type LoginAnswer, openPage, toastWith, useE2E, useSession, waitFor, waitForEnrolment } from './support';

const AXE = fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots-reviews';
const DEMO_INSTRUCTOR_PROFILE = '00000000-0000-4000-8000-000000000001';
const e2e = useE2E({ shotsDir: SHOTS });
const { request, call } = api(e2e);

interface Course {
  _id: string;
  title: string;
  instructor: string;
  rating: number;
  ratingCount: number;
}
interface Review {
  _id: string;
  rating: number;
  text: string;
  reply: string;
  name: string;
}

/** Enrols the student in the course with a 100% voucher (a zero-amount order). */
async function enrol(student: LoginAnswer, admin: LoginAnswer, courseId: string) {
  const code = `REV${Date.now().toString(36).toUpperCase()}${Math.floor(Math.random() * 1000)}`;
  await call('POST', 'cart/cupon', admin.token, { cuponCode: code, discount: 100, useLimit: 1, expireDate: dhakaDay(3) });
  await call('POST', 'cart/', student.token, { user: student.user._id, course: courseId, tier: 'silver' });
  const order = await call<{ _id: string }>('POST', 'order', student.token, { userId: student.user._id, amount: 0, cuponCode: code });
  await call('POST', `cart/zero-cart/${student.user._id}/${order._id}`, student.token, {});
  await waitForEnrolment(e2e, courseId, student.token);
}

async function completeOneLesson(student: LoginAnswer, courseId: string) {
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

/** Waits until the public course answer shows these figures. */
async function figuresOf(courseId: string, expected: { rating: number; ratingCount: number }) {
  return waitFor(
    () => `course ${courseId} with ${JSON.stringify(expected)}`,
    async () => {
      const c = await apiGet<Course>(e2e.baseUrl, `course/${courseId}/`);
      return c.rating === expected.rating && c.ratingCount === expected.ratingCount ? c : undefined;
    },
    20_000,
  );
}

test('the rules through the API: who may write, edit, reply and hide, and the figures follow each change', async () => {
  const [admin, student, instructor] = await Promise.all([loginByApi(e2e.baseUrl, DEMO.admin), loginByApi(e2e.baseUrl, DEMO.student), loginByApi(e2e.baseUrl, DEMO.instructor)]);
  const courses = await apiGet<Course[]>(e2e.baseUrl, 'course/');
  const course = courses.find((c) => c.instructor === DEMO_INSTRUCTOR_PROFILE)!;
  expect([course.rating, course.ratingCount]).toEqual([0, 0]);

  const before = await request('POST', `review/course/${course._id}`, student.token, { rating: 5, text: 'Great' });
  expect([before.status, before.json.reason]).toEqual([403, 'REVIEW_NOT_ENROLLED']);
  await enrol(student, admin, course._id);
  const noLesson = await request('POST', `review/course/${course._id}`, student.token, { rating: 5, text: 'Great' });
  expect([noLesson.status, noLesson.json.reason]).toEqual([403, 'REVIEW_NEEDS_LESSON']);
  expect(await call('GET', `review/course/${course._id}/mine`, student.token)).toEqual({ review: null, eligible: false, reason: 'REVIEW_NEEDS_LESSON' });
  await completeOneLesson(student, course._id);

  const badRating = await request('POST', `review/course/${course._id}`, student.token, { rating: 6 });
  expect([badRating.status, badRating.json.reason]).toEqual([400, 'RATING_REQUIRED']);
  const written = await request<Review>('POST', `review/course/${course._id}`, student.token, { rating: 5, text: '<b>Lovely</b> teacher\u202E, চমৎকার!' });
  expect(written.status).toBe(201);
  expect(written.json.data.text).toBe('Lovely teacher, চমৎকার!'); // markup and direction characters removed
  await figuresOf(course._id, { rating: 5, ratingCount: 1 });
  const edited = await request<Review>('POST', `review/course/${course._id}`, student.token, { rating: 3, text: 'Good, but fast' });
  expect([edited.status, edited.json.data._id]).toEqual([200, written.json.data._id]);
  await figuresOf(course._id, { rating: 3, ratingCount: 1 });
  const page = await call<{ reviews: Review[]; total: number; average: number }>('GET', `review/course/${course._id}`);
  expect([page.total, page.average, page.reviews.map((r) => r.text)]).toEqual([1, 3, ['Good, but fast']]);
  // Named by name (and photo, when the student has one), never by user id (issue 50).
  expect(page.reviews[0]).not.toHaveProperty('user');
  expect(JSON.stringify(page)).not.toContain(student.user._id);

  // The course's instructor replies once; a student or an admin may not.
  expect((await request('POST', `review/${written.json.data._id}/reply`, student.token, { reply: 'x' })).status).toBe(403);
  const reply = await request<Review>('POST', `review/${written.json.data._id}/reply`, instructor.token, { reply: 'Thank you!' });
  expect([reply.status, reply.json.data.reply]).toEqual([200, 'Thank you!']);
  const again = await request('POST', `review/${written.json.data._id}/reply`, instructor.token, { reply: 'Again' });
  expect([again.status, again.json.reason]).toEqual([409, 'REVIEW_ALREADY_REPLIED']);

  // The admin hides it with a reason: gone from the page and the figures, kept on record.
  const noReason = await request('POST', `review/${written.json.data._id}/hide`, admin.token, { reason: '   ' });
  expect([noReason.status, noReason.json.reason]).toEqual([400, 'HIDE_REASON_REQUIRED']);
  expect((await request('POST', `review/${written.json.data._id}/hide`, student.token, { reason: 'mine' })).status).toBe(403);
  const hidden = await request<{ hidden: boolean; hiddenReason: string }>('POST', `review/${written.json.data._id}/hide`, admin.token, { reason: 'Spoils the last lesson' });
  expect([hidden.status, hidden.json.data.hidden, hidden.json.data.hiddenReason]).toEqual([200, true, 'Spoils the last lesson']);
  await figuresOf(course._id, { rating: 0, ratingCount: 0 });
  expect((await call<{ total: number }>('GET', `review/course/${course._id}`)).total).toBe(0);
  const onRecord = await call<{ _id: string; hiddenReason: string }[]>('GET', 'review/hidden', admin.token);
  expect(onRecord.find((r) => r._id === written.json.data._id)?.hiddenReason).toBe('Spoils the last lesson');
  expect((await request('GET', 'review/hidden', student.token)).status).toBe(403);
}, 180_000);

/** axe's violations on the page as drawn now (rule and elements), none expected. */
async function axeViolations(page: Page): Promise<string[]> {
  await page.evaluate(() => document.fonts.ready);
  await page.addScriptTag({ content: AXE });
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, o: object) => Promise<{ violations: { id: string; nodes: { target: string[] }[] }[] }> } }).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  });
}

/** Both languages, desktop and phone width: a screenshot of each and axe clean in each. */
async function everyWay(page: Page, name: string, open: () => Promise<void>) {
  for (const lng of ['en', 'bn'] as const) {
    await page.evaluate((l) => localStorage.setItem('i18nextLng', l), lng);
    for (const width of [1366, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await open();
      await page.waitForFunction((l) => document.documentElement.lang === l, lng);
      expect(await axeViolations(page)).toEqual([]);
      await e2e.shot(page, `${name}-${lng}-${width === 390 ? 'phone' : 'desktop'}`, { fullPage: false });
    }
  }
  await page.evaluate(() => localStorage.setItem('i18nextLng', 'en'));
  await page.setViewportSize({ width: 1366, height: 900 });
}

/** A page in a fresh context that lets axe's script in (as the accessibility suite does). */
async function openAxePage() {
  const context = await e2e.browser.newContext({ viewport: { width: 1366, height: 900 }, bypassCSP: true });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  return { context, page, errors };
}

const card = (page: Page, courseId: string) => page.locator(`a[data-testid="course-card"][href="/courseview?id=${encodeURIComponent(courseId)}"]`);

/** Opens /allcourses until the course's card shows these figures (null: no rating shown). */
async function cardShows(page: Page, courseId: string, expected: { rating: string; count: string } | null) {
  await waitFor(
    () => `the card of ${courseId} showing ${JSON.stringify(expected)}`,
    async () => {
      await page.goto(`${e2e.baseUrl}/allcourses`);
      await card(page, courseId).waitFor();
      const rating = card(page, courseId).locator('[data-testid="course-rating"]');
      if (!expected) return (await rating.count()) === 0 ? true : undefined;
      if ((await rating.count()) === 0) return undefined;
      const seen = { rating: await rating.getAttribute('data-rating'), count: await rating.getAttribute('data-count') };
      return seen.rating === expected.rating && seen.count === expected.count ? true : undefined;
    },
    30_000,
  );
}

test('a student rates and reviews a course and its card shows the new average and count; an admin hides the review and the figures follow', async () => {
  const [admin, student] = await Promise.all([loginByApi(e2e.baseUrl, DEMO.admin), loginByApi(e2e.baseUrl, DEMO.student)]);
  const course = (await apiGet<Course[]>(e2e.baseUrl, 'course/')).filter((c) => c.instructor === DEMO_INSTRUCTOR_PROFILE)[1]!;
  await enrol(student, admin, course._id);
  await completeOneLesson(student, course._id);
  const text = `Clear lessons, good pace ${Date.now().toString(36)}`;
  // With a photo of their own, the review shows it beside the name (issue 50).
  const photoForm = new FormData();
  photoForm.append('photo', new Blob([new Uint8Array(await pngImage(120, 90))], { type: 'image/png' }), 'me.png');
  expect((await fetch(`${e2e.baseUrl}/api/v1/user/`, { method: 'POST', headers: { authorization: `Bearer ${student.token}` }, body: photoForm })).status).toBe(200);

  const studentPage = await openAxePage();
  try {
    const { page, errors } = studentPage;
    await useSession(page, e2e.baseUrl, student, { clear: true, lang: 'en' });
    await cardShows(page, course._id, null);

    // The course page: the form, in both languages and widths, before the review.
    const openCourse = async () => {
      await page.goto(`${e2e.baseUrl}/courseview?id=${encodeURIComponent(course._id)}`);
      await page.locator('[data-testid="review-form"]').waitFor();
      await page.locator('[data-testid="course-reviews"]').scrollIntoViewIfNeeded();
    };
    await everyWay(page, 'course-review-form', openCourse);

    await openCourse();
    await page.locator('[data-testid="review-submit"]').click();
    await toastWith(page, 'Please choose a rating from 1 to 5 stars');
    await page.locator('label:has([data-testid="review-star-4"])').click();
    await page.locator('[data-testid="review-text"]').fill(text);
    await page.locator('[data-testid="review-submit"]').click();
    await toastWith(page, 'Thank you! Your review is posted.');
    await page.locator('[data-testid="review"]', { hasText: text }).waitFor();
    expect(await page.locator('[data-testid="review-summary"]').getAttribute('data-count')).toBe('1');
    const photo = page.locator('[data-testid="review"]', { hasText: text }).locator('[data-testid="review-photo"]');
    await photo.waitFor();
    expect(await photo.evaluate((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0)).toBe(true);
    // The review shown under the course, in both languages and widths.
    await everyWay(page, 'course-reviews', async () => {
      await openCourse();
      await page.locator('[data-testid="review"]', { hasText: text }).waitFor();
    });

    // The card: ★ 4.0 (1); sorted by rating it comes first; in Bengali ৪.০ (১).
    await cardShows(page, course._id, { rating: '4', count: '1' });
    expect((await card(page, course._id).locator('[data-testid="course-rating"]').innerText()).replace(/\s+/g, ' ')).toContain('4.0 (1)');
    await page.selectOption('[data-testid="sort-courses"]', 'rating');
    // The server sorts (decision 0078): the first card once its page has come.
    await page.waitForFunction((href) => document.querySelector('[data-testid="course-card"]')?.getAttribute('href') === href, `/courseview?id=${encodeURIComponent(course._id)}`);
    await everyWay(page, 'course-card-rating', async () => {
      await page.goto(`${e2e.baseUrl}/allcourses?sort=rating`);
      await card(page, course._id).locator('[data-testid="course-rating"]').waitFor();
    });
    await page.evaluate(() => localStorage.setItem('i18nextLng', 'bn'));
    await page.goto(`${e2e.baseUrl}/allcourses`);
    await page.waitForFunction(() => document.documentElement.lang === 'bn');
    expect((await card(page, course._id).locator('[data-testid="course-rating"]').innerText()).replace(/\s+/g, ' ')).toContain('৪.০ (১)');
    await page.evaluate(() => localStorage.setItem('i18nextLng', 'en'));
    expect(errors).toEqual([]);
  } finally {
    await studentPage.context.close();
  }

  // The admin hides it with a reason; the hidden list keeps the reason.
  const adminPage = await openAxePage();
  try {
    const { page, errors } = adminPage;
    await useSession(page, e2e.baseUrl, admin, { clear: true, lang: 'en' });
    const openReviews = async () => {
      await page.goto(`${e2e.baseUrl}/adminreviews`);
      await page.locator('[data-testid="recent-reviews"], [data-testid="hidden-reviews"]').first().waitFor();
    };
    await everyWay(page, 'admin-reviews', async () => {
      await openReviews();
      await page.locator('[data-testid="admin-review"]', { hasText: text }).waitFor();
    });
    await openReviews();
    const row = page.locator('[data-testid="recent-reviews"] [data-testid="admin-review"]', { hasText: text });
    await row.locator('[data-testid="hide-review"]').click();
    await page.locator('[data-testid="hide-submit"]').click();
    await toastWith(page, 'Please give a reason for hiding the review');
    await everyWay(page, 'admin-hide-dialog', async () => {
      await openReviews();
      await page.locator('[data-testid="recent-reviews"] [data-testid="admin-review"]', { hasText: text }).locator('[data-testid="hide-review"]').click();
      await page.locator('[data-testid="hide-reason"]').fill('Names another student');
    });
    await openReviews();
    await row.locator('[data-testid="hide-review"]').click();
    await page.locator('[data-testid="hide-reason"]').fill('Names another student');
    await page.locator('[data-testid="hide-submit"]').click();
    await toastWith(page, 'The review is hidden.');
    const hiddenRow = page.locator('[data-testid="hidden-reviews"] [data-testid="admin-review"]', { hasText: text });
    await hiddenRow.waitFor();
    expect(await hiddenRow.locator('[data-testid="hidden-reason"]').innerText()).toContain('Names another student');
    await page.reload();
    await hiddenRow.waitFor();
    expect(await page.locator('[data-testid="recent-reviews"] [data-testid="admin-review"]', { hasText: text }).count()).toBe(0);
    await everyWay(page, 'admin-hidden-reviews', async () => {
      await openReviews();
      await hiddenRow.waitFor();
    });
    expect(errors).toEqual([]);
  } finally {
    await adminPage.context.close();
  }

  // The figures follow: no rating on the card, no review on the page.
  const visitor = await openPage(e2e.browser);
  try {
    const { page } = visitor;
    await cardShows(page, course._id, null);
    await page.goto(`${e2e.baseUrl}/courseview?id=${encodeURIComponent(course._id)}`);
    await page.locator('[data-testid="course-reviews"]').waitFor();
    await page.waitForFunction(() => document.querySelector('[data-testid="course-reviews"] .muted') !== null);
    expect(await page.locator('[data-testid="review"]', { hasText: text }).count()).toBe(0);
  } finally {
    await visitor.context.close();
  }
}, 400_000);

test("the course's instructor replies once on the course page, and the reply shows under the review", async () => {
  const [admin, student, instructor] = await Promise.all([loginByApi(e2e.baseUrl, DEMO.admin), loginByApi(e2e.baseUrl, DEMO.student), loginByApi(e2e.baseUrl, DEMO.instructor)]);
  const course = (await apiGet<Course[]>(e2e.baseUrl, 'course/')).filter((c) => c.instructor === DEMO_INSTRUCTOR_PROFILE)[2]!;
  await enrol(student, admin, course._id);
  await completeOneLesson(student, course._id);
  const text = `ভালো লেগেছে, thank you ${Date.now().toString(36)}`;
  expect((await request('POST', `review/course/${course._id}`, student.token, { rating: 5, text })).status).toBe(201);

  const session = await openAxePage();
  try {
    const { page, errors } = session;
    await useSession(page, e2e.baseUrl, instructor, { clear: true, lang: 'en' });
    const review = page.locator('[data-testid="review"]', { hasText: text });
    const openCourse = async () => {
      await page.goto(`${e2e.baseUrl}/courseview?id=${encodeURIComponent(course._id)}`);
      await review.waitFor();
      await review.scrollIntoViewIfNeeded();
    };
    await everyWay(page, 'instructor-reply-form', async () => {
      await openCourse();
      await review.locator('[data-testid="review-reply-text"]').waitFor();
    });
    await openCourse();
    await review.locator('[data-testid="review-reply-send"]').click();
    await toastWith(page, 'Please write a reply');
    await review.locator('[data-testid="review-reply-text"]').fill('Glad it helped. Keep practising!');
    await review.locator('[data-testid="review-reply-send"]').click();
    await review.locator('[data-testid="review-reply"]', { hasText: 'Glad it helped' }).waitFor();
    // Once: after a reload the reply is shown and there is no form to reply again.
    await openCourse();
    await review.locator('[data-testid="review-reply"]').waitFor();
    expect(await review.locator('[data-testid="review-reply-text"]').count()).toBe(0);
    await everyWay(page, 'review-with-reply', async () => {
      await openCourse();
      await review.locator('[data-testid="review-reply"]').waitFor();
    });
    expect(errors).toEqual([]);
  } finally {
    await session.context.close();
  }
}, 300_000);
