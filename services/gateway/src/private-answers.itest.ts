/**
 * Signed-in reads answered from the edge's copy (decision 0033), on the all-in-one with copies
 * kept for ten minutes: so whatever shows here showed because the change bumped the user's data
 * version, not because the copy aged out. The user's own writes show on the very next read; a card
 * payment (commerce), the enrolment it grants (learning) and its notification (messaging) show
 * once those services committed them; a notification to everyone shows to everyone; a copy is never
 * served to another user, and answers in the reader's language stay apart.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startAllInOne } from '@taal/launcher';
import { waitFor } from '../../../tools/testing/wait';
import { gatewayApi } from '../../../tools/testing/gateway-api';

describe('signed-in reads kept at the edge per user (all-in-one)', () => {
  let dataDir: string;
  let taal: Awaited<ReturnType<typeof startAllInOne>>;
  let base = '';
  let student: { token: string; id: string };
  let admin: { token: string; id: string };
  let instructor: { token: string; id: string };
  let course: { _id: string; priceSilver: { price: number } };

  const { request, get, post, login } = gatewayApi(() => base);

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'taal-private-answers-'));
    taal = await startAllInOne({ PORT: '0', DATA_DIR: dataDir, HOST: '127.0.0.1', PRIVATE_ANSWER_TTL_MS: '600000' });
    base = `http://127.0.0.1:${taal.port}`;
    student = await login('student@taal.local', 'student123');
    admin = await login('admin@taal.local', 'admin123');
    instructor = await login('instructor@taal.local', 'instructor123');
    const courses = (await get('/course/')).body.data as { _id: string; priceSilver: { price: number } | null }[];
    const owned = new Set(((await get(`/classroom/${student.id}`, student.token)).body.data as { enrolment: { course: string } }[]).map((e) => e.enrolment.course));
    course = courses.find((c) => (c.priceSilver?.price ?? 0) > 0 && !owned.has(c._id)) as typeof course;
  }, 90_000);

  afterAll(async () => {
    await taal?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const cartCourses = async () => ((await get(`/cart/${student.id}`, student.token)).body.data.items as { course: string }[]).map((i) => i.course);
  const classroomCourses = async () => ((await get(`/classroom/${student.id}`, student.token)).body.data as { enrolment: { course: string } }[]).map((e) => e.enrolment.course);
  const notificationIds = async (who: { token: string; id: string }) => ((await get(`/notification/user/${who.id}`, who.token)).body.data as { _id: string }[]).map((n) => n._id);

  it("shows the user's own write on the next read, and never serves one user's copy to another", async () => {
    expect(await cartCourses()).not.toContain(course._id);
    expect(await cartCourses()).not.toContain(course._id); // the kept copy
    expect((await post('/cart/', { user: student.id, course: course._id, tier: 'silver' }, student.token)).status).toBe(200);
    expect(await cartCourses()).toContain(course._id);
    expect((await post('/cart/delete/', { user: student.id, course: course._id }, student.token)).status).toBe(200);
    expect(await cartCourses()).not.toContain(course._id);
    // An admin credits the student's wallet: commerce says so after its commit.
    const balance = async () => (await get(`/wallet/${student.id}`, student.token)).body.data.balance as number;
    const before = await balance();
    expect((await post('/wallet/credit', { userId: student.id, kind: 'refund', amount: 500, reference: `kept-${Date.now()}` }, admin.token)).status).toBe(200);
    expect(await balance()).toBe(before + 500);
    // The same URL with another user's token: refused, not answered from the student's copy.
    expect((await get(`/cart/${student.id}`, instructor.token)).status).toBe(403);
    expect((await get(`/wallet/${student.id}`, admin.token)).status).toBe(403);
  });

  it('shows a card payment, the enrolment it grants and its notification once the services committed them', async () => {
    const walletBefore = (await get(`/wallet/${student.id}`, student.token)).body.data;
    const notesBefore = await notificationIds(student);
    expect(await classroomCourses()).not.toContain(course._id);
    const secure = async () => (await get(`/course/secure-course/${course._id}`, student.token)).body.data as { enrolment: unknown; fullAccess: boolean };
    expect(await secure()).toMatchObject({ enrolment: null, fullAccess: false });

    await post('/cart/', { user: student.id, course: course._id, tier: 'silver' }, student.token);
    const order = (await post('/order', { userId: student.id, amount: course.priceSilver.price, useWallet: false }, student.token)).body.data as { _id: string; amount: number };
    // The order holds nothing of the wallet (useWallet false): the wallet reads the same, from the copy or not.
    expect((await get(`/wallet/${student.id}`, student.token)).body.data).toEqual(walletBefore);
    const opened = await post('/cart/ssl/', { total_amount: order.amount / 100, cus_name: 'Student', cus_email: 'student@taal.local', cus_phone: '01712345678', value_c: order._id, currency: 'BDT' }, student.token);
    expect(opened.status).toBe(200);
    // The gateway's IPN (not the student's request) pays the order: commerce says the student's data changed.
    const html = await (await fetch(opened.body.data.GatewayPageURL as string)).text();
    const action = /action="([^"]+\/pay)"/.exec(html)![1]!;
    expect((await fetch(action, { method: 'POST', redirect: 'manual', body: new URLSearchParams({ choice: 'pay' }) })).status).toBe(303);

    // Learning grants the enrolment from commerce.order.paid, messaging adds the notification: each says so after its commit.
    await waitFor(async () => (await classroomCourses()).includes(course._id), 'the paid course in the classroom', { timeoutMs: 20_000, intervalMs: 100 });
    await waitFor(async () => (await secure()).enrolment !== null, 'the enrolment on the course view', { timeoutMs: 20_000, intervalMs: 100 });
    await waitFor(async () => (await notificationIds(student)).some((id) => !notesBefore.includes(id)), "the order's notification", { timeoutMs: 20_000, intervalMs: 100 });
  }, 60_000);

  it('never answers from a copy once the session ended: logout and suspension are refused on the next read', async () => {
    const session = await login('student@taal.local', 'student123');
    expect((await get(`/wallet/${session.id}`, session.token)).status).toBe(200);
    expect((await get(`/wallet/${session.id}`, session.token)).status).toBe(200); // the kept copy
    expect((await request('POST', '/user/logout', undefined, session.token)).status).toBe(200);
    expect(await get(`/wallet/${session.id}`, session.token)).toMatchObject({ status: 401, body: { code: 'SESSION_EXPIRED' } });

    const email = `kept-${Date.now()}@example.com`;
    // A content uploader (the admin may create one) reads their notifications, a kept read too.
    expect((await post('/user/create-account', { name: 'Kept Copy', email, password: 'secret1', type: 2 }, admin.token)).status).toBeLessThan(300);
    const soonGone = await login(email, 'secret1');
    expect((await get(`/notification/user/${soonGone.id}`, soonGone.token)).status).toBe(200);
    expect((await get(`/notification/user/${soonGone.id}`, soonGone.token)).status).toBe(200);
    expect((await get(`/user/suspend/${soonGone.id}`, admin.token)).status).toBe(200);
    expect(await get(`/notification/user/${soonGone.id}`, soonGone.token)).toMatchObject({ status: 401, body: { code: 'ACCOUNT_SUSPENDED' } });
  });

  it('shows a notification to everyone to everyone at once, and its removal too, each in the reader’s language', async () => {
    const before = await notificationIds(instructor);
    const msg = `Edge copies ${Date.now()}`;
    const created = await post('/notification/create', { msg }, admin.token);
    expect(created.status).toBe(201);
    const id = created.body.data._id as string;
    expect(await notificationIds(instructor)).toEqual([id, ...before]);
    expect(await notificationIds(student)).toContain(id);
    expect((await request('DELETE', `/notification/${id}`, undefined, admin.token)).status).toBe(200);
    expect(await notificationIds(instructor)).toEqual(before);

    // The order's system notification (previous test), asked in English and in Bengali: two copies, two languages.
    const inLanguage = async (lang: string) => (await get(`/notification/user/${student.id}?lang=${lang}`, student.token)).body.data[0].msg as string;
    const english = await inLanguage('en');
    const bengali = await inLanguage('bn');
    expect(english).not.toEqual(bengali);
    expect(bengali).toMatch(/[\u0980-\u09FF]/);
    const byHeader = await fetch(`${base}/api/v1/notification/user/${student.id}`, { headers: { authorization: `Bearer ${student.token}`, 'accept-language': 'bn' } });
    expect(((await byHeader.json()) as { data: { msg: string }[] }).data[0]!.msg).toEqual(bengali);
  }, 60_000);
});
