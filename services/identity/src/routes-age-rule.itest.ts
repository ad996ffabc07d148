/**
 * The terms' age rule on identity running alone (issue 40, decision 0047; issue 52): under 13 on
 * the day of sign-up is refused; a 15-year-old names a guardian, whose mailed link (signed,
 * expiring, single use) approves the account; until then no course or gift-card order can be
 * opened, afterwards buying works; an adult is unaffected. Messaging beside it sends the mail;
 * the catalogue, commerce and the store answer the buying, each on its own port.
 */
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { todayInDhaka } from '@taal/contracts';
import { pngImage } from '../../../tools/testing/images';
import { mailsTo } from '../../../tools/testing/eml';
import { waitFor } from '../../../tools/testing/wait';
import { gatewayApi } from '../../../tools/testing/gateway-api';
import { startServiceAlone, type ServiceAlone } from '../../../tools/testing/service-alone';
import { creditWallet } from '../../../tools/lib/marketplace.cjs';

/** The day `years` years before today in Dhaka (YYYY-MM-DD), `days` days later. */
function yearsAgo(years: number, days = 0): string {
  const [y, m, d] = todayInDhaka().split('-').map(Number) as [number, number, number];
  const day = new Date(Date.UTC(y - years, m - 1, d + days));
  return day.toISOString().slice(0, 10);
}

