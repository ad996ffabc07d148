/**
 * Messaging on messaging running alone (issue 52), the catalogue beside it for the instructors
 * students write to (issue 13): the contact form with the
 * spec's messages and its rate limit, a student's message to the instructor answered in the
 * panel, who may read and answer what (403), notifications read per user, and the live push
 * (server-sent events) that brings a new notification to an open page within 2 seconds and
 * ends when the page's session does.
 */
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { waitFor } from '../../../tools/testing/wait';
import { mailsTo } from '../../../tools/testing/eml';
import { gatewayApi } from '../../../tools/testing/gateway-api';
import { startServiceAlone, type ServiceAlone } from '../../../tools/testing/service-alone';

describe('messaging on messaging running alone', () => {
  let messaging: ServiceAlone;
  let admin: { token: string; id: string };
  let student: { token: string; id: string };
  let teacher: { token: string; id: string; profile: string };

  // Each call to the service that serves it (sign-in and the accounts: identity's own port).
  const { request, get, post, login } = gatewayApi((p) => messaging.baseFor(p));
  /** The live push, on messaging's own port. */
  const streamUrl = () => `${messaging.base}/api/v1/notification/stream`;

  beforeAll(async () => {
    messaging = await startServiceAlone('messaging', { also: ['catalogue'] });
    admin = await login('admin@taal.local', 'admin123');
    student = await login('student@taal.local', 'student123');
    const t = await login('instructor@taal.local', 'instructor123');
    teacher = { ...t, profile: (await get('/user/me', t.token)).body.data.instructor as string };
  }, 120_000);

  afterAll(async () => {
    await messaging?.stop();
  });

  it("takes the contact form ('Please fill all the fields'), lists it for the admin, marks it replied, and limits each sender", async () => {
    expect(await post('/contact/', { name: 'Rina', email: 'rina@example.com', message: ' ' })).toMatchObject({
      status: 400,
      body: { message: 'Please fill all the fields', code: 'CONTACT_FIELDS_MISSING', fieldReasons: { message: 'CONTACT_FIELDS_MISSING' } },
    });
    // A right-to-left override in the name is refused as sign-up refuses it, with the reason the pages translate.
    expect(await post('/contact/', { name: 'Rina\u202egnp.exe', email: 'rina@example.com', message: 'Hello' })).toMatchObject({
      status: 400,
      body: { fields: { name: '*Name must not contain control characters' }, fieldReasons: { name: 'NAME_INVALID' } },
    });
    const sent = await post('/contact/', { name: 'Rina', email: 'rina@example.com', message: 'When do drum classes start?' });
    expect(sent).toMatchObject({ status: 201, body: { message: 'Message sent Successfully', data: { name: 'Rina', status: false } } });
    const id = sent.body.data._id as string;

    expect((await get('/contact/general/')).status).toBe(401);
    expect((await get('/contact/general/', student.token)).status).toBe(403);
    const list = await get('/contact/general/', admin.token);
    expect(list.body.data.find((m: { _id: string }) => m._id === id)).toMatchObject({ status: false, email: 'rina@example.com' });
    expect(await get(`/contact/general/${id}`, admin.token)).toMatchObject({ status: 200, body: { data: { _id: id, status: true } } });
    expect((await get(`/contact/general/${randomUUID()}`, admin.token)).status).toBe(404);

    // Five an hour per sender e-mail: the sixth is refused and not stored.
    for (let i = 0; i < 4; i++) expect((await post('/contact/', { name: 'Rina', email: 'rina@example.com', message: `again ${i}` })).status).toBe(201);
    const refused = await post('/contact/', { name: 'Rina', email: 'RINA@example.com', message: 'one too many' });
    expect(refused).toMatchObject({ status: 429, body: { code: 'TOO_MANY_MESSAGES', reason: 'TOO_MANY_MESSAGES', message: 'Too many messages. Please try again later.' } });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    const after = await get('/contact/general/', admin.token);
    expect(after.body.data.some((m: { message: string }) => m.message === 'one too many')).toBe(false);
  });

  it('a student messages the instructor; only that instructor answers; the student sees it answered; others get 403', async () => {
    const message = 'How long should I practise each day?';
    expect((await post('/contact/instructor/', { to: teacher.profile, message })).status).toBe(401);
    expect((await post('/contact/instructor/', { to: teacher.profile, message }, teacher.token)).status).toBe(403);
    expect((await post('/contact/instructor/', { to: teacher.profile, message, from: admin.id }, student.token)).status).toBe(403);
    expect((await post('/contact/instructor/', { to: randomUUID(), message }, student.token)).status).toBe(404);
    const sent = await post('/contact/instructor/', { to: teacher.profile, message, name: 'Demo Student', email: 'student@taal.local', from: student.id }, student.token);
    expect(sent).toMatchObject({ status: 201, body: { message: 'Message Sent Successfully!!', data: { from: student.id, to: teacher.profile, status: false } } });
    const id = sent.body.data._id as string;

    expect((await get(`/contact/u/c/${student.id}`, student.token)).body.data.map((m: { _id: string }) => m._id)).toContain(id);
    expect((await get(`/contact/u/c/${admin.id}`, student.token)).status).toBe(403); // another user's
    expect((await get(`/contact/mystudent/${randomUUID()}`, teacher.token)).status).toBe(403); // another instructor's
    expect((await get(`/contact/mystudent/${teacher.profile}`, student.token)).status).toBe(403);
    expect((await get(`/contact/mystudent/${teacher.profile}`, teacher.token)).body.data.map((m: { _id: string }) => m._id)).toContain(id);
    expect((await post(`/contact/r/${id}`, { reply: 'x' }, student.token)).status).toBe(403);
    expect((await post(`/contact/r/${id}`, { reply: ' ' }, teacher.token)).status).toBe(400);
    expect(await post(`/contact/r/${id}`, { reply: 'Twenty minutes, every day.' }, teacher.token)).toMatchObject({
      status: 200,
      body: { data: { status: true, reply: 'Twenty minutes, every day.' } },
    });
    expect((await get(`/contact/u/c/${student.id}`, student.token)).body.data.map((m: { _id: string }) => m._id)).not.toContain(id);
    expect((await get(`/contact/u/p/${student.id}`, student.token)).body.data).toContainEqual(expect.objectContaining({ _id: id, reply: 'Twenty minutes, every day.' }));
    expect((await get('/contact/student/', admin.token)).body.data.map((m: { _id: string }) => m._id)).toContain(id);
    expect((await get('/contact/student/', teacher.token)).status).toBe(403);
  });

  it('pushes a new notification to an open page within 2 s; marking it read hides it for that user only', async () => {
    const controller = new AbortController();
    const stream = await fetch(streamUrl(), { headers: { authorization: `Bearer ${student.token}` }, signal: controller.signal });
    expect([stream.status, stream.headers.get('content-type')]).toEqual([200, 'text/event-stream; charset=utf-8']);
    const reader = stream.body!.getReader();
    let seen = '';
    const until = async (text: string) => {
      while (!seen.includes(text)) {
        const { value, done } = await reader.read();
        if (done) throw new Error(`the stream ended before ${text}`);
        seen += Buffer.from(value).toString('utf8');
      }
    };
    try {
      await until('event: ready');
      const msg = `Live ${randomUUID().slice(0, 8)}`;
      const started = Date.now();
      const created = await post('/notification/create', { msg }, admin.token);
      expect(created).toMatchObject({ status: 201, body: { data: { msg, read: false } } });
      await until('event: notification');
      expect(Date.now() - started).toBeLessThan(2000);

      const id = created.body.data._id as string;
      expect((await get(`/notification/user/${student.id}`, student.token)).body.data.map((n: { _id: string }) => n._id)).toContain(id);
      expect((await get(`/notification/user/${student.id}`, teacher.token)).status).toBe(403);
      expect((await request('DELETE', `/notification/user/${student.id}/${id}`, undefined, teacher.token)).status).toBe(403);
      expect((await request('DELETE', `/notification/user/${student.id}/${id}`, undefined, student.token)).status).toBe(200);
      expect((await get(`/notification/user/${student.id}`, student.token)).body.data.map((n: { _id: string }) => n._id)).not.toContain(id);
      expect((await get(`/notification/user/${student.id}/all`, student.token)).body.data).toContainEqual(expect.objectContaining({ _id: id, read: true }));
      // Another user still sees it unread.
      expect((await get(`/notification/user/${teacher.id}`, teacher.token)).body.data.map((n: { _id: string }) => n._id)).toContain(id);

      expect((await get('/notification', student.token)).status).toBe(403);
      expect((await get('/notification', admin.token)).body.data[0]).toMatchObject({ _id: id, msg });
      expect((await request('DELETE', `/notification/${id}`, undefined, admin.token)).status).toBe(200);
      expect((await request('DELETE', `/notification/${id}`, undefined, admin.token)).status).toBe(404);
    } finally {
      controller.abort();
    }
  });

  it('ends a stream when its session ends: logout, a password change (the other sessions) and suspension (issue 36)', async () => {
    // An account of its own (verified at once), so the demo accounts stay signed in.
    const email = `stream-${randomUUID().slice(0, 8)}@example.com`;
    expect((await post('/user/create-account', { name: 'Stream Watcher', email, password: 'secret1', type: 2 }, admin.token)).status).toBe(201);
    const controllers: AbortController[] = [];
    /** Opens a stream; `ended` resolves when the server ends it (the time since `since` was set). */
    const open = async (token: string) => {
      const controller = new AbortController();
      controllers.push(controller);
      const res = await fetch(streamUrl(), { headers: { authorization: `Bearer ${token}` }, signal: controller.signal });
      expect(res.status).toBe(200);
      const reader = res.body!.getReader();
      let seen = '';
      while (!seen.includes('event: ready')) seen += Buffer.from((await reader.read()).value ?? []).toString('utf8');
      const stream = { over: false, ended: Promise.resolve() };
      stream.ended = (async () => {
        try {
          while (!(await reader.read()).done);
        } catch {
          // aborted by the test
        }
        stream.over = true;
      })();
      return stream;
    };
    /** Waits for the server to end `stream` (fails the test past 2 s: a tick of 500 ms after the revocation). */
    const endsWithin2s = async (stream: { ended: Promise<void> }) => {
      const started = Date.now();
      await Promise.race([stream.ended, new Promise((_, reject) => setTimeout(() => reject(new Error('the stream is still open 2 s after its session ended')), 2000))]);
      return Date.now() - started;
    };
    try {
      const loggedOut = await login(email, 'secret1');
      const [stays, other] = [await login(email, 'secret1'), await login(email, 'secret1')];
      const [loggedOutStream, staysStream, otherStream] = [await open(loggedOut.token), await open(stays.token), await open(other.token)];

      expect((await post('/user/logout', {}, loggedOut.token)).status).toBe(200);
      await endsWithin2s(loggedOutStream);
      expect([staysStream.over, otherStream.over]).toEqual([false, false]);

      // A password change ends the user's other sessions, and their streams; the changing session keeps its own.
      const form = new FormData();
      form.append('password', 'secret2');
      form.append('currentPassword', 'secret1');
      expect((await post('/user/', form, stays.token)).status).toBe(200);
      await endsWithin2s(otherStream);
      await new Promise((r) => setTimeout(r, 1000));
      expect(staysStream.over).toBe(false);

      const suspended = await login(email, 'secret2');
      const suspendedStream = await open(suspended.token);
      expect((await get(`/user/suspend/${suspended.id}`, admin.token)).status).toBe(200);
      await Promise.all([endsWithin2s(suspendedStream), endsWithin2s(staysStream)]);
      // And a new stream with a dead token is refused, as any request is.
      expect((await fetch(streamUrl(), { headers: { authorization: `Bearer ${stays.token}` } })).status).toBe(401);
    } finally {
      for (const c of controllers) c.abort();
    }
  });

  it('mass mail: custom needs an address; verified-user reaches exactly the verified users, once each, with an unsubscribe link that works', async () => {
    const custom = await post('/mass-mail/', { mailTo: 'custom', subject: 'Hi', message: '<p>x</p>' }, admin.token);
    expect(custom).toMatchObject({ status: 400, body: { message: 'Please enter an email address for a custom mail', reason: 'CUSTOM_EMAIL_REQUIRED', fieldReasons: { customEmail: 'CUSTOM_EMAIL_REQUIRED' } } });
    expect((await post('/mass-mail/', { mailTo: 'verified-user', subject: 'Hi', message: '<p>x</p>' }, student.token)).status).toBe(403);

    const users = (await Promise.all([1, 2, 3, 4].map(async (type) => (await get(`/user/type/${type}`, admin.token)).body.data as { email: string; emailVerify: boolean; suspend: boolean }[]))).flat();
    const verified = users.filter((u) => u.emailVerify && !u.suspend);
    expect(verified.length).toBeGreaterThan(2);
    const subject = `Spring concert ${randomUUID().slice(0, 6)}`;
    const sent = await post('/mass-mail/', { mailTo: 'verified-user', subject, message: '<h2>Concert</h2><p>Join us <img src=x onerror=alert(1)></p>' }, admin.token);
    // The audience is read after the answer (decision 0088): the total grows while the mail is queuing.
    expect(sent).toMatchObject({ status: 201, body: { message: 'Mass mailing sent successful!' } });
    const id = sent.body.data._id as string;
    const progress = async () => ((await get('/mass-mail/', admin.token)).body.data as { _id: string; status: string; total: number; sent: number }[]).find((m) => m._id === id)!;
    await waitFor(async () => (await progress()).status === 'done', 'the mass mail', { timeoutMs: 30_000 });
    expect(await progress()).toMatchObject({ total: verified.length, sent: verified.length });
    const mailDir = path.join(messaging.dataDir, 'mail');
    for (const u of users) {
      const got = mailsTo(mailDir, u.email).filter((m) => m.subject.includes(subject));
      expect([u.email, got.length]).toEqual([u.email, verified.includes(u) ? 1 : 0]);
    }
    const body = mailsTo(mailDir, verified[0]!.email).find((m) => m.subject.includes(subject))!.body;
    expect(body).not.toContain('onerror');
    const link = /https?:\/\/[^\s"]+\/api\/v1\/mass-mail\/unsubscribe\/[A-Za-z0-9_-]+/.exec(body)![0];
    const unsubscribe = await fetch(`${messaging.base}${new URL(link).pathname}`);
    expect([unsubscribe.status, await unsubscribe.text()]).toEqual([200, expect.stringContaining(verified[0]!.email)]);
    expect((await fetch(`${messaging.base}/api/v1/mass-mail/unsubscribe/not-a-real-token`)).status).toBe(404);
  });
});
