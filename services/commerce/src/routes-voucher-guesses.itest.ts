/**
 * Voucher codes are words people choose, so wrong ones are limited like gift-card codes (issue 50):
 * on commerce running alone (its own limit, issue 52), a student's wrong codes (checked, or sent
 * with an order) count per user and per client address; past either limit every look-up is 429
 * TOO_MANY_VOUCHER_TRIES with Retry-After, right codes and orders without a code do not count.
 */
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { refusalText } from '@taal/contracts';
import { gatewayApi } from '../../../tools/testing/gateway-api';
import { startServiceAlone, type ServiceAlone } from '../../../tools/testing/service-alone';

describe('voucher look-ups are limited per user and per address', () => {
  let commerce: ServiceAlone;
  const { get, post, login, signUpVerified } = gatewayApi((p) => commerce.baseFor(p));
  const good = `EID${randomUUID().slice(0, 6).toUpperCase()}`;

  beforeAll(async () => {
    // The catalogue prices the cart; messaging mails the new students their verification links.
    commerce = await startServiceAlone('commerce', { also: ['catalogue', 'messaging'], env: { VOUCHER_GUESS_MAX_PER_USER: '3', VOUCHER_GUESS_MAX_PER_ADDRESS: '5' } });
  }, 60_000);

  afterAll(async () => {
    await commerce?.stop();
  });

  /** A fresh verified student (owns nothing). */
  const newStudent = () => signUpVerified(path.join(commerce.dataDir, 'mail'), 'Rafi Ahmed', { prefix: 'guesser' });

  it('counts wrong codes (checked or sent with an order) per user, then answers 429 with Retry-After; then per address for another user', async () => {
    const admin = (await login('admin@taal.local', 'admin123')).token;
    expect((await post('/cart/cupon', { cuponCode: good, discount: 10, useLimit: 5, expireDate: '2999-01-01' }, admin)).status).toBe(201);
    const rafi = await newStudent();
    const courses = (await get('/course/')).body.data as { _id: string; priceSilver: { price: number } | null }[];
    const course = courses.find((c) => (c.priceSilver?.price ?? 0) > 0)!;
    expect((await post('/cart/', { user: rafi.id, course: course._id, tier: 'silver' }, rafi.token)).status).toBe(200);

    // Right codes are not guesses: checked more often than the limit, all answered.
    for (let i = 0; i < 5; i++) expect((await get(`/cart/cupon/${good.toLowerCase()}`, rafi.token)).status).toBe(200);

    // Three wrong codes: two checks and one order.
    expect((await get(`/cart/cupon/${good}1`, rafi.token)).body.reason).toBe('COUPON_NOT_FOUND');
    const wrongOrder = await post('/order', { userId: rafi.id, amount: course.priceSilver!.price, cuponCode: `${good}2` }, rafi.token);
    expect([wrongOrder.status, wrongOrder.body.reason]).toEqual([404, 'COUPON_NOT_FOUND']);
    expect((await get(`/cart/cupon/${good}3`, rafi.token)).status).toBe(404);

    // The fourth look-up is refused before the code is looked up, right or wrong, checked or ordered.
    const refused = await get(`/cart/cupon/${good}4`, rafi.token);
    expect([refused.status, refused.body.reason, refused.body.message]).toEqual([429, 'TOO_MANY_VOUCHER_TRIES', 'Too many wrong voucher codes. Please try again later.']);
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    expect(refusalText('TOO_MANY_VOUCHER_TRIES', 'bn')).toBe('অনেকবার ভুল ভাউচার কোড দেওয়া হয়েছে। অনুগ্রহ করে পরে আবার চেষ্টা করুন।');
    expect((await get(`/cart/cupon/${good}`, rafi.token)).status).toBe(429);
    const orderRefused = await post('/order', { userId: rafi.id, amount: course.priceSilver!.price, cuponCode: good }, rafi.token);
    expect([orderRefused.status, orderRefused.body.reason]).toEqual([429, 'TOO_MANY_VOUCHER_TRIES']);
    // An order without a code is no look-up: it goes on to the usual checks.
    const plain = await post('/order', { userId: rafi.id, amount: 1 }, rafi.token);
    expect([plain.status, plain.body.reason]).toEqual([400, 'AMOUNT_MISMATCH']);

    // Another user from the same address: its own count is under 3, but the address has 3 of 5.
    const student = await login('student@taal.local', 'student123');
    expect((await get(`/cart/cupon/${good}5`, student.token)).status).toBe(404);
    expect((await get(`/cart/cupon/${good}6`, student.token)).status).toBe(404);
    const byAddress = await get(`/cart/cupon/${good}7`, student.token);
    expect([byAddress.status, byAddress.body.reason]).toEqual([429, 'TOO_MANY_VOUCHER_TRIES']);
    expect(Number(byAddress.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
  });
});