describe('the age rule at sign-up, on identity running alone', () => {
  let identity: ServiceAlone;
  let mailDir: string;
  let adminToken: string;
  // Each call to the service that serves it.
  const { get, post, login } = gatewayApi((p) => identity.baseFor(p));

  const signUp = async (fields: Record<string, string>) => {
    const form = new FormData();
    for (const [k, v] of Object.entries({ name: 'Rafi Ahmed', password: 'secret1', confirmPassword: 'secret1', phone: '01712345678', address: 'Dhaka', ...fields })) form.append(k, v);
    form.append('photo', new Blob([new Uint8Array(await pngImage(40, 30))], { type: 'image/png' }), 'me.png');
    const res = await fetch(`${identity.baseFor('/user/signup/')}/api/v1/user/signup/`, { method: 'POST', body: form });
    return { status: res.status, body: (await res.json()) as { reason?: string; fieldReasons?: Record<string, string>; fields?: Record<string, string>; message?: string; data?: Record<string, unknown> } };
  };
  const address = (who: string) => {
    const id = randomUUID().slice(0, 8);
    return `${who}-${id}@mail-${id}.example.com`;
  };
  /** The link of the newest mail to `to` whose body has `pattern`. */
  const linkTo = async (to: string, pattern: RegExp, count = 1) => {
    let link = '';
    await waitFor(async () => {
      const found = mailsTo(mailDir, to).map((m) => pattern.exec(m.body)?.[1]).filter((l): l is string => !!l);
      link = found.at(-1) ?? '';
      return found.length >= count;
    }, `a mail to ${to}`);
    return link;
  };
  const signedIn = async (email: string) => {
    const verifyToken = await linkTo(email, /\/verify-email\/([\w.-]+)/);
    expect((await get(`/user/verify-email/${verifyToken}`)).status).toBe(200);
    return login(email, 'secret1');
  };

  beforeAll(async () => {
    // Identity alone, with messaging for its mail and the services a student buys from.
    identity = await startServiceAlone('identity', { also: ['messaging', 'catalogue', 'commerce', 'store'] });
    mailDir = path.join(identity.dataDir, 'mail');
    adminToken = (await login('admin@taal.local', 'admin123')).token;
  }, 60_000);

  afterAll(async () => {
    await identity?.stop();
  });

  it('refuses anyone under 13 on the day of sign-up (TOO_YOUNG on the date of birth), and no account is made', async () => {
    const email = address('child');
    // 13 tomorrow: still 12 today.
    const refused = await signUp({ email, dob: yearsAgo(13, 1) });
    expect([refused.status, refused.body.reason, refused.body.fieldReasons?.dob]).toEqual([400, 'TOO_YOUNG', 'TOO_YOUNG']);
    expect(refused.body.message).toBe('You must be at least 13 years old to sign up for Taal');
    expect((await get(`/user/checkemail/${email}`)).status).toBe(404);
  });

  it('asks a 13-17-year-old for a guardian address: required, valid, not their own', async () => {
    const email = address('teen');
    const missing = await signUp({ email, dob: yearsAgo(13) });
    expect([missing.status, missing.body.fieldReasons?.guardianEmail]).toEqual([400, 'GUARDIAN_EMAIL_REQUIRED']);
    const invalid = await signUp({ email, dob: yearsAgo(15), guardianEmail: 'not-an-address' });
    expect([invalid.status, invalid.body.fieldReasons?.guardianEmail]).toEqual([400, 'GUARDIAN_EMAIL_INVALID']);
    const own = await signUp({ email, dob: yearsAgo(15), guardianEmail: email.toUpperCase() });
    expect([own.status, own.body.fieldReasons?.guardianEmail]).toEqual([400, 'GUARDIAN_EMAIL_SAME']);
  });

  it("refuses the student's own mailbox under another spelling as guardian (issue 50): a +alias, or gmail's dots; another mailbox is taken", async () => {
    const id = randomUUID().slice(0, 8);
    const email = `t1-${id}@mail-${id}.example.com`;
    for (const guardianEmail of [`t1-${id}+mum@mail-${id}.example.com`, `T1-${id}+Mum@MAIL-${id}.example.com`]) {
      const alias = await signUp({ email, dob: yearsAgo(15), guardianEmail });
      expect([alias.status, alias.body.reason, alias.body.fieldReasons?.guardianEmail]).toEqual([400, 'GUARDIAN_EMAIL_SAME', 'GUARDIAN_EMAIL_SAME']);
      expect(alias.body.message).toBe("*The guardian's email must be a different mailbox from your own (not your own address with a +tag or dots)");
    }
    const gmail = `t1.x${id}@gmail.com`;
    const dotted = await signUp({ email: gmail, dob: yearsAgo(15), guardianEmail: `t1x.${id}+parent@googlemail.com` });
    expect([dotted.status, dotted.body.fieldReasons?.guardianEmail]).toEqual([400, 'GUARDIAN_EMAIL_SAME']);
    // No account was made by the refused sign-ups; another mailbox on the same domain is a guardian.
    expect((await get(`/user/checkemail/${email}`)).status).toBe(404);
    const created = await signUp({ email, dob: yearsAgo(15), guardianEmail: `mum-${id}@mail-${id}.example.com` });
    expect([created.status, created.body.data?.guardianStatus]).toEqual([201, 'pending']);
  });

  it('a 15-year-old cannot buy until the guardian opens the mailed link once; then the cart checkout and gift cards work', async () => {
    const email = address('rafi');
    const guardian = address('guardian');
    const created = await signUp({ email, dob: yearsAgo(15), guardianEmail: guardian });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ guardianStatus: 'pending', guardianEmail: guardian });
    const me = await signedIn(email);
    expect((await get(`/user/${me.id}/`, me.token)).body.data).toMatchObject({ guardianStatus: 'pending', dob: yearsAgo(15) });

    // The cart is free; the checkout (wallet covers it) is refused with the reason, and so is a gift card.
    const courses = (await get('/course/')).body.data as { _id: string; priceSilver: { price: number } | null }[];
    const course = courses.find((c) => (c.priceSilver?.price ?? 0) > 0)!;
    await creditWallet(identity.baseFor('/wallet/credit'), adminToken, me.id, course.priceSilver!.price);
    expect((await post('/cart/', { user: me.id, course: course._id, tier: 'silver' }, me.token)).status).toBe(200);
    const refused = await post('/order', { userId: me.id, amount: 0 }, me.token);
    expect([refused.status, refused.body.reason]).toEqual([403, 'GUARDIAN_APPROVAL_PENDING']);
    const products = (await get('/store/product/')).body.data as { _id: string; price: number }[];
    const giftCard = { userId: me.id, product: products[0]!._id, quantity: 1, totalPrice: products[0]!.price, forMyself: true, userPhone: '01712345678' };
    const giftRefused = await post('/store/order/', giftCard, me.token);
    expect([giftRefused.status, giftRefused.body.reason]).toEqual([403, 'GUARDIAN_APPROVAL_PENDING']);

    // The guardian's mail (and a second one on the student's request); a forged or foreign token is invalid.
    const link = await linkTo(guardian, /\/guardian-approval\/([\w.-]+)/);
    expect((await post('/user/guardian-resend', {}, me.token)).status).toBe(200);
    await linkTo(guardian, /\/guardian-approval\/([\w.-]+)/, 2);
    expect((await post('/user/guardian-resend', {})).status).toBe(401);
    expect((await get(`/user/guardian-approval/${link.slice(0, -2)}xx`)).body.reason).toBe('GUARDIAN_LINK_INVALID');
    const verifyToken = await linkTo(email, /\/verify-email\/([\w.-]+)/);
    expect((await get(`/user/guardian-approval/${verifyToken}`)).body.reason).toBe('GUARDIAN_LINK_INVALID');

    const confirmed = await get(`/user/guardian-approval/${link}`);
    expect([confirmed.status, confirmed.body.data]).toEqual([200, { name: 'Rafi Ahmed' }]);
    const again = await get(`/user/guardian-approval/${link}`);
    expect([again.status, again.body.reason]).toEqual([409, 'GUARDIAN_LINK_USED']);
    expect((await get(`/user/${me.id}/`, me.token)).body.data.guardianStatus).toBe('approved');

    // The same access token now buys: the order, paid from the wallet; and a gift-card order opens.
    const order = await post('/order', { userId: me.id, amount: 0 }, me.token);
    expect(order.status).toBe(201);
    const orderId = order.body.data._id as string;
    const paid = await post(`/cart/zero-cart/${me.id}/${orderId}`, { total_amount: 0, discount_amount: 0, cart: { id: me.id }, value_c: orderId }, me.token);
    expect(paid.status).toBe(200);
    expect((await post('/store/order/', giftCard, me.token)).status).toBe(201);
  });

  it('an adult is unaffected: no guardian asked (a guardian field is ignored), nothing pending', async () => {
    const email = address('adult');
    const created = await signUp({ email, dob: yearsAgo(18), guardianEmail: 'ignored@example.com' });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ guardianStatus: '', guardianEmail: '' });
    const me = await signedIn(email);
    const order = await post('/order', { userId: me.id, amount: 0 }, me.token);
    expect([order.status, order.body.reason]).toEqual([400, 'CART_EMPTY']);
    // The demo student (no guardian state, an account from before the rule) still buys.
    const demo = await login('student@taal.local', 'student123');
    expect((await post('/order', { userId: demo.id, amount: 0 }, demo.token)).status).not.toBe(403);
  });
});
