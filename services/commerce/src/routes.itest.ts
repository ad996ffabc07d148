/**
 * Cart, wishlist, vouchers, wallet and orders on commerce running alone (issue 52), with the
 * catalogue (courses) and messaging (mail) beside it and a card-gateway sandbox of its own, as
 * the storefront and back office call them (spec §7, admin-back-office.md): a student fills the
 * cart at two tiers, checks a voucher the admin created, creates an order whose amount must match
 * the server's computation, pays it through the zero-payable path once the wallet covers it, and
 * sees it Paid; another student gets 403 on every `{userId}` route; no token gives 401.
 */
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { pngImage } from '../../../tools/testing/images';
import { waitForMailLink } from '../../../tools/testing/eml';
import { waitFor } from '../../../tools/testing/wait';
import { gatewayApi } from '../../../tools/testing/gateway-api';
import { startServiceAlone, type ServiceAlone } from '../../../tools/testing/service-alone';

describe('commerce running alone', () => {
  let commerce: ServiceAlone;
  let base: string;
  let adminToken: string;
  let student: { token: string; id: string };
  let other: { token: string; id: string };
  let courseA: { id: string; price: number };
  let courseB: { id: string; price: number };
  let orderId = '';
  const voucherCode = `SAVE${randomUUID().slice(0, 8).toUpperCase()}`;

  const { request, get, post, login } = gatewayApi((p) => commerce.baseFor(p));

  beforeAll(async () => {
    // The browser comes back from the card gateway, and its payment notices arrive, at commerce's own port.
    commerce = await startServiceAlone('commerce', {
      also: ['catalogue', 'messaging'],
      cardPayments: true,
    });
    base = commerce.base;
    adminToken = (await login('admin@taal.local', 'admin123')).token;
    student = await login('student@taal.local', 'student123');

    // A second student: signs up and verifies the address from the mail.
    const id = randomUUID().slice(0, 8);
    const email = `buyer-${id}@mail-${id}.example.com`;
    const form = new FormData();
    const fields = { name: 'Rafi Ahmed', email, password: 'secret1', confirmPassword: 'secret1', dob: '2000-01-02', phone: '01712345678', address: 'Dhaka' };
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    form.append('photo', new Blob([new Uint8Array(await pngImage(40, 30))], { type: 'image/png' }), 'me.png');
    const signUp = await fetch(`${commerce.baseFor('/user/signup/')}/api/v1/user/signup/`, { method: 'POST', body: form });
    expect(signUp.status).toBeLessThan(300);
    const link = await waitForMailLink(path.join(commerce.dataDir, 'mail'), email, /Verify your Taal account/, /http:\/\/\S+\/verify-email\/[\w.-]+/);
    expect((await get(`/user/verify-email/${link.split('/verify-email/')[1]}`)).status).toBe(200);
    other = await login(email, 'secret1');

    const courses = (await get('/course/')).body.data as { _id: string; priceSilver: { price: number } | null; priceGold: { price: number } | null }[];
    const withSilver = courses.find((c) => (c.priceSilver?.price ?? 0) > 0)!;
    const withGold = courses.find((c) => c._id !== withSilver._id && (c.priceGold?.price ?? 0) > 0)!;
    courseA = { id: withSilver._id, price: withSilver.priceSilver!.price };
    courseB = { id: withGold._id, price: withGold.priceGold!.price };
  }, 60_000);

  afterAll(async () => {
    await commerce?.stop();
  });

  it('answers 401 to a logged-out call on every route', async () => {
    const calls: [string, string, unknown?][] = [
      ['GET', `/cart/${student.id}`],
      ['POST', '/cart/', { user: student.id, course: courseA.id, tier: 'silver' }],
      ['POST', '/cart/delete/', { user: student.id, course: courseA.id }],
      ['POST', '/cart/remove_all', { user: student.id }],
      ['GET', `/cart/cupon/${voucherCode}`],
      ['GET', '/cart/cupon/list'],
      ['POST', '/cart/cupon', { cuponCode: voucherCode, discount: 10, useLimit: 1, expireDate: '2999-01-01' }],
      ['POST', `/cart/cupondelete/${randomUUID()}`, {}],
      ['POST', '/wishlist/', { user: student.id, course: courseA.id }],
      ['POST', '/wishlist/delete/', { user: student.id, course: courseA.id }],
      ['GET', `/wishlist/${student.id}`],
      ['GET', `/wallet/${student.id}`],
      ['POST', '/order', { userId: student.id, amount: 0 }],
      ['GET', `/order/${student.id}`],
      ['POST', `/cart/zero-cart/${student.id}/${randomUUID()}`, {}],
    ];
    for (const [method, p, body] of calls) {
      const res = await request(method, p, body);
      expect({ call: `${method} ${p}`, status: res.status, reason: res.body.reason }).toEqual({ call: `${method} ${p}`, status: 401, reason: 'LOGIN_FIRST' });
    }
  });

  it('fills the cart with two courses at different tiers, priced by the catalogue', async () => {
    const a = await post('/cart/', { user: student.id, course: courseA.id, tier: 'silver' }, student.token);
    expect(a.status).toBe(200);
    expect(a.body.message).toBe('course added to the cart');
    const b = await post('/cart/', { user: student.id, course: courseB.id, tier: 'gold' }, student.token);
    expect(b.status).toBe(200);
    const cart = await get(`/cart/${student.id}`, student.token);
    expect(cart.status).toBe(200);
    expect(cart.body.data.items.map((i: { course: string; tier: string }) => `${i.course}:${i.tier}`).sort()).toEqual(
      [`${courseA.id}:silver`, `${courseB.id}:gold`].sort(),
    );
    expect(cart.body.data.subtotal).toBe(courseA.price + courseB.price);

    // Unknown course: a clear 404 of its own (not 'Coupon Not found'); a bad tier: 400.
    const notForSale = await post('/cart/', { user: student.id, course: randomUUID(), tier: 'gold' }, student.token);
    expect([notForSale.status, notForSale.body.reason, notForSale.body.message]).toEqual([404, 'COURSE_NOT_FOR_SALE', 'This course is not for sale']);
    const badTier = await post('/cart/', { user: student.id, course: courseA.id, tier: 'platinum' }, student.token);
    expect([badTier.status, badTier.body.reason, badTier.body.fieldReasons]).toEqual([400, 'TIER_INVALID', { tier: 'TIER_INVALID' }]);
  });

  it('keeps a wishlist', async () => {
    const added = await post('/wishlist/', { user: student.id, course: courseA.id }, student.token);
    expect(added.status).toBe(200);
    expect(added.body.message).toBe('Course Added to Wishlist');
    expect((await get(`/wishlist/${student.id}`, student.token)).body.data.map((i: { course: string }) => i.course)).toEqual([courseA.id]);
    expect((await post('/wishlist/delete/', { user: student.id, course: courseA.id }, student.token)).body.data).toEqual([]);
  });

  it('lets an admin create, list and delete vouchers, and a student check one', async () => {
    expect((await post('/cart/cupon', { cuponCode: voucherCode, discount: 50, useLimit: 5, expireDate: '2999-12-31' }, student.token)).status).toBe(403);
    const created = await post('/cart/cupon', { cuponCode: voucherCode, discount: 50, useLimit: 5, expireDate: '2999-12-31' }, adminToken);
    expect(created.status).toBe(201);
    expect(created.body.message).toBe('coupon created successfully');
    const missing = await post('/cart/cupon', { cuponCode: voucherCode, discount: 50 }, adminToken);
    expect([missing.status, missing.body.reason, missing.body.message]).toEqual([400, 'VOUCHER_FIELDS_MISSING', 'any of the field is missing']);
    expect(missing.body.fieldReasons).toEqual({ useLimit: 'VOUCHER_USE_LIMIT_INVALID', expireDate: 'INVALID_VALUE' });
    const badPercent = await post('/cart/cupon', { cuponCode: voucherCode, discount: 150, useLimit: 1, expireDate: '2999-12-31' }, adminToken);
    expect([badPercent.status, badPercent.body.fieldReasons]).toEqual([400, { discount: 'VOUCHER_PERCENT_INVALID' }]);
    const taken = await post('/cart/cupon', { cuponCode: voucherCode, discount: 50, useLimit: 5, expireDate: '2999-12-31' }, adminToken);
    expect([taken.status, taken.body.reason, taken.body.message]).toEqual([409, 'VOUCHER_CODE_TAKEN', `A voucher with code ${voucherCode} exists`]);

    const list = await get('/cart/cupon/list', adminToken);
    expect(list.body.data.find((v: { cuponCode: string }) => v.cuponCode === voucherCode)).toMatchObject({ discount: 50, useLimit: 5, presentCount: 0 });

    const checked = await get(`/cart/cupon/${voucherCode.toLowerCase()}`, student.token);
    expect([checked.status, checked.body.message, checked.body.data.discount]).toEqual([200, 'success', 50]);
    const unknown = await get('/cart/cupon/NOPE-NOT-HERE', student.token);
    expect([unknown.status, unknown.body.reason, unknown.body.message]).toEqual([404, 'COUPON_NOT_FOUND', 'Coupon Not found']);

    const spare = await post('/cart/cupon', { cuponCode: `${voucherCode}X`, discount: 10, useLimit: 1, expireDate: '2999-12-31' }, adminToken);
    const deleted = await post(`/cart/cupondelete/${spare.body.data._id}`, { id: spare.body.data._id }, adminToken);
    expect([deleted.status, deleted.body.message]).toEqual([200, 'Coupon Deleted!!']);
    expect((await get(`/cart/cupon/${voucherCode}X`, student.token)).status).toBe(404);
  });

  it('refuses an order whose amount differs from the server’s computation', async () => {
    const subtotal = courseA.price + courseB.price;
    const wrong = await post('/order', { userId: student.id, amount: subtotal, cuponCode: voucherCode }, student.token);
    // The amount the server computed travels as a param (BDT), for the screens' own language.
    const payable = subtotal - Math.ceil(subtotal / 2);
    expect([wrong.status, wrong.body.reason, wrong.body.params, wrong.body.fieldReasons]).toEqual([
      400,
      'AMOUNT_MISMATCH',
      { amount: (payable / 100).toFixed(2) },
      { amount: 'AMOUNT_CHANGED' },
    ]);
    expect(wrong.body.message).toBe(`The amount must be ${(payable / 100).toFixed(2)} BDT`);
    expect((await get(`/order/${student.id}`, student.token)).body.data).toEqual([]);
  });

  it('pays a zero-payable order once the wallet covers it, and shows it Paid', async () => {
    const subtotal = courseA.price + courseB.price;
    const credited = await post('/wallet/credit', { userId: student.id, kind: 'refund', amount: subtotal, reference: `itest-${randomUUID()}` }, adminToken);
    expect(credited.status).toBe(200);
    const wallet = await get(`/wallet/${student.id}`, student.token);
    expect(wallet.body.data).toEqual({ balance: subtotal, pendingBalance: 0, reserved: 0, referrals: [] });

    const created = await post('/order', { userId: student.id, amount: 0, cuponCode: voucherCode }, student.token);
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ userId: student.id, state: 'Unpaid', amount: 0, walletUsed: subtotal });
    orderId = created.body.data._id;
    expect((await get(`/order/${student.id}`, student.token)).body.data.map((o: { state: string }) => o.state)).toEqual(['Unpaid']);

    const paid = await post(`/cart/zero-cart/${student.id}/${orderId}`, { total_amount: 0, discount_amount: 0, cart: { id: student.id }, value_c: orderId }, student.token);
    expect([paid.status, paid.body.message]).toEqual([200, 'success']);
    const orders = (await get(`/order/${student.id}`, student.token)).body.data;
    expect(orders.map((o: { _id: string; state: string }) => [o._id, o.state])).toEqual([[orderId, 'Paid']]);
    expect((await get(`/cart/${student.id}`, student.token)).body.data.items).toEqual([]);
    expect((await get(`/wallet/${student.id}`, student.token)).body.data.balance).toBe(0);
  });

  it('answers 403 to another student on every {userId} route, and to non-students', async () => {
    const mine = student.id;
    const calls: [string, string, unknown?][] = [
      ['GET', `/cart/${mine}`],
      ['GET', `/wishlist/${mine}`],
      ['GET', `/wallet/${mine}`],
      ['GET', `/order/${mine}`],
      ['POST', `/cart/zero-cart/${mine}/${orderId}`, {}],
      ['POST', '/cart/', { user: mine, course: courseA.id, tier: 'silver' }],
      ['POST', '/cart/remove_all', { user: mine }],
      ['POST', '/order', { userId: mine, amount: 0 }],
      // Their own path, someone else's order.
      ['POST', `/cart/zero-cart/${other.id}/${orderId}`, {}],
      ['POST', '/cart/ssl/', { total_amount: 0, cus_name: 'X', cus_email: 'x@example.com', cus_phone: '017', value_c: orderId }],
      ['POST', '/wishlist/', { user: mine, course: courseA.id }],
      ['POST', '/wishlist/delete/', { user: mine, course: courseA.id }],
      ['POST', '/cart/delete/', { user: mine, course: courseA.id }],
    ];
    for (const [method, p, body] of calls) {
      expect({ call: `${method} ${p}`, status: (await request(method, p, body, other.token)).status }).toEqual({ call: `${method} ${p}`, status: 403 });
    }
    // The admin is no student: cart routes are for students only.
    expect((await get(`/cart/${mine}`, adminToken)).status).toBe(403);
    // The other student's own cart is theirs alone, and empty.
    expect((await get(`/cart/${other.id}`, other.token)).body.data).toEqual({ items: [], subtotal: 0 });
  });

  it('pays by card through the sandbox: session, hosted page, IPN and browser return; the order is Paid once', async () => {
    await post('/cart/', { user: other.id, course: courseA.id, tier: 'silver' }, other.token);
    const created = await post('/order', { userId: other.id, amount: courseA.price }, other.token);
    expect(created.status).toBe(201);
    const order = created.body.data as { _id: string; amount: number };
    const ssl = (body: object, token: string) =>
      post('/cart/ssl/', { total_amount: order.amount / 100, cus_name: 'Rafi', cus_email: 'rafi@example.com', cus_phone: '01712345678', num_of_item: 1, value_c: order._id, currency: 'BDT', ...body }, token);

    expect(await ssl({ total_amount: order.amount / 100 + 1 }, other.token)).toMatchObject({ status: 400, body: { reason: 'AMOUNT_MISMATCH' } });
    expect((await ssl({}, student.token)).status).toBe(403); // not the caller's order
    expect((await ssl({}, adminToken)).status).toBe(403);
    const opened = await ssl({}, other.token);
    expect(opened.status).toBe(200);
    const pageUrl = opened.body.data.GatewayPageURL as string;
    expect(pageUrl.startsWith(`${commerce.cardSandbox!.baseUrl}/`)).toBe(true);

    // The browser: the hosted page, Pay, then back through commerce's return route.
    const html = await (await fetch(pageUrl)).text();
    const action = /action="([^"]+\/pay)"/.exec(html)![1]!;
    const paid = await fetch(action, { method: 'POST', redirect: 'manual', body: new URLSearchParams({ choice: 'pay' }) });
    const back = paid.headers.get('location')!;
    expect(back.startsWith(`${base}/api/v1/cart/ssl/success?`)).toBe(true);
    const landed = await fetch(back, { redirect: 'manual' });
    expect([landed.status, landed.headers.get('location')]).toEqual([303, `/payment/success?order=${order._id}`]);
    expect((await fetch(back, { redirect: 'manual' })).status).toBe(303); // again: nothing changes

    const orders = (await get(`/order/${other.id}`, other.token)).body.data as { _id: string; state: string }[];
    expect(orders.find((o) => o._id === order._id)).toMatchObject({ state: 'Paid' });
    // Identity hears commerce.order.paid: the buyer is a subscriber with a first purchase.
    await waitFor(async () => (await get('/user/me', other.token)).body.data.first_purchase === true, 'first_purchase');

    // A forged IPN is answered 200 (and logged) and pays nothing.
    const forged = await fetch(`${base}/api/v1/cart/ssl/ipn`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ tran_id: 'T000000000000000000000000', val_id: 'X', status: 'VALID', amount: '1.00' }).toString(),
    });
    expect([forged.status, ((await forged.json()) as { outcome: string }).outcome]).toEqual([200, 'ignored']);

    // The back office sees it, with the buyer's name; students may not.
    const today = new Date(Date.now() + 6 * 3_600_000).toISOString().slice(0, 10);
    const list = await get(`/analytics/paid-orders/${today}/${today}`, adminToken);
    expect(list.body.data.find((o: { _id: string }) => o._id === order._id)).toMatchObject({ userName: 'Rafi Ahmed', paid: true });
    expect((await get('/order/list', adminToken)).body.data.length).toBeGreaterThan(0);
    expect((await get('/order/held', adminToken)).status).toBe(200);
    expect((await get(`/analytics/orders/${today}/${today}`, other.token)).status).toBe(403);
    expect((await get(`/analytics/orders/bad/${today}`, adminToken)).status).toBe(400);
  });
});
