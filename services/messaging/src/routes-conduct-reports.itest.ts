/**
 * Reports and blocks on messaging running alone (issue 52; issue 53, decision 0076), with the
 * catalogue (courses), commerce (the enrolment) and learning (lessons) beside it: a
 * user reports an item once; the admin's queue hides it (gone for everyone but the admin), restores
 * it, or suspends its sender; the reporter is told the outcome. A blocked sender is refused.
 */
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { gatewayApi } from '../../../tools/testing/gateway-api';
import { startServiceAlone, type ServiceAlone } from '../../../tools/testing/service-alone';
import { waitFor } from '../../../tools/testing/wait';

const DEMO_INSTRUCTOR_PROFILE = '00000000-0000-4000-8000-000000000001';
type Who = { token: string; id: string };

describe('reports and blocks on messaging running alone', () => {
  let messaging: ServiceAlone;
  let admin: Who;
  let student: Who;
  let other: Who;
  let teacher: Who;
  let course: string;
  let lesson: string;

  // Each call to the service that serves it (a suspended sender's login: identity's own port).
  const { request, get, post, login, signUpVerified, enrolFree, lessonsOf } = gatewayApi((p) => messaging.baseFor(p));
  const put = (p: string, body: unknown, token?: string) => request('PUT', p, body, token);
  const notificationsOf = async (who: Who) =>
    ((await get(`/notification/user/${who.id}/all`, who.token)).body.data as { msg: string }[]).map(
      (n) => n.msg,
    );
  const queued = async (itemId: string) =>
    (
      (await get('/report/queue', admin.token)).body.data as {
        _id: string;
        itemId: string;
        status: string;
        reporters: number;
      }[]
    ).filter((r) => r.itemId === itemId);

  beforeAll(async () => {
    messaging = await startServiceAlone('messaging', { also: ['catalogue', 'commerce', 'learning'] });
    admin = await login('admin@taal.local', 'admin123');
    student = await login('student@taal.local', 'student123');
    teacher = await login('instructor@taal.local', 'instructor123');
    other = await signUpVerified(path.join(messaging.dataDir, 'mail'), 'Mitu Das', { prefix: 'reporter' });
    const courses = (await get('/course/')).body.data as { _id: string; instructor: string }[];
    course = courses.find((c) => c.instructor === DEMO_INSTRUCTOR_PROFILE)!._id;
    await enrolFree(admin.token, student, [course]);
    await enrolFree(admin.token, other, [course]);
    const lessons = await lessonsOf(course, student.token);
    lesson = lessons[0]!._id;
    expect(
      (await post(`/lesson/${lesson}/progress`, { position: 1, completed: true }, student.token)).status,
    ).toBeLessThan(300);
  }, 150_000);

  afterAll(async () => {
    await messaging?.stop();
  });

  it('a review reported once, hidden from the queue: gone for everyone but the admin; restored: back; the reporter told each time', async () => {
    const review = (
      await post(
        `/review/course/${course}`,
        { rating: 2, text: 'Not worth it, the teacher is rude' },
        student.token,
      )
    ).body.data._id as string;
    expect(await post('/report', { kind: 'review', itemId: review }, undefined)).toMatchObject({
      status: 401,
    });
    expect(await post('/report', { kind: 'review', itemId: review }, student.token)).toMatchObject({
      status: 400,
      body: { code: 'REPORT_OWN_ITEM' },
    });
    expect(await post('/report', { kind: 'review', itemId: randomUUID() }, other.token)).toMatchObject({
      status: 404,
      body: { code: 'REPORTED_ITEM_NOT_FOUND' },
    });
    expect(await post('/report', { kind: 'lesson', itemId: review }, other.token)).toMatchObject({
      status: 400,
    });
    // Once per user and item, also when sent at once.
    const many = await Promise.all(
      Array.from({ length: 5 }, () =>
        post('/report', { kind: 'review', itemId: review, reason: 'insulting' }, other.token),
      ),
    );
    expect(many.map((a) => a.status).sort()).toEqual([201, 409, 409, 409, 409]);
    // The reporter is not told who wrote it (a review's writer is named by name only, decision 0064).
    const byTeacher = await post('/report', { kind: 'review', itemId: review }, teacher.token);
    expect(byTeacher).toMatchObject({ status: 201, body: { data: { senderId: '', excerpt: '' } } });
    expect(JSON.stringify(byTeacher.body)).not.toContain(student.id);
    expect(await get('/report/queue', other.token)).toMatchObject({ status: 403 });
    const reports = await queued(review);
    expect(reports).toHaveLength(2);
    expect(reports[0]).toMatchObject({ status: 'open', reporters: 2 });

    expect(await put(`/report/${reports[0]!._id}/decision`, { action: 'hide' }, other.token)).toMatchObject({
      status: 403,
    });
    expect(await put(`/report/${reports[0]!._id}/decision`, { action: 'hide' }, admin.token)).toMatchObject({
      status: 200,
      body: { data: { status: 'hidden' } },
    });
    const shownIds = async (token?: string) =>
      ((await get(`/review/course/${course}`, token)).body.data.reviews as { _id: string }[]).map(
        (r) => r._id,
      );
    expect(await shownIds()).not.toContain(review);
    expect(await shownIds(other.token)).not.toContain(review);
    expect(
      ((await get('/review/hidden', admin.token)).body.data as { _id: string }[]).map((r) => r._id),
    ).toContain(review);
    expect((await queued(review)).map((r) => r.status)).toEqual(['hidden', 'hidden']);
    await waitFor(
      async () => (await notificationsOf(other)).some((m) => /review you reported has been removed/.test(m)),
      'the reporter told',
    );
    expect((await notificationsOf(teacher)).some((m) => /review you reported has been removed/.test(m))).toBe(
      true,
    );

    expect(
      await put(`/report/${reports[0]!._id}/decision`, { action: 'restore' }, admin.token),
    ).toMatchObject({ status: 200, body: { data: { status: 'restored' } } });
    expect(await shownIds()).toContain(review);
    await waitFor(
      async () => (await notificationsOf(other)).some((m) => /is shown again/.test(m)),
      'the reporter told of the restore',
    );
  }, 60_000);

  it('a question and an answer hidden after a report: gone from the thread for students and the instructor, shown to the admin', async () => {
    const threads = `/questions/course/${course}/lesson/${lesson}`;
    const question = (await post(threads, { body: 'Is this course a scam?' }, student.token)).body.data
      ._id as string;
    const answered = (
      await post(
        `/questions/${question}/answer`,
        { body: 'No, and read the syllabus you lazy person' },
        teacher.token,
      )
    ).body.data;
    const answer = answered.answers[0]._id as string;
    const [qReport, aReport] = [
      (await post('/report', { kind: 'question', itemId: question }, other.token)).body.data._id as string,
      (await post('/report', { kind: 'answer', itemId: answer }, student.token)).body.data._id as string,
    ];
    expect(await put(`/report/${aReport}/decision`, { action: 'hide' }, admin.token)).toMatchObject({
      status: 200,
    });
    const thread = async (who: Who) =>
      ((await get(threads, who.token)).body.data as { _id: string; answers: { _id: string }[] }[]).find(
        (q) => q._id === question,
      );
    expect((await thread(student))!.answers).toEqual([]);
    expect((await thread(admin))!.answers.map((a) => a._id)).toEqual([answer]);
    expect(await put(`/report/${qReport}/decision`, { action: 'hide' }, admin.token)).toMatchObject({
      status: 200,
    });
    expect(await thread(other)).toBeUndefined();
    expect(await thread(teacher)).toBeUndefined();
    expect(await thread(admin)).toMatchObject({ hidden: true });
  }, 60_000);

  it("a reply hidden after a report is gone from the student's list and kept in the admin's", async () => {
    const message = (
      await post(
        '/contact/instructor/',
        { to: DEMO_INSTRUCTOR_PROFILE, message: 'Can we move the class?' },
        student.token,
      )
    ).body.data._id as string;
    expect(
      (await post(`/contact/r/${message}`, { reply: 'Stop bothering me, idiot' }, teacher.token)).status,
    ).toBe(200);
    // Only the message's parties may report it: no one else can read it.
    expect(await post('/report', { kind: 'reply', itemId: message }, other.token)).toMatchObject({
      status: 404,
      body: { code: 'REPORTED_ITEM_NOT_FOUND' },
    });
    const report = (await post('/report', { kind: 'reply', itemId: message }, student.token)).body.data
      ._id as string;
    expect(await put(`/report/${report}/decision`, { action: 'hide' }, admin.token)).toMatchObject({
      status: 200,
    });
    const mine = (
      (await get(`/contact/u/p/${student.id}`, student.token)).body.data as { _id: string; reply: string }[]
    ).find((m) => m._id === message);
    expect(mine).toMatchObject({ reply: '' });
    const all = (
      (await get('/contact/student/', admin.token)).body.data as { _id: string; reply: string }[]
    ).find((m) => m._id === message);
    expect(all).toMatchObject({ reply: 'Stop bothering me, idiot' });
  }, 60_000);

  it("suspending the sender from the queue hides the item and ends the sender's account", async () => {
    const writer = await signUpVerified(path.join(messaging.dataDir, 'mail'), 'Rude Writer', { prefix: 'rude' });
    const message = (
      await post(
        '/contact/instructor/',
        { to: DEMO_INSTRUCTOR_PROFILE, message: 'You will regret this' },
        writer.token,
      )
    ).body.data._id as string;
    const report = (await post('/report', { kind: 'message', itemId: message }, teacher.token)).body.data
      ._id as string;
    expect(await put(`/report/${report}/decision`, { action: 'suspend' }, admin.token)).toMatchObject({
      status: 200,
      body: { data: { status: 'suspended' } },
    });
    const list = (await get(`/contact/mystudent/${DEMO_INSTRUCTOR_PROFILE}`, teacher.token)).body.data as {
      _id: string;
    }[];
    expect(list.map((m) => m._id)).not.toContain(message);
    expect(await post('/user/login/', { email: writer.email, password: 'secret1' })).toMatchObject({
      status: 401,
      body: { code: 'ACCOUNT_SUSPENDED' },
    });
  }, 60_000);

  it('a blocked sender is refused, both ways, until unblocked', async () => {
    const first = (
      await post(
        '/contact/instructor/',
        { to: DEMO_INSTRUCTOR_PROFILE, message: 'Hello, a question on lesson 2' },
        other.token,
      )
    ).body.data._id as string;
    // Only a party of the message blocks.
    expect(await put(`/contact/block/${first}`, { blocked: true }, student.token)).toMatchObject({
      status: 404,
      body: { code: 'BLOCK_TARGET_INVALID' },
    });
    expect(await put(`/contact/block/${first}`, { blocked: true }, teacher.token)).toMatchObject({
      status: 200,
      body: { data: { blocked: `user:${other.id}` } },
    });
    expect(
      await post(
        '/contact/instructor/',
        { to: DEMO_INSTRUCTOR_PROFILE, message: 'Hello again' },
        other.token,
      ),
    ).toMatchObject({ status: 403, body: { code: 'SENDER_BLOCKED' } });
    // Other students still write.
    expect(
      (
        await post(
          '/contact/instructor/',
          { to: DEMO_INSTRUCTOR_PROFILE, message: 'Hello from me' },
          student.token,
        )
      ).status,
    ).toBe(201);
    expect(await put(`/contact/block/${first}`, { blocked: false }, teacher.token)).toMatchObject({
      status: 200,
    });
    expect(
      (
        await post(
          '/contact/instructor/',
          { to: DEMO_INSTRUCTOR_PROFILE, message: 'Hello again' },
          other.token,
        )
      ).status,
    ).toBe(201);

    // The student blocks the instructor: the instructor's replies are refused.
    expect(await put(`/contact/block/${first}`, { blocked: true }, other.token)).toMatchObject({
      status: 200,
      body: { data: { blocked: `instructor:${DEMO_INSTRUCTOR_PROFILE}` } },
    });
    expect((await get('/contact/blocks', other.token)).body.data).toEqual([
      expect.objectContaining({ blocked: `instructor:${DEMO_INSTRUCTOR_PROFILE}` }),
    ]);
    expect(await post(`/contact/r/${first}`, { reply: 'Sure, see lesson 2' }, teacher.token)).toMatchObject({
      status: 403,
      body: { code: 'SENDER_BLOCKED' },
    });
    expect(await put(`/contact/block/${first}`, { blocked: false }, other.token)).toMatchObject({
      status: 200,
    });
    expect((await post(`/contact/r/${first}`, { reply: 'Sure, see lesson 2' }, teacher.token)).status).toBe(
      200,
    );
  }, 60_000);
});
