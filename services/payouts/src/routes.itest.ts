/**
 * Payouts on payouts running alone (issues 12 and 52), with commerce, the catalogue and learning
 * beside it where a sale comes from: a student's paid order
 * becomes the instructor's sale, net of the 2.5% gateway cut; the instructor sees their own
 * sales, earnings, settlements, receipts and statements and gets 403 for another instructor's;
 * the admin settles part of the due with a PDF receipt (a non-PDF is a 400), and the
 * analytics routes answer a clear 400 for dates that do not parse or run backwards.
 */
import { randomUUID } from 'node:crypto';
import { pngImage } from '../../../tools/testing/images';
import { startServiceAlone, type ServiceAlone } from '../../../tools/testing/service-alone';
import { waitFor } from '../../../tools/testing/wait';

type Json = { success: boolean; data?: any; message?: string; code?: string; reason?: string; fieldReasons?: Record<string, string> }; // eslint-disable-line @typescript-eslint/no-explicit-any

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
const today = () => {
  const d = new Date(Date.now() + 6 * 3_600_000);
  return `${d.getUTCDate()}-${d.getUTCMonth() + 1}-${d.getUTCFullYear()}`;
};

describe('payouts running alone', () => {
  let payouts: ServiceAlone;
  let admin: { token: string; id: string };
  let student: { token: string; id: string };
  let instructor: { token: string; id: string; profile: string };
  let otherProfile: string;
  let course: { _id: string; title: string };

  const request = async (method: string, p: string, body?: unknown, token?: string, headers: Record<string, string> = {}) => {
    const h: Record<string, string> = { ...headers };
    if (token) h.authorization = `Bearer ${token}`;
    let payload: BodyInit | undefined;
    if (body instanceof FormData) payload = body;
    else if (body !== undefined) {
      h['content-type'] = 'application/json';
      payload = JSON.stringify(body);
    }
    const res = await fetch(`${payouts.baseFor(p)}/api/v1${p}`, { method, headers: h, body: payload });
    const type = res.headers.get('content-type') ?? '';
    return { status: res.status, type, body: (type.includes('json') ? await res.json() : { raw: Buffer.from(await res.arrayBuffer()) }) as Json & { raw?: Buffer } };
  };
  const get = (p: string, token?: string, headers?: Record<string, string>) => request('GET', p, undefined, token, headers);
  const post = (p: string, body: unknown, token?: string) => request('POST', p, body, token);
  const login = async (email: string, password: string) => {
    const res = await post('/user/login/', { email, password });
    return { token: res.body.data.token as string, id: res.body.data.user._id as string, profile: res.body.data.user.instructor as string };
  };

  beforeAll(async () => {
    payouts = await startServiceAlone('payouts', { also: ['catalogue', 'commerce', 'learning'] });
    admin = await login('admin@taal.local', 'admin123');
    student = await login('student@taal.local', 'student123');
    instructor = await login('instructor@taal.local', 'instructor123');
    expect(instructor.profile).toMatch(/^[0-9a-f-]{36}$/);
    const courses = (await get('/course/')).body.data as { _id: string; title: string; instructor: string | { _id: string }; priceSilver: { price: number } | null }[];
    const ownerOf = (c: (typeof courses)[number]) => (typeof c.instructor === 'string' ? c.instructor : c.instructor?._id);
    course = courses.find((c) => ownerOf(c) === instructor.profile && (c.priceSilver?.price ?? 0) > 0)!;
    otherProfile = ownerOf(courses.find((c) => ownerOf(c) !== instructor.profile)!)!;
  }, 120_000);

  afterAll(async () => {
    await payouts?.stop();
  });

  it('turns a paid order into the instructor’s sale, net of the 2.5% cut, visible to them and the admin only', async () => {
    const price = (await get(`/course/${course._id}/`)).body.data.priceSilver.price as number;
    expect((await post('/wallet/credit', { userId: student.id, kind: 'refund', amount: price, reference: `payouts-${randomUUID()}` }, admin.token)).status).toBe(200);
    expect((await post('/cart/', { user: student.id, course: course._id, tier: 'silver' }, student.token)).status).toBe(200);
    const order = await post('/order', { userId: student.id, amount: 0 }, student.token);
    expect(order.status).toBe(201);
    const orderId = order.body.data._id as string;
    expect((await post(`/cart/zero-cart/${student.id}/${orderId}`, { total_amount: 0, discount_amount: 0, cart: { id: student.id }, value_c: orderId }, student.token)).status).toBe(200);

    const range = `/analytics/instructor/${instructor.profile}/1-1-2020/${today()}`;
    await waitFor(async () => ((await get(range, instructor.token)).body.data ?? []).some((s: { orderId: string }) => s.orderId === orderId), 'the sale', { timeoutMs: 30_000 });
    const sale = (await get(range, instructor.token)).body.data.find((s: { orderId: string }) => s.orderId === orderId);
    const cut = Math.floor((price * 25 * 2 + 1000) / 2000);
    expect(sale).toMatchObject({ course: course.title, amountPaid: price, gatewayCut: cut, amount: price - cut, user: student.id, user_name: 'Demo Student' });
    expect(sale.earning + sale.productCut).toBe(sale.amount);
    // The admin sees the buyer's name too.
    const seen = (await get(range, admin.token)).body.data.find((s: { orderId: string }) => s.orderId === orderId);
    expect(seen.user_name).toBe('Demo Student');

    const earnings = await get(`/instructor/earnings/${instructor.profile}`, instructor.token);
    expect(earnings.status).toBe(200);
    expect(earnings.body.data.due).toBeGreaterThanOrEqual(sale.earning);
    expect(earnings.body.data.courses.find((c: { courseId: string }) => c.courseId === course._id).saleCount).toBeGreaterThanOrEqual(1);

    // Another instructor's data, a student, and nobody: 403, 403, 401.
    for (const p of [`/analytics/instructor/${otherProfile}/1-1-2020/${today()}`, `/instructor/earnings/${otherProfile}`, `/instructor/settlement/${otherProfile}`, `/instructor/statement/${otherProfile}/2024-05`]) {
      expect({ p, status: (await get(p, instructor.token)).status }).toEqual({ p, status: 403 });
      expect({ p, status: (await get(p, student.token)).status }).toEqual({ p, status: 403 });
      expect({ p, status: (await get(p)).status }).toEqual({ p, status: 401 });
    }
    for (const p of ['/analytics/', '/analytics/secure/instructor', `/analytics/course/${course._id}/1-1-2020/${today()}`, `/instructor/due/${instructor.profile}/1`]) {
      expect({ p, status: (await get(p, instructor.token)).status }).toEqual({ p, status: 403 });
    }
  }, 60_000);

  it('lets the admin settle part of the due with a PDF receipt; the instructor sees it Settled and downloads the receipt', async () => {
    const before = (await get(`/instructor/earnings/${instructor.profile}`, admin.token)).body.data;
    const part = Math.floor(before.due / 2);
    const form = (photo: Buffer, received = part) => {
      const f = new FormData();
      f.set('settleAmount', String(part));
      f.set('receivedAmount', String(received));
      f.set('settleDate', today());
      f.set('remarks', 'First payout');
      f.set('status', 'true');
      f.set('photo', new Blob([new Uint8Array(photo)], { type: 'application/pdf' }), 'receipt.pdf');
      return f;
    };
    const refused = await post(`/instructor/settlement/${instructor.profile}`, form(Buffer.from('GIF89a, not a PDF')), admin.token);
    expect([refused.status, refused.body.reason, refused.body.fieldReasons]).toEqual([400, 'NOT_A_PDF', { photo: 'NOT_A_PDF' }]);
    const tooMuch = await post(`/instructor/settlement/${instructor.profile}`, form(PDF, part + 1), admin.token);
    expect([tooMuch.status, tooMuch.body.reason, tooMuch.body.fieldReasons]).toEqual([400, 'SETTLEMENT_FAILED', { receivedAmount: 'RECEIVED_ABOVE_SETTLE' }]);
    expect((await post(`/instructor/settlement/${instructor.profile}`, form(PDF), instructor.token)).status).toBe(403);
    const created = await post(`/instructor/settlement/${instructor.profile}`, form(PDF), admin.token);
    expect([created.status, created.body.message]).toEqual([201, 'Settlement published successfully !']);
    expect(created.body.data).toMatchObject({ settleAmount: part, receivedAmount: part, due: 0, status: true, remarks: 'First payout' });

    const settled = (await get(`/instructor/earnings/${instructor.profile}`, admin.token)).body.data;
    expect(settled.due).toBe(before.due - part);
    // The path amount is taka, as the admin types it (decision 0028): 1 settles BDT 1.00, exactly
    // 100 poisha; more than 2 decimals (or poisha written as a decimal) is refused, never rescaled.
    const taka = (poisha: number) => `${Math.floor(poisha / 100)}.${String(poisha % 100).padStart(2, '0')}`;
    const one = await get(`/instructor/due/${instructor.profile}/1`, admin.token);
    expect([one.status, one.body.data.due]).toEqual([200, settled.due - 100]);
    for (const bad of ['1.234', '0', '0.00', '-1', '1e2']) {
      expect(await get(`/instructor/due/${instructor.profile}/${bad}`, admin.token)).toMatchObject({
        status: 400,
        body: { code: 'AMOUNT_NOT_TAKA', message: 'The amount must be in taka: a positive number with at most 2 decimals' },
      });
    }
    const after = (await get(`/instructor/earnings/${instructor.profile}`, admin.token)).body.data;
    expect(after.due).toBe(settled.due - 100);
    // Above the due: refused; the due settlement pays the rest once.
    expect(await get(`/instructor/due/${instructor.profile}/${taka(after.due + 1)}`, admin.token)).toMatchObject({
      status: 400,
      body: { success: false, message: 'The amount is above the due', code: 'ABOVE_DUE', reason: 'ABOVE_DUE' },
    });
    const key = { 'idempotency-key': randomUUID() };
    const [a, b] = await Promise.all([get(`/instructor/due/${instructor.profile}/${taka(after.due)}`, admin.token, key), get(`/instructor/due/${instructor.profile}/${taka(after.due)}`, admin.token, key)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    // The repeat answers as the first and pays nothing again: the due stays 0, never below.
    expect([a.body.data.due, b.body.data.due]).toEqual([0, 0]);
    expect((await get(`/instructor/earnings/${instructor.profile}`, admin.token)).body.data).toMatchObject({ due: 0, settled: after.settled + after.due });

    const list = await get(`/instructor/settlement/${instructor.profile}`, instructor.token);
    expect(list.body.data[0]).toMatchObject({ _id: created.body.data._id, status: true, settleDate: expect.stringMatching(/^\d{2}-\d{2}-\d{4}$/) });
    const receipt = await get(list.body.data[0].receipt.replace('/api/v1', ''), instructor.token);
    expect([receipt.status, receipt.type]).toEqual([200, 'application/pdf']);
    expect(receipt.body.raw!.equals(PDF)).toBe(true);

    const month = new Date(Date.now() + 6 * 3_600_000).toISOString().slice(0, 7);
    const statement = await get(`/instructor/statement/${instructor.profile}/${month}?lang=bn`, instructor.token);
    expect([statement.status, statement.type, statement.body.raw!.subarray(0, 5).toString()]).toEqual([200, 'application/pdf', '%PDF-']);
  }, 60_000);

  it('lets a signed-in user change their own password and photo (POST user/), never the e-mail', async () => {
    const who = await (async () => {
      const email = `profile-${randomUUID().slice(0, 8)}@example.com`;
      const created = await post('/user/create-account', { name: 'Profile Test', email, password: 'first1', type: 2 }, admin.token);
      expect(created.status).toBeLessThan(300);
      return { email, ...(await login(email, 'first1')) };
    })();
    const form = (fields: Record<string, string | Blob>) => {
      const f = new FormData();
      for (const [k, v] of Object.entries(fields)) f.set(k, v);
      return f;
    };
    expect((await post('/user/', form({ password: 'second2' }))).status).toBe(401);
    const short = await post('/user/', form({ password: '123' }), who.token);
    expect([short.status, short.body.message]).toEqual([400, 'User Update Failed!']);
    const nothing = await post('/user/', form({}), who.token);
    expect([nothing.status, nothing.body.message, nothing.body.reason]).toEqual([400, 'Send a detail, a new password or a photo to change', 'NOTHING_TO_UPDATE']);
    const notImage = await post('/user/', form({ photo: new Blob(['not an image'], { type: 'image/png' }) }), who.token);
    expect(notImage.status).toBe(400);
    const changed = await post('/user/', form({ password: 'second2', currentPassword: 'first1', email: 'other@example.com' }), who.token);
    expect([changed.status, changed.body.message, changed.body.data.email]).toEqual([200, 'User Updated Successfully!', who.email]);
    expect((await post('/user/login/', { email: who.email, password: 'first1' })).status).toBe(401);
    expect((await post('/user/login/', { email: who.email, password: 'second2' })).status).toBe(200);
    const photo = await post('/user/', form({ photo: new Blob([new Uint8Array(await pngImage(32, 32))], { type: 'image/png' }) }), who.token);
    expect([photo.status, photo.body.message]).toEqual([200, 'User Updated Successfully!']);
    expect(photo.body.data.photo).toBeTruthy();
    // The details (issue 27), each with its sign-up rule: refused by the field's key, else stored.
    const badPhone = await post('/user/', form({ name: 'Renamed', phone: '0171-ABC' }), who.token);
    expect([badPhone.status, badPhone.body.reason, badPhone.body.fieldReasons]).toEqual([400, 'PROFILE_UPDATE_FAILED', { phone: 'PHONE_DIGITS_ONLY' }]);
    const future = await post('/user/', form({ dob: '2999-01-01', address: '' }), who.token);
    expect([future.status, future.body.fieldReasons]).toEqual([400, { dob: 'DOB_IN_FUTURE', address: 'ADDRESS_REQUIRED' }]);
    const details = { name: 'Renamed', phone: '01811111111', address: 'Road 2, Dhaka', dob: '1998-02-03' };
    const saved = await post('/user/', form(details), who.token);
    expect([saved.status, saved.body.data]).toEqual([200, expect.objectContaining({ ...details, email: who.email })]);
  });

  it('refuses year 0 (a day that does not exist) everywhere a day is read, with a translated reason, never a 500', async () => {
    const range = { status: 400, reason: 'INVALID_DATE_RANGE' };
    for (const p of [
      '/analytics/orders/0000-01-01/0000-01-01',
      '/analytics/paid-orders/0000-01-01/0000-01-01',
      '/analytics/users/01-01-0000/01-01-2024',
      '/analytics/sales-summary/1-1-0000/1-1-2024',
      `/analytics/instructor/${instructor.profile}/0000-01-01/2024-01-01`,
    ]) {
      const res = await get(p, admin.token);
      expect([p, { status: res.status, reason: res.body.reason }]).toEqual([p, range]);
    }
    const voucher = await post('/cart/cupon', { cuponCode: `Y0-${randomUUID().slice(0, 8)}`, discount: 10, useLimit: 1, expireDate: '0000-01-01' }, admin.token);
    expect([voucher.status, voucher.body.fieldReasons]).toEqual([400, { expireDate: 'INVALID_DAY' }]);
    const month = await get(`/instructor/statement/${instructor.profile}/0000-01`, instructor.token);
    expect([month.status, month.body.reason]).toEqual([400, 'INVALID_MONTH']);
    // Years before 1000 are refused the same way; the first four-digit year is answered.
    expect((await get('/analytics/users/01-01-0001/01-01-2024', admin.token)).body.reason).toBe('INVALID_DATE_RANGE');
    expect((await get('/analytics/orders/1000-01-01/2024-01-01', admin.token)).status).toBe(200);
    expect((await get('/analytics/users/01-01-1000/01-01-2024', admin.token)).status).toBe(200);
  });

  it('answers an instructor (or anyone) opening a course id nobody knows with 404 COURSE_NOT_FOUND, not a 500', async () => {
    const unknown = '00000000-0000-0000-0000-000000000000';
    for (const token of [instructor.token, student.token, undefined]) {
      const res = await get(`/course/secure-course/${unknown}`, token);
      expect([res.status, res.body.message, res.body.reason]).toEqual([404, 'Course not found', 'COURSE_NOT_FOUND']);
    }
    const doc = await get(`/course/${unknown}/documents/${randomUUID()}.pdf`, instructor.token);
    expect([doc.status, doc.body.reason]).toEqual([404, 'COURSE_NOT_FOUND']);
    // The instructor's own course still opens, whole.
    const own = await get(`/course/secure-course/${course._id}`, instructor.token);
    expect([own.status, own.body.data.fullAccess]).toEqual([200, true]);
  });

  it('answers a clear 400 for dates that do not parse or run backwards, and serves the analytics to the admin', async () => {
    const range = 'Please choose a valid date range (from and to dates, DD-MM-YYYY or YYYY-MM-DD)';
    const bad = await get(`/analytics/instructor/${instructor.profile}/31-2-2024/1-3-2024`, admin.token);
    expect([bad.status, bad.body.message, bad.body.reason]).toEqual([400, range, 'INVALID_DATE_RANGE']);
    const backwards = await get(`/analytics/sales-summary/2-3-2024/1-3-2024`, admin.token);
    expect([backwards.status, backwards.body.message, backwards.body.reason]).toEqual([400, range, 'INVALID_DATE_RANGE']);
    const summary = await get(`/analytics/sales-summary/1-1-2020/${today()}`, admin.token);
    expect(summary.body.data.orderCount).toBeGreaterThanOrEqual(1);
    const counters = await get('/analytics/', admin.token);
    expect(counters.body.data).toMatchObject({ user: expect.any(Number), instructor: expect.any(Number), course: expect.any(Number) });
    const saved = await post('/analytics/social-analytics', { facebookLikes: 1200, youtubeViews: 99 }, admin.token);
    expect(saved.body.data).toMatchObject({ facebookLikes: 1200, youtubeViews: 99, twitterPosts: 0 });
    const instructors = (await get('/analytics/secure/instructor', admin.token)).body.data;
    expect(instructors.find((i: { _id: string }) => i._id === instructor.profile).saleCount).toBeGreaterThanOrEqual(1);
    const perCourse = (await get('/analytics/courses', admin.token)).body.data.find((c: { courseId: string }) => c.courseId === course._id);
    expect(perCourse).toMatchObject({ course: course.title, saleCount: expect.any(Number), receivedAmount: expect.any(Number) });
    expect(perCourse.saleCount).toBeGreaterThanOrEqual(1);
    expect(perCourse.earnings + perCourse.productCut).toBe(perCourse.receivedAmount);
    const courseSales = (await get(`/analytics/course/${course._id}/1-1-2020/${today()}`, admin.token)).body.data;
    expect(courseSales[0]).toMatchObject({ coupon: { code: '', discount: 0 }, email: expect.stringContaining('@') });
  });
});
