// Ratings and reviews (issue 41, decision 0048) against the real all-in-one:
// - the rules through the API: refused before an enrolment (REVIEW_NOT_ENROLLED) and before a
//   completed lesson (REVIEW_NEEDS_LESSON); written (201), edited (200, still one review); the
//   course's instructor replies once (then 409), another role may not; an admin hides it with a
//   reason, which only admins see; the course's average and count follow every change;
// - in the browser: a student rates and reviews on the course page and the course card's average
//   and count change; an admin hides the review in the back office and the figures follow. Each
//   screen in English and Bengali, desktop and phone, axe-clean.
// Screenshots go to /tmp/shots-reviews/ (SHOTS_DIR).
import { api, apiGet, DEMO, dhakaDay, loginByApi, type LoginAnswer, useE2E, waitFor, waitForEnrolment } from './support';

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
