/**
 * Questions under a lesson on messaging running alone (issue 52; issue 41, decision 0050), with
 * the catalogue (courses), commerce (the enrolment) and learning (lessons) beside it: who may read, ask, answer, follow and hide; an answer notifies the asker and a follower
 * (not someone who stopped following) once each, with a notification and a mail; a hidden
 * question leaves the students' threads and the instructor's unanswered list.
 */
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { mailsTo } from '../../../tools/testing/eml';
import { gatewayApi } from '../../../tools/testing/gateway-api';
import { startServiceAlone, type ServiceAlone } from '../../../tools/testing/service-alone';
import { waitFor } from '../../../tools/testing/wait';

const DEMO_INSTRUCTOR_PROFILE = '00000000-0000-4000-8000-000000000001';

describe('lesson questions on messaging running alone', () => {
  let messaging: ServiceAlone;
  let admin: { token: string; id: string };
  let asker: { token: string; id: string };
  let follower: { token: string; id: string; email: string };
  let teacher: { token: string; id: string };
  let content: { token: string; id: string };
  let course: string;
  let otherCourse: string;
  let lesson: string;

  // Each call to the service that serves it.
  const { request, get, post, login, signUpVerified, enrolFree, lessonsOf } = gatewayApi((p) => messaging.baseFor(p));
  const put = (p: string, body: unknown, token?: string) => request('PUT', p, body, token);

  beforeAll(async () => {
    messaging = await startServiceAlone('messaging', { also: ['catalogue', 'commerce', 'learning'] });
    admin = await login('admin@taal.local', 'admin123');
    asker = await login('student@taal.local', 'student123');
    teacher = await login('instructor@taal.local', 'instructor123');
    content = await login('content@taal.local', 'content123');

    // A second student: signs up and verifies the address from the mail.
    follower = await signUpVerified(path.join(messaging.dataDir, 'mail'), 'Mitu Das', { prefix: 'follower' });

    const courses = (await get('/course/')).body.data as { _id: string; instructor: string }[];
    course = courses.find((c) => c.instructor === DEMO_INSTRUCTOR_PROFILE)!._id;
    otherCourse = courses.find((c) => c.instructor !== DEMO_INSTRUCTOR_PROFILE)!._id;
    const lessons = await lessonsOf(course, asker.token);
    lesson = lessons[0]!._id;
  }, 150_000);

  afterAll(async () => {
    await messaging?.stop();
  });

  it('refuses readers and askers who are not enrolled, and bad text', async () => {
    const threads = `/questions/course/${course}/lesson/${lesson}`;
    expect(await get(threads)).toMatchObject({ status: 401 });
    expect(await get(threads, asker.token)).toMatchObject({ status: 403, body: { code: 'QUESTIONS_ENROLLED_ONLY' } });
    expect(await get(threads, content.token)).toMatchObject({ status: 403, body: { code: 'QUESTIONS_ENROLLED_ONLY' } });
    expect(await post(threads, { body: 'Hello?' }, asker.token)).toMatchObject({ status: 403, body: { code: 'QUESTIONS_ENROLLED_ONLY' } });
    expect(await post(threads, { body: 'Hello?' }, teacher.token)).toMatchObject({ status: 403 });
    expect(await get(`/questions/course/${randomUUID()}/lesson/${lesson}`, asker.token)).toMatchObject({ status: 404, body: { code: 'COURSE_NOT_FOUND' } });

    await enrolFree(admin.token, asker, [course, otherCourse]);
    await enrolFree(admin.token, follower, [course]);
    expect(await get(threads, asker.token)).toMatchObject({ status: 200, body: { data: [] } });
    // The course's own instructor and an admin read it too.
    expect(await get(threads, teacher.token)).toMatchObject({ status: 200 });
    expect(await get(threads, admin.token)).toMatchObject({ status: 200 });
    expect(await post(threads, { body: '   ' }, asker.token)).toMatchObject({ status: 400, body: { code: 'QUESTION_REQUIRED' } });
    expect(await post(threads, { body: 'x'.repeat(2001) }, asker.token)).toMatchObject({ status: 400, body: { code: 'TEXT_TOO_LONG' } });
    // A lesson of another course.
    expect(await post(`/questions/course/${course}/lesson/${randomUUID()}`, { body: 'Where?' }, asker.token)).toMatchObject({ status: 404, body: { code: 'LESSON_NOT_FOUND' } });
  }, 120_000);

  it('answers once to the asker and the followers (bell and mail), never to one who stopped following; the admin hides it', async () => {
    const threads = `/questions/course/${course}/lesson/${lesson}`;
    const asked = await post(threads, { body: 'Which finger plays <b>Sa</b>?\u0000' }, asker.token);
    expect(asked).toMatchObject({ status: 201, body: { message: 'Question posted', data: { answered: false, following: true, followers: 1, askerName: 'Demo Student' } } });
    const id = asked.body.data._id as string;
    expect(asked.body.data.body).toBe('Which finger plays Sa?'); // plain text (decision 0064): markup and the NUL removed

    // Another enrolled student reads it and follows; the content uploader may not.
    const seen = await get(threads, follower.token);
    expect(seen.body.data.map((q: { _id: string }) => q._id)).toContain(id);
    expect(await put(`/questions/${id}/follow`, { follow: true }, follower.token)).toMatchObject({ status: 200, body: { data: { following: true, followers: 2 } } });
    expect(await put(`/questions/${id}/follow`, { follow: true }, follower.token)).toMatchObject({ status: 200, body: { data: { followers: 2 } } });
    expect(await put(`/questions/${id}/follow`, { follow: true }, content.token)).toMatchObject({ status: 403 });

    // The instructor's unanswered list has it; a question on another instructor's course is not theirs to answer.
    const unanswered = await get('/questions/unanswered', teacher.token);
    expect(unanswered.body.data.map((q: { _id: string }) => q._id)).toContain(id);
    const elsewhere = await post(`/questions/course/${otherCourse}/lesson/${(await get(`/course/secure-course/${otherCourse}`, asker.token)).body.data.lessons[0]._id}`, { body: 'Other course?' }, asker.token);
    expect(elsewhere.status).toBe(201);
    expect((await get('/questions/unanswered', teacher.token)).body.data.map((q: { _id: string }) => q._id)).not.toContain(elsewhere.body.data._id);
    expect(await post(`/questions/${elsewhere.body.data._id}/answer`, { body: 'Mine?' }, teacher.token)).toMatchObject({ status: 403, body: { code: 'NOT_YOUR_COURSE_QUESTION' } });
    expect(await post(`/questions/${id}/answer`, { body: 'Me too' }, asker.token)).toMatchObject({ status: 403 });
    expect(await post(`/questions/${randomUUID()}/answer`, { body: 'Hm' }, teacher.token)).toMatchObject({ status: 404, body: { code: 'QUESTION_NOT_FOUND' } });

    const answered = await post(`/questions/${id}/answer`, { body: 'The index finger.' }, teacher.token);
    expect(answered).toMatchObject({ status: 200, body: { data: { answered: true, answers: [{ body: 'The index finger.', authorRole: 3 }] } } });
    expect((await get('/questions/unanswered', teacher.token)).body.data.map((q: { _id: string }) => q._id)).not.toContain(id);

    const answeredNote = async (who: { token: string; id: string }) =>
      ((await get(`/notification/user/${who.id}?lang=en`, who.token)).body.data as { msg: string; link?: string }[]).filter((n) => n.msg.includes('was answered'));
    expect(await answeredNote(asker)).toHaveLength(1);
    expect(await answeredNote(follower)).toHaveLength(1);
    expect((await answeredNote(asker))[0]!.link).toBe(`/courseview?id=${course}#questions`);
    // In the reader's language.
    const bn = (await get(`/notification/user/${asker.id}?lang=bn`, asker.token)).body.data as { msg: string }[];
    expect(bn.some((n) => n.msg.includes('উত্তর দেওয়া হয়েছে'))).toBe(true);
    await waitFor(async () => mailsTo(path.join(messaging.dataDir, 'mail'), follower.email).some((m) => m.body.includes('The index finger.')), 'the follower’s mail', { timeoutMs: 20_000 });

    // The follower stops following: a second answer reaches the asker only.
    expect(await put(`/questions/${id}/follow`, { follow: false }, follower.token)).toMatchObject({ status: 200, body: { data: { following: false, followers: 1 } } });
    expect((await post(`/questions/${id}/answer`, { body: 'Then the middle finger.' }, admin.token)).status).toBe(200);
    expect(await answeredNote(asker)).toHaveLength(2);
    expect(await answeredNote(follower)).toHaveLength(1);

    // Hidden: gone from the students' threads, kept for the admin; shown again.
    expect(await put(`/questions/${id}/hidden`, { hidden: true }, teacher.token)).toMatchObject({ status: 403 });
    expect(await put(`/questions/${id}/hidden`, { hidden: true }, admin.token)).toMatchObject({ status: 200, body: { message: 'Question hidden', data: { hidden: true } } });
    expect((await get(threads, follower.token)).body.data.map((q: { _id: string }) => q._id)).not.toContain(id);
    expect(await put(`/questions/${id}/follow`, { follow: true }, follower.token)).toMatchObject({ status: 404 });
    expect((await get(threads, admin.token)).body.data.map((q: { _id: string }) => q._id)).toContain(id);
    expect((await get('/questions/recent', admin.token)).body.data.find((q: { _id: string }) => q._id === id)).toMatchObject({ hidden: true });
    expect(await get('/questions/recent', teacher.token)).toMatchObject({ status: 403 });
    expect(await put(`/questions/${id}/hidden`, { hidden: false }, admin.token)).toMatchObject({ status: 200, body: { message: 'Question shown' } });
    expect((await get(threads, follower.token)).body.data.map((q: { _id: string }) => q._id)).toContain(id);
  }, 120_000);
});
