/**
 * The age rule for Google and Facebook sign-ups on identity running alone (issue 53 item 5,
 * decision 0077; issue 52). Such an account has no date of birth: its first order is refused
 * until it gives one (POST user/, the Profile tab's save), which is judged by the sign-up's rule
 * (decision 0047): under 13 refused and not stored, 13 to 17 name a guardian and cannot buy until
 * the guardian's link is opened, 18 and over buy at once. A stored date of birth cannot be changed
 * afterwards. Google is played by the local stand-in the auth tests use. Messaging beside identity
 * sends the mail; the catalogue, commerce and the store answer the buying, each on its own port.
 */
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { refusalText, todayInDhaka } from '@taal/contracts';
import { mailsTo } from '../../../tools/testing/eml';
import { waitFor } from '../../../tools/testing/wait';
import { gatewayApi } from '../../../tools/testing/gateway-api';
import { startServiceAlone, type ServiceAlone } from '../../../tools/testing/service-alone';
import { startSocialStandins, type SocialStandins } from '../../../tools/testing/social-standins';
import { creditWallet } from '../../../tools/lib/marketplace.cjs';

/** The day `years` years before today in Dhaka (YYYY-MM-DD), `days` days later. */
function yearsAgo(years: number, days = 0): string {
  const [y, m, d] = todayInDhaka().split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y - years, m - 1, d + days)).toISOString().slice(0, 10);
}

