/**
 * Transactional mail and system notifications as users notice them (decision 0023), on messaging
 * running alone (issue 52) with the services whose events it mails beside it (the catalogue,
 * commerce, learning and payouts; each route asked of its own service's port): a student who
 * signed up in Bengali gets the verification mail in Bengali; a paid order mails them exactly one
 * receipt, in Bengali; a certificate the admin provides mails them and shows in their bell in the
 * page's language (`?lang=`); the referrer whose code they signed up with hears of the bonus; a
 * published settlement mails the instructor's account.
 */
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { pngImage } from '../../../tools/testing/images';
import { mailsTo } from '../../../tools/testing/eml';
import { waitFor } from '../../../tools/testing/wait';
import { gatewayApi, type Json } from '../../../tools/testing/gateway-api';
import { startServiceAlone, type ServiceAlone } from '../../../tools/testing/service-alone';

/** A subject as written (RFC 2047 encoded words decoded). */
const subjectOf = (subject: string) =>
  subject.replace(/=\?UTF-8\?([BQ])\?([^?]*)\?=\s*/gi, (_m, enc: string, data: string) =>
    enc.toUpperCase() === 'B'
      ? Buffer.from(data, 'base64').toString('utf8')
      : Buffer.from(data.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (_x, h: string) => String.fromCharCode(parseInt(h, 16))), 'latin1').toString('utf8'),
  );
/** A mail's body with its base64 parts (non-ASCII text) decoded. */
const textOf = (body: string) =>
  [...body.matchAll(/Content-Transfer-Encoding: base64\r?\n(?:.+\r?\n)*?\r?\n([A-Za-z0-9+/=\r\n]+)/g)].map((m) => Buffer.from(m[1]!, 'base64').toString('utf8')).join('\n') + body;

