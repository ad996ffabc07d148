/**
 * Limits on what a user writes, and hidden means hidden (issue 50 items 2 and 4, decision 0063),
 * on messaging running alone (its own limits, issue 52), with the services a student's enrolment
 * comes from beside it: a student's questions are limited per course and
 * per user (429 with Retry-After and the minutes to wait, in en and bn), messages to an instructor
 * per instructor; the instructor's unanswered list is newest first and paged by asker, so one
 * asker's flood cannot push out another's question; an admin hides all of one user's questions at
 * once; a hidden question cannot be answered (409), and no mail quotes it.
 */
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { refusalText, type RefusalKey } from '@taal/contracts';
import { mailsTo } from '../../../tools/testing/eml';
import { gatewayApi } from '../../../tools/testing/gateway-api';
import { startServiceAlone, type ServiceAlone } from '../../../tools/testing/service-alone';
import { waitFor } from '../../../tools/testing/wait';

const DEMO_INSTRUCTOR_PROFILE = '00000000-0000-4000-8000-000000000001';

describe('limits on what a user writes, and hidden questions, on messaging alone', () => {
  let messaging: ServiceAlone;
  let dataDir: string;
  let admin: { token: string; id: string };
  let flooder: { token: string; id: string };
  let other: { token: string; id: string; email: string };
  let teacher: { token: string; id: string };
  let course: string;
  let otherCourse: string;
  let lesson: string;
  let otherLesson: string;

  const { request, get, post, login, signUpVerified, enrolFree, lessonsOf } = gatewayApi((p) => messaging.baseFor(p));
  const put = (p: string, body: unknown, token?: string) => request('PUT', p, body, token);


  const firstLesson = async (courseId: string, token: string): Promise<string> => (await lessonsOf(courseId, token))[0]!._id;

  /** A 429 of `reason`: Retry-After in seconds within the hour, the minutes to wait in en and bn. */
  function expectTooMany(res: Awaited<ReturnType<typeof post>>, reason: RefusalKey) {
    expect(res).toMatchObject({ status: 429, body: { reason } });
    const retryAfter = Number(res.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect(res.body.params).toEqual({ minutes: Math.ceil(retryAfter / 60) });
    expect(res.body.message).toContain(`${Math.ceil(retryAfter / 60)} minutes`);
    expect(refusalText(reason, 'bn', res.body.params)).toMatch(/মিনিট পরে আবার চেষ্টা করুন/);
  }

  beforeAll(async () => {
    // The catalogue, commerce and learning: a student enrols and opens a lesson to ask under.
    messaging = await startServiceAlone('messaging', {
      also: ['catalogue', 'commerce', 'learning'],
      env: {
        // Lower than the defaults (10 per course, 30 per user; 5 per instructor), so the test stays short.
        QUESTION_MAX_PER_TARGET: '5',
        QUESTION_MAX_PER_USER: '6',
        INSTRUCTOR_MESSAGE_MAX_PER_TARGET: '2',
      },
    });
    dataDir = messaging.dataDir;
    admin = await login('admin@taal.local', 'admin123');
    flooder = await login('student@taal.local', 'student123');
    teacher = await login('instructor@taal.local', 'instructor123');

    other = await signUpVerified(path.join(dataDir, 'mail'), 'Rina Sen', { prefix: 'asker' });

    const courses = (await get('/course/')).body.data as { _id: string; instructor: string }[];
    course = courses.find((c) => c.instructor === DEMO_INSTRUCTOR_PROFILE)!._id;
    otherCourse = courses.find((c) => c.instructor !== DEMO_INSTRUCTOR_PROFILE)!._id;
    await enrolFree(admin.token, flooder, [course, otherCourse]);
    await enrolFree(admin.token, other, [course]);
    lesson = await firstLesson(course, flooder.token);
    otherLesson = await firstLesson(otherCourse, flooder.token);
  }, 180_000);

  afterAll(async () => {
    await messaging?.stop();
  });

  it('limits questions per course and per user; the unanswered list pages askers, newest first, so a flood does not bury a later question', async () => {
    const threads = `/questions/course/${course}/lesson/${lesson}`;
    const flood: string[] = [];
    for (let i = 1; i <= 5; i++) {
      const asked = await post(threads, { body: `Spam ${i}` }, flooder.token);
      expect(asked.status).toBe(201);
      flood.push(asked.body.data._id as string);
    }
    // The sixth on this course: over the per-course limit, and not stored.
    expectTooMany(await post(threads, { body: 'Spam 6' }, flooder.token), 'TOO_MANY_QUESTIONS');
    // Another course still takes one (the per-user limit is 6), then the per-user limit holds.
    expect((await post(`/questions/course/${otherCourse}/lesson/${otherLesson}`, { body: 'Elsewhere 1' }, flooder.token)).status).toBe(201);
    expectTooMany(await post(`/questions/course/${otherCourse}/lesson/${otherLesson}`, { body: 'Elsewhere 2' }, flooder.token), 'TOO_MANY_QUESTIONS');
    // A refused question does not count for anyone else.
    const real = await post(threads, { body: 'How do I hold the bow?' }, other.token);
    expect(real.status).toBe(201);
    expect((await get(threads, admin.token)).body.data.filter((q: { body: string }) => q.body.startsWith('Spam'))).toHaveLength(5);

    // The instructor's list: the asker with the newest question first, each asker's newest 3.
    const first = await get('/questions/unanswered?pageSize=1', teacher.token);
    expect(first).toMatchObject({ status: 200, body: { success: true, total: 2, totalQuestions: 6, page: 1, pageSize: 1 } });
    expect(first.body.data.map((q: { _id: string }) => q._id)).toEqual([real.body.data._id]);
    expect(first.body).toMatchObject({ askers: [{ askedBy: other.id, askerName: 'Rina Sen', questions: 1, shown: 1 }] });
    const second = await get('/questions/unanswered?page=2&pageSize=1', teacher.token);
    expect(second.body.data.map((q: { _id: string }) => q._id)).toEqual([flood[4], flood[3], flood[2]]);
    expect(second.body).toMatchObject({ askers: [{ askedBy: flooder.id, questions: 5, shown: 3 }] });
    expect((await get('/questions/unanswered?page=3&pageSize=1', teacher.token)).body).toMatchObject({ data: [], askers: [], total: 2 });
    const all = await get('/questions/unanswered', teacher.token);
    expect(all.body).toMatchObject({ page: 1, pageSize: 20, total: 2 });
    expect(all.body.data.map((q: { _id: string }) => q._id)).toEqual([real.body.data._id, flood[4], flood[3], flood[2]]);
    expect((await get('/questions/unanswered?pageSize=0', teacher.token)).status).toBe(400);

    // An admin hides all of the flooder's questions at once (on every course); an instructor may not.
    expect(await put(`/questions/user/${flooder.id}/hidden`, { hidden: true }, teacher.token)).toMatchObject({ status: 403 });
    expect(await put(`/questions/user/${flooder.id}/hidden`, { hidden: true }, admin.token)).toMatchObject({ status: 200, body: { message: 'Questions hidden', data: { changed: 6 } } });
    expect(await put(`/questions/user/${flooder.id}/hidden`, { hidden: true }, admin.token)).toMatchObject({ status: 200, body: { data: { changed: 0 } } });
    expect((await get('/questions/unanswered', teacher.token)).body).toMatchObject({ total: 1, totalQuestions: 1, askers: [{ askedBy: other.id }] });
    expect((await get(threads, other.token)).body.data.map((q: { _id: string }) => q._id)).toEqual([real.body.data._id]);
    expect((await get('/questions/recent', admin.token)).body.data.filter((q: { askedBy: string; hidden: boolean }) => q.askedBy === flooder.id && q.hidden)).toHaveLength(6);
  }, 120_000);

  it('refuses to answer a hidden question (409, en and bn), and no mail quotes it', async () => {
    const threads = `/questions/course/${course}/lesson/${lesson}`;
    const secret = `A question to hide ${randomUUID().slice(0, 8)}`;
    const asked = await post(threads, { body: secret }, other.token);
    expect(asked.status).toBe(201);
    const id = asked.body.data._id as string;
    expect((await put(`/questions/${id}/hidden`, { hidden: true }, admin.token)).status).toBe(200);

    for (const who of [teacher, admin]) {
      const refused = await post(`/questions/${id}/answer`, { body: 'An answer' }, who.token);
      expect(refused).toMatchObject({ status: 409, body: { reason: 'QUESTION_HIDDEN', message: 'An admin has hidden this question: it cannot be answered' } });
    }
    expect(refusalText('QUESTION_HIDDEN', 'bn')).toMatch(/লুকিয়ে/);
    expect((await get(threads, admin.token)).body.data.find((q: { _id: string }) => q._id === id)).toMatchObject({ answered: false, answers: [] });

    // Shown again, it is answered and mailed as before; hidden, no mail of it goes out.
    expect((await put(`/questions/${id}/hidden`, { hidden: false }, admin.token)).status).toBe(200);
    expect((await post(`/questions/${id}/answer`, { body: 'Now answered.' }, teacher.token)).status).toBe(200);
    await waitFor(async () => mailsTo(path.join(dataDir, 'mail'), other.email).some((m) => m.body.includes('Now answered.')), 'the answer mail', { timeoutMs: 20_000 });
    const quoting = mailsTo(path.join(dataDir, 'mail'), other.email).filter((m) => m.body.includes(secret));
    expect(quoting).toHaveLength(1); // the mail of the answer given while it was shown
    expect(quoting[0]!.body).toContain('Now answered.');
  }, 60_000);

  it('limits messages to an instructor per instructor (429 with Retry-After, en and bn)', async () => {
    for (let i = 1; i <= 2; i++) expect((await post('/contact/instructor/', { to: DEMO_INSTRUCTOR_PROFILE, message: `Hello ${i}` }, other.token)).status).toBe(201);
    expectTooMany(await post('/contact/instructor/', { to: DEMO_INSTRUCTOR_PROFILE, message: 'Hello 3' }, other.token), 'TOO_MANY_INSTRUCTOR_MESSAGES');
    // A refused message to an unknown instructor is not counted against the sender.
    expect((await post('/contact/instructor/', { to: randomUUID(), message: 'Anyone?' }, flooder.token)).status).toBe(404);
    expect((await post('/contact/instructor/', { to: DEMO_INSTRUCTOR_PROFILE, message: 'Hi' }, flooder.token)).status).toBe(201);
  }, 60_000);
});