describe('the age rule for social sign-ups, on identity running alone', () => {
  let identity: ServiceAlone;
  let mailDir: string;
  let social: SocialStandins;
  let adminToken: string;
  // Each call to the service that serves it.
  const { get, post, login, signUpVerified } = gatewayApi((p) => identity.baseFor(p));

  const address = (who: string) => {
    const id = randomUUID().slice(0, 8);
    return `${who}-${id}@mail-${id}.example.com`;
  };
  /** A new account through "Continue with Google": no date of birth. */
  const googleSignUp = async (name: string) => {
    const email = address('google');
    const tokenId = await social.googleIdToken({ sub: `g-${randomUUID()}`, email, email_verified: true, name });
    const signedIn = await post('/user/googlelogin', { tokenId });
    expect(signedIn.status).toBe(200);
    return { email, token: signedIn.body.data.token as string, id: signedIn.body.data.user._id as string };
  };
  /** The Profile tab's save (multipart, like the browser's). */
  const saveProfile = (token: string, fields: Record<string, string>) => {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    return post('/user/', form, token);
  };
  const giftCardOf = async (userId: string) => {
    const products = (await get('/store/product/')).body.data as { _id: string; price: number }[];
    return { userId, product: products[0]!._id, quantity: 1, totalPrice: products[0]!.price, forMyself: true, userPhone: '01712345678' };
  };

  beforeAll(async () => {
    social = await startSocialStandins();
    // Identity alone, with messaging for its mail and the services a student buys from.
    identity = await startServiceAlone('identity', {
      also: ['messaging', 'catalogue', 'commerce', 'store'],
      env: {
        GOOGLE_CLIENT_ID: social.google.clientId,
        GOOGLE_JWKS_URL: social.google.jwksUrl,
        GOOGLE_ISSUERS: social.google.issuer,
      },
    });
    mailDir = path.join(identity.dataDir, 'mail');
    adminToken = (await login('admin@taal.local', 'admin123')).token;
  }, 120_000);

  afterAll(async () => {
    await identity?.stop();
    await social?.close();
  });

  it('a Google sign-up aged 15 cannot buy until it gives its date of birth, names a guardian, and the guardian approves', async () => {
    const me = await googleSignUp('Gina Teen');
    expect((await get(`/user/${me.id}/`, me.token)).body.data).toMatchObject({ dob: '', guardianStatus: '' });
    const courses = (await get('/course/')).body.data as { _id: string; priceSilver: { price: number } | null }[];
    const course = courses.find((c) => (c.priceSilver?.price ?? 0) > 0)!;
    await creditWallet(identity.baseFor('/wallet/credit'), adminToken, me.id, course.priceSilver!.price);
    expect((await post('/cart/', { user: me.id, course: course._id, tier: 'silver' }, me.token)).status).toBe(200);
    const giftCard = await giftCardOf(me.id);

    // No date of birth: neither a course nor a gift card can be ordered (the API cannot skip the prompt).
    const noDob = await post('/order', { userId: me.id, amount: 0 }, me.token);
    expect([noDob.status, noDob.body.reason, noDob.body.message]).toEqual([403, 'DOB_NEEDED_TO_BUY', refusalText('DOB_NEEDED_TO_BUY')]);
    expect((await post('/store/order/', giftCard, me.token)).body.reason).toBe('DOB_NEEDED_TO_BUY');

    // 15: the guardian's address is required, checked as at sign-up; nothing is stored without it.
    const dob = yearsAgo(15);
    const missing = await saveProfile(me.token, { dob });
    expect([missing.status, missing.body.reason, missing.body.fieldReasons?.guardianEmail]).toEqual([400, 'GUARDIAN_EMAIL_REQUIRED', 'GUARDIAN_EMAIL_REQUIRED']);
    const own = await saveProfile(me.token, { dob, guardianEmail: me.email.toUpperCase() });
    expect([own.status, own.body.fieldReasons?.guardianEmail]).toEqual([400, 'GUARDIAN_EMAIL_SAME']);
    expect((await get(`/user/${me.id}/`, me.token)).body.data.dob).toBe('');

    const guardian = address('guardian');
    const dated = await saveProfile(me.token, { dob, guardianEmail: guardian });
    expect(dated.status).toBe(200);
    expect(dated.body.data).toMatchObject({ dob, guardianStatus: 'pending', guardianEmail: guardian });

    // Pending: still no order of either kind.
    const pending = await post('/order', { userId: me.id, amount: 0 }, me.token);
    expect([pending.status, pending.body.reason]).toEqual([403, 'GUARDIAN_APPROVAL_PENDING']);
    expect((await post('/store/order/', giftCard, me.token)).body.reason).toBe('GUARDIAN_APPROVAL_PENDING');
    // Nor can the date be moved to an adult's to slip past the rule.
    const older = await saveProfile(me.token, { dob: yearsAgo(30) });
    expect([older.status, older.body.reason, older.body.fieldReasons?.dob]).toEqual([400, 'DOB_LOCKED', 'DOB_LOCKED']);
    expect((await get(`/user/${me.id}/`, me.token)).body.data).toMatchObject({ dob, guardianStatus: 'pending' });

    // The guardian's mailed link approves; the same access token then buys.
    let link = '';
    await waitFor(async () => {
      link = mailsTo(mailDir, guardian).map((m) => /\/guardian-approval\/([\w.-]+)/.exec(m.body)?.[1]).find((l): l is string => !!l) ?? '';
      return !!link;
    }, `the mail to ${guardian}`);
    expect((await get(`/user/guardian-approval/${link}`)).body.data).toEqual({ name: 'Gina Teen' });
    const order = await post('/order', { userId: me.id, amount: 0 }, me.token);
    expect(order.status).toBe(201);
    const orderId = order.body.data._id as string;
    const paid = await post(`/cart/zero-cart/${me.id}/${orderId}`, { total_amount: 0, discount_amount: 0, cart: { id: me.id }, value_c: orderId }, me.token);
    expect(paid.status).toBe(200);
    expect((await post('/store/order/', giftCard, me.token)).status).toBe(201);
  });

  it('a Google sign-up aged 12 is refused (TOO_YOUNG), nothing is stored and it still cannot buy', async () => {
    const me = await googleSignUp('Gabi Child');
    // 13 tomorrow: still 12 today.
    const refused = await saveProfile(me.token, { dob: yearsAgo(13, 1), guardianEmail: address('parent') });
    expect([refused.status, refused.body.reason, refused.body.fieldReasons?.dob, refused.body.message]).toEqual([400, 'TOO_YOUNG', 'TOO_YOUNG', refusalText('TOO_YOUNG')]);
    expect((await get(`/user/${me.id}/`, me.token)).body.data).toMatchObject({ dob: '', guardianStatus: '' });
    const order = await post('/order', { userId: me.id, amount: 0 }, me.token);
    expect([order.status, order.body.reason]).toEqual([403, 'DOB_NEEDED_TO_BUY']);
  });

  it('an adult Google sign-up buys once dated; no date of birth can be changed afterwards (social or e-mail sign-up), the same date again is no change', async () => {
    const me = await googleSignUp('Gordon Adult');
    const dob = yearsAgo(30);
    const dated = await saveProfile(me.token, { dob, guardianEmail: 'ignored@example.com' });
    expect(dated.body.data).toMatchObject({ dob, guardianStatus: '', guardianEmail: '' });
    expect((await post('/order', { userId: me.id, amount: 0 }, me.token)).body.reason).toBe('CART_EMPTY');

    const younger = await saveProfile(me.token, { dob: yearsAgo(15), guardianEmail: address('parent') });
    expect([younger.status, younger.body.reason, younger.body.message]).toEqual([400, 'DOB_LOCKED', refusalText('DOB_LOCKED')]);
    // The Profile tab sends the stored date with other changes: that is no change, the rest is saved.
    const same = await saveProfile(me.token, { dob, address: 'Mirpur, Dhaka' });
    expect([same.status, same.body.data?.dob, same.body.data?.address]).toEqual([200, dob, 'Mirpur, Dhaka']);

    const student = await signUpVerified(mailDir, 'Esha Email');
    const moved = await saveProfile(student.token, { dob: yearsAgo(40) });
    expect([moved.status, moved.body.reason]).toEqual([400, 'DOB_LOCKED']);
    expect((await get(`/user/${student.id}/`, student.token)).body.data.dob).toBe('2000-01-02');
  });
});