describe('transactional mail and notifications on messaging running alone', () => {
  let messaging: ServiceAlone;
  let mailDir: string;
  let adminToken: string;
  let me: { token: string; id: string; email: string };
  let demoStudent: { token: string; id: string };

  // Each call to the service that serves it.
  const { get, post, login } = gatewayApi((p) => messaging.baseFor(p));
  /** The URL of `p` (under /api/v1) on the service that serves it. */
  const urlOf = (p: string) => `${messaging.baseFor(p)}/api/v1${p}`;
  const mine = () => mailsTo(mailDir, me.email).map((m) => ({ subject: subjectOf(m.subject), text: textOf(m.body) }));

  beforeAll(async () => {
    messaging = await startServiceAlone('messaging', { also: ['catalogue', 'commerce', 'learning', 'payouts'] });
    mailDir = path.join(messaging.dataDir, 'mail');
    adminToken = (await login('admin@taal.local', 'admin123')).token;
  }, 60_000);

  afterAll(async () => {
    await messaging?.stop();
  });

  it('a student who signs up in Bengali (with a referral code) gets the verification mail in Bengali, and it verifies', async () => {
    const referrer = await login('student@taal.local', 'student123');
    const { referralCode } = (await get(`/user/${referrer.id}/`, referrer.token)).body.data as { referralCode: string };
    demoStudent = referrer;
    const id = randomUUID().slice(0, 8);
    const email = `bn-${id}@mail-${id}.example.com`;
    const form = new FormData();
    const fields = { name: 'নাদিয়া রহমান', email, password: 'secret1', confirmPassword: 'secret1', dob: '2000-01-02', phone: '01712345678', address: 'Dhaka', language: 'bn' };
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    form.append('photo', new Blob([new Uint8Array(await pngImage(40, 30))], { type: 'image/png' }), 'me.png');
    expect((await fetch(urlOf(`/user/signup/${referralCode}`), { method: 'POST', body: form })).status).toBeLessThan(300);
    me = { email, token: '', id: '' };
    await waitFor(async () => mine().length > 0, 'the verification mail');
    const [mail] = mine();
    expect(mail!.subject).toBe('আপনার তাল অ্যাকাউন্ট যাচাই করুন');
    const token = /\/verify-email\/([\w.-]+)/.exec(mail!.text)![1]!;
    expect((await get(`/user/verify-email/${token}`)).status).toBe(200);
    me = { ...(await login(email, 'secret1')), email };
  });

  it('a paid order mails its buyer exactly one receipt, in their language', async () => {
    const courses = (await get('/course/')).body.data as { _id: string; title: string; priceSilver: { price: number } | null }[];
    const course = courses.find((c) => (c.priceSilver?.price ?? 0) > 0)!;
    const price = course.priceSilver!.price;
    // The wallet covers the order (the zero-payable path), as in commerce.itest.
    const credited = await post('/wallet/credit', { userId: me.id, kind: 'refund', amount: price, reference: `mail-itest-${randomUUID()}` }, adminToken);
    expect(credited.status).toBe(200);
    expect((await post('/cart/', { user: me.id, course: course._id, tier: 'silver' }, me.token)).status).toBe(200);
    const created = await post('/order', { userId: me.id, amount: 0 }, me.token);
    expect(created.status).toBe(201);
    const orderId = created.body.data._id as string;
    const paid = await post(`/cart/zero-cart/${me.id}/${orderId}`, { total_amount: 0, discount_amount: 0, cart: { id: me.id }, value_c: orderId }, me.token);
    expect(paid.status).toBe(200);
    // Paying again changes nothing.
    await post(`/cart/zero-cart/${me.id}/${orderId}`, { total_amount: 0, discount_amount: 0, cart: { id: me.id }, value_c: orderId }, me.token);

    const receipts = () => mine().filter((m) => m.subject.includes(orderId));
    await waitFor(async () => receipts().length > 0, 'the receipt');
    await new Promise((r) => setTimeout(r, 1500));
    expect(receipts()).toHaveLength(1);
    const [receipt] = receipts();
    expect(receipt!.subject).toBe(`আপনার তাল রসিদ (${orderId})`);
    expect(receipt!.text).toContain(course.title);
    expect(receipt!.text).toContain(`ওয়ালেট থেকে পরিশোধ: - ${(price / 100).toFixed(2)} টাকা`);
    expect(receipt!.text).toContain('কার্ডে পরিশোধ: 0.00 টাকা');

    // The bell says so in the page's language.
    const bell = async (lang: string) => (await get(`/notification/user/${me.id}?lang=${lang}`, me.token)).body.data.map((n: { msg: string }) => n.msg);
    await waitFor(async () => (await bell('bn')).length > 0, 'the payment notification');
    expect(await bell('bn')).toContain('পেমেন্ট পাওয়া গেছে: আপনার ১টি কোর্সের অর্ডার নিশ্চিত হয়েছে। শুভ শেখা!');
    expect(await bell('en')).toContain('Payment received: your order of 1 course is confirmed. Happy learning!');

    // Their first paid order credits the referrer's bonus: the referrer is notified.
    const referrerBell = async (lang: string) => (await get(`/notification/user/${demoStudent.id}?lang=${lang}`, demoStudent.token)).body.data.map((n: { msg: string }) => n.msg);
    await waitFor(async () => (await referrerBell('en')).includes('BDT 200.00 referral bonus was added to your wallet.'), 'the referral notification');
    expect(await referrerBell('bn')).toContain('রেফারেল বোনাস হিসেবে ২০০.০০ টাকা আপনার ওয়ালেটে যোগ হয়েছে।');
  });

  it('a certificate the admin provides mails the student and shows in their bell, in the page’s language', async () => {
    const orders = (await get(`/order/${me.id}`, me.token)).body.data as { courses: { course: string }[] }[];
    const courseId = orders[0]!.courses[0]!.course;
    // A certificate follows every lesson completed (decision 0042); the demo seed gives the course its lessons at start.
    let lessons: { _id: string }[] = [];
    await waitFor(async () => {
      lessons = ((await get(`/course/secure-course/${courseId}`, me.token)).body.data?.lessons ?? []) as { _id: string }[];
      return lessons.length >= 4;
    }, 'the demo lessons');
    for (const l of lessons) expect((await post(`/lesson/${l._id}/progress`, { position: 1, completed: true }, me.token)).status).toBe(200);
    const asked = await get(`/course/certificate/${encodeURIComponent(me.email)}/${courseId}/Anything`, me.token);
    expect(asked.status).toBe(200);
    const id = asked.body.data.certificate._id as string;
    expect((await get(`/user/certificate/${id}`, adminToken)).status).toBe(200);
    expect((await get(`/user/certificate/${id}`, adminToken)).status).toBe(200); // again: no second mail

    const certificateMails = () => mine().filter((m) => m.subject.endsWith('কোর্সের সনদ প্রস্তুত'));
    await waitFor(async () => certificateMails().length > 0, 'the certificate mail');
    expect(certificateMails()[0]!.text).toContain(`/certificate/${id}`);
    const all = async (lang: string) => (await get(`/notification/user/${me.id}/all?lang=${lang}`, me.token)).body.data.map((n: { msg: string }) => n.msg);
    await waitFor(async () => (await all('bn')).some((m: string) => m.includes('সনদ প্রস্তুত')), 'the certificate notification');
    expect((await all('en')).filter((m: string) => m.startsWith('Your certificate for'))).toHaveLength(1);
    // Without ?lang, the browser's Accept-Language decides.
    const res = await fetch(urlOf(`/notification/user/${me.id}`), { headers: { authorization: `Bearer ${me.token}`, 'accept-language': 'bn-BD,bn;q=0.9,en;q=0.5' } });
    expect(((await res.json()) as Json).data.some((n: { msg: string }) => n.msg.includes('সনদ প্রস্তুত'))).toBe(true);
    await new Promise((r) => setTimeout(r, 1000));
    expect(certificateMails()).toHaveLength(1);
  });

  it('a published settlement mails the instructor’s account', async () => {
    const profile = '00000000-0000-4000-8000-000000000001'; // the demo instructor's profile
    const form = new FormData();
    for (const [k, v] of Object.entries({ settleAmount: '123450', receivedAmount: '0', settleDate: '2026-11-30', remarks: 'November', status: 'false' })) form.append(k, v);
    form.append('photo', new Blob([Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n')], { type: 'application/pdf' }), 'receipt.pdf');
    const res = await fetch(urlOf(`/instructor/settlement/${profile}`), { method: 'POST', body: form, headers: { authorization: `Bearer ${adminToken}` } });
    expect(res.status).toBe(201);
    const settlements = () => mailsTo(mailDir, 'instructor@taal.local').map((m) => ({ subject: subjectOf(m.subject), text: textOf(m.body) }));
    await waitFor(async () => settlements().some((m) => m.subject === 'A payment settlement of BDT 1234.50 was published'), 'the settlement mail');
    const mail = settlements().find((m) => m.subject === 'A payment settlement of BDT 1234.50 was published')!;
    expect(mail.text).toContain('dated 2026-11-30');
    expect(mail.text).toContain('/instructorpanel?tab=4');
  });
});
