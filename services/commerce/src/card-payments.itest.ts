/**
 * Card payments end to end on both infrastructures (embedded, and the real Postgres and Kafka
 * that tools/infra starts): commerce, the catalogue, our SSLCommerz sandbox on its own port and a
 * small HTTP edge that hands the sandbox's IPNs to commerce as the gateway does (decision 0014).
 * A "browser" opens the hosted page and presses Pay, Fail or Cancel.
 */
import http from 'node:http';
import type { Metadata } from '@grpc/grpc-js';
import type { AddressInfo } from 'node:net';
import { CommerceEvents, commerceV1, IdentityEvents, identityEventsV1 } from '@taal/contracts';
import { startCatalogue, type RunningCatalogue } from '@taal/catalogue';
import {
  createEnvelope,
  createLogger,
  createTestAuth,
  REASON_METADATA_KEY,
  type CallerIdentity,
  type EventEnvelope,
} from '@taal/kit';
import { createSslCommerzClient, signIpn, startSandbox, type RunningSandbox } from '@taal/payments';
import { demoCourses, demoTiers } from '../../catalogue/src/domain/demo-data';
import { backends, type Backend } from '../../../tools/testing/backends';
import { waitFor } from '../../../tools/testing/wait';
import { useCaseCalls } from './testing/use-case-calls';
import { startCommerce, type RunningCommerce } from './service';

const ADMIN: CallerIdentity = { userId: 'admin-1', userType: 1 };
const RUN = Date.now().toString(36);
const student = (n: string): CallerIdentity => ({ userId: `card-${n}-${RUN}`, userType: 4 });
const logger = createLogger('card-payments-test');
const auth = createTestAuth(['gateway', 'catalogue', 'commerce']);
const STORE = { storeId: 'taal-test', storePassword: 'test-store-secret' };
const published = demoCourses.filter((c) => c.published);
const silver = (c: (typeof demoCourses)[number]) => demoTiers(c.silverTaka).silver.price;


describe.each(backends)('card payments on %s infrastructure', (_name, makeBackend) => {
  let backend: Backend;
  let catalogue: RunningCatalogue;
  let commerce: RunningCommerce;
  let sandbox: RunningSandbox;
  let edge: http.Server;
  let edgeUrl = '';
  const ipnOutcomes: string[] = [];

  // Its use cases as its routes call them (issue 52).
  let call: ReturnType<typeof useCaseCalls>;
  const walletOf = async (who: CallerIdentity) => (await call<commerceV1.GetWalletResponse>('getWallet', {}, who)).wallet!;
  const orderOf = async (who: CallerIdentity, id: string) =>
    (await call<commerceV1.ListOrdersResponse>('listOrders', {}, who)).orders.find((o) => o.id === id)!;
  const paidEvents = async (userId: string) => {
    const { rows } = await backend.sql.query<{ n: string }>(
      `SELECT count(*) AS n FROM commerce.outbox WHERE type = $1 AND key = $2`,
      [CommerceEvents.orderPaid, userId],
    );
    return Number(rows[0]!.n);
  };
  const ledgerMatchesBalance = async (userId: string) => {
    const { rows } = await backend.sql.query<{ sum: string | null; balance: string | null }>(
      `SELECT (SELECT sum(amount) FROM commerce.ledger_entry WHERE user_id = $1) AS sum,
              (SELECT balance FROM commerce.wallet WHERE user_id = $1) AS balance`,
      [userId],
    );
    return Number(rows[0]!.sum ?? 0) === Number(rows[0]!.balance ?? 0);
  };

  /** A student's order of one course (silver), optionally with wallet money and a voucher. */
  const orderFor = async (who: CallerIdentity, course = published[0]!, options: { voucherCode?: string } = {}) => {
    await call('addToCart', { courseId: course.id, tier: 'silver' }, who);
    return (await call<commerceV1.CreateOrderResponse>('createOrder', { useWallet: true, ...options }, who)).order!;
  };
  const startPayment = async (who: CallerIdentity, orderId: string) =>
    call<commerceV1.StartCardPaymentResponse>(
      'startCardPayment',
      { orderId, customer: { name: 'Rafi', email: 'rafi@example.com', phone: '01712345678' } },
      who,
    );
  /** The browser on the hosted page: presses a button and returns where it is sent. */
  const press = async (gatewayPageUrl: string, choice: 'pay' | 'fail' | 'cancel') => {
    const html = await (await fetch(gatewayPageUrl)).text();
    const action = new RegExp(`action="([^"]+/${choice})"`).exec(html)![1]!;
    const res = await fetch(action, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ choice }).toString(),
    });
    expect(res.status).toBe(303);
    return new URL(res.headers.get('location')!);
  };
  /** The gateway's browser-return route: commerce validates the val_id the browser brought. */
  const browserReturn = (back: URL) =>
    call<commerceV1.ConfirmPaymentReturnResponse>('confirmPaymentReturn', {
      tranId: back.searchParams.get('tran_id'),
      valId: back.searchParams.get('val_id'),
    });

  beforeAll(async () => {
    backend = await makeBackend();
    catalogue = await startCatalogue({
      sql: backend.sql, bus: backend.bus, logger, host: '127.0.0.1', port: 0, seedDemoData: true, auth: auth.serviceAuth('catalogue'),
    });
    sandbox = await startSandbox(STORE);
    // The HTTP edge's IPN route, as the gateway serves it: the form, handed over with the gateway's own token.
    edge = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const fields = Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
        call<commerceV1.HandlePaymentNotificationResponse>('handlePaymentNotification', { fields }).then(
          ({ outcome }) => {
            ipnOutcomes.push(outcome!.outcome);
            res.writeHead(200).end('OK');
          },
          () => res.writeHead(503).end(),
        );
      });
    });
    await new Promise<void>((resolve) => edge.listen(0, '127.0.0.1', resolve));
    edgeUrl = `http://127.0.0.1:${(edge.address() as AddressInfo).port}`;
    commerce = await startCommerce({
      sql: backend.sql, bus: backend.bus, logger, host: '127.0.0.1', port: 0,
      auth: auth.serviceAuth('commerce'), catalogueAddress: `127.0.0.1:${catalogue.port}`,
      // The tests run the reconciler by hand; its own job asks about nothing (quiet for the whole day it looks back).
      cardReconcile: { CARD_RECONCILE_QUIET_MS: 86_400_000, CARD_RECONCILE_EVERY_MS: 3_600_000 },
      cardGateway: {
        client: createSslCommerzClient({ SSLCOMMERZ_BASE_URL: sandbox.baseUrl, SSLCOMMERZ_STORE_ID: STORE.storeId, SSLCOMMERZ_STORE_PASSWORD: STORE.storePassword }),
        publicUrl: () => edgeUrl,
      },
    });
    call = useCaseCalls(commerce);
  });

  afterAll(async () => {
    await sandbox?.close();
    await commerce?.stop();
    await catalogue?.stop();
    await new Promise((r) => edge?.close(r));
    await backend?.close();
  });

  afterEach(() => {
    Object.assign(sandbox.options, { duplicateIpns: 0, ipnTiming: 'before-return', failedIpnAfterValid: false, riskLevel: undefined, loseIpns: false });
  });

  it('pays an order once for 10 duplicate IPNs plus the browser return: wallet, voucher, cart and one event', async () => {
    const me = student('dup');
    const course = published[0]!;
    await call('creditWallet', { userId: me.userId, kind: 'refund', amount: 5000, reference: `dup-${RUN}` }, ADMIN);
    const code = `CARD${RUN}`.toUpperCase();
    await call('createVoucher', { code, percent: 10, useLimit: 3, expireDate: '2099-01-01' }, ADMIN);
    const order = await orderFor(me, course, { voucherCode: code });
    expect(order).toMatchObject({ walletUsed: 5000, status: 'unpaid' });
    expect(order.payable).toBe(silver(course) - 5000 - Math.ceil(((silver(course) - 5000) * 10) / 100));

    const { gatewayPageUrl, tranId } = await startPayment(me, order.id);
    sandbox.options.duplicateIpns = 9; // ten in all
    const back = await press(gatewayPageUrl, 'pay');
    expect(back.pathname).toBe('/api/v1/cart/ssl/success');
    expect(back.searchParams.get('value_c')).toBe(order.id);
    expect((await browserReturn(back)).outcome).toEqual({ outcome: 'duplicate', orderId: order.id });
    await sandbox.settled();

    expect(ipnOutcomes.filter((o) => o === 'paid')).toHaveLength(1);
    expect(await orderOf(me, order.id)).toMatchObject({ status: 'paid', paid: true });
    expect(await paidEvents(me.userId)).toBe(1);
    const { vouchers } = await call<commerceV1.ListVouchersResponse>('listVouchers', {}, ADMIN);
    expect(vouchers.find((v) => v.code === code)).toMatchObject({ timesUsed: 1 });
    expect(await walletOf(me)).toMatchObject({ balance: 0, reserved: 0 });
    expect(await ledgerMatchesBalance(me.userId)).toBe(true);
    expect((await call<commerceV1.GetCartResponse>('getCart', {}, me)).cart!.items).toEqual([]);
    const { rows } = await backend.sql.query(`SELECT status, val_id FROM commerce.card_payment WHERE tran_id = $1`, [tranId]);
    expect(rows[0]).toMatchObject({ status: 'paid', val_id: back.searchParams.get('val_id') });
  });

  it('pays on the browser return when the IPN comes late, and the late IPN changes nothing', async () => {
    const me = student('late');
    const order = await orderFor(me, published[1]!);
    const { gatewayPageUrl } = await startPayment(me, order.id);
    Object.assign(sandbox.options, { ipnTiming: 'after-return', lateIpnDelayMs: 300, failedIpnAfterValid: true });
    const back = await press(gatewayPageUrl, 'pay');
    expect((await browserReturn(back)).outcome).toEqual({ outcome: 'paid', orderId: order.id });
    await sandbox.settled();
    expect(await orderOf(me, order.id)).toMatchObject({ status: 'paid' });
    expect(await paidEvents(me.userId)).toBe(1);
  });

  it('pays nothing for a bad signature, an unknown tran_id or a wrong amount, and logs it', async () => {
    const me = student('forged');
    const order = await orderFor(me, published[2]!);
    const { gatewayPageUrl, tranId } = await startPayment(me, order.id);
    const notify = async (fields: Record<string, string>) =>
      (await call<commerceV1.HandlePaymentNotificationResponse>('handlePaymentNotification', { fields })).outcome!.outcome;
    const amount = (order.payable / 100).toFixed(2);
    const base = { tran_id: tranId, val_id: 'FORGED1', amount, currency: 'BDT', status: 'VALID', value_c: order.id };

    // Signed with the wrong password, or not signed at all.
    expect(await notify(signIpn(base, 'not-the-store-password'))).toBe('ignored');
    expect(await notify(base)).toBe('ignored');
    // Correctly signed, but the val_id is unknown to the validation API.
    expect(await notify(signIpn(base, STORE.storePassword))).toBe('refused');
    // Correctly signed, for a tran_id we never issued.
    expect(await notify(signIpn({ ...base, tran_id: 'T000000000000000000000000' }, STORE.storePassword))).toBe('ignored');
    // A real payment for the right tran_id but a different amount (a session opened with 1 BDT more).
    const direct = createSslCommerzClient({ SSLCOMMERZ_BASE_URL: sandbox.baseUrl, SSLCOMMERZ_STORE_ID: STORE.storeId, SSLCOMMERZ_STORE_PASSWORD: STORE.storePassword });
    const tampered = await direct.initSession({
      tranId, amountPoisha: order.payable + 100, successUrl: `${edgeUrl}/s`, failUrl: `${edgeUrl}/f`, cancelUrl: `${edgeUrl}/c`,
      ipnUrl: `${edgeUrl}/api/v1/cart/ssl/ipn`, customer: { name: 'X', email: 'x@example.com', phone: '017' }, product: { name: 'X', category: 'course' },
    });
    const before = ipnOutcomes.length;
    const back = await press(tampered.gatewayPageUrl, 'pay');
    await sandbox.settled();
    expect(ipnOutcomes.slice(before)).toEqual(['refused']);
    expect((await browserReturn(back)).outcome!.outcome).toBe('refused');

    expect(await orderOf(me, order.id)).toMatchObject({ status: 'unpaid', paid: false });
    expect(await paidEvents(me.userId)).toBe(0);
    // The real session is still payable.
    await press(gatewayPageUrl, 'pay');
    await sandbox.settled();
    expect(await orderOf(me, order.id)).toMatchObject({ status: 'paid' });
  });

  it('a failed or cancelled payment cancels the order and gives the wallet reservation back; a late VALID goes to the wallet', async () => {
    const me = student('fail');
    await call('creditWallet', { userId: me.userId, kind: 'refund', amount: 3000, reference: `fail-${RUN}` }, ADMIN);
    const order = await orderFor(me, published[3]!);
    const first = await startPayment(me, order.id);
    expect((await press(first.gatewayPageUrl, 'fail')).pathname).toBe('/api/v1/cart/ssl/fail');
    await sandbox.settled();
    expect(await orderOf(me, order.id)).toMatchObject({ status: 'cancelled' });
    expect(await walletOf(me)).toMatchObject({ balance: 3000, reserved: 0 });

    const again = await orderFor(me, published[3]!);
    const second = await startPayment(me, again.id);
    Object.assign(sandbox.options, { ipnTiming: 'after-return', lateIpnDelayMs: 5000 });
    const back = await press(second.gatewayPageUrl, 'cancel');
    expect(back.pathname).toBe('/api/v1/cart/ssl/cancel');
    await sandbox.settled();
    expect(await orderOf(me, again.id)).toMatchObject({ status: 'cancelled' });
    await expect(startPayment(me, again.id)).rejects.toMatchObject({ code: 3, details: 'The order is cancelled' });

    // A third order, paid on the gateway after it was cancelled here: the money is credited, never lost.
    sandbox.options.ipnTiming = 'before-return';
    const third = await orderFor(me, published[3]!);
    const session = await startPayment(me, third.id);
    // An admin credit made first with this payment's own reference (and its bare tran_id) takes none of its money (decision 0036).
    const thief = student('fail-thief');
    await call('creditWallet', { userId: thief.userId, kind: 'refund', amount: 1_00, reference: `card:${session.tranId}` }, ADMIN);
    await call('creditWallet', { userId: thief.userId, kind: 'refund', amount: 1_00, reference: session.tranId }, ADMIN);
    await backend.sql.query(`UPDATE commerce.purchase_order SET expires_at = now() - interval '1 minute' WHERE id = $1`, [third.id]);
    await commerce.commerce.expireOverdue();
    await press(session.gatewayPageUrl, 'pay');
    await sandbox.settled();
    expect(await orderOf(me, third.id)).toMatchObject({ status: 'expired' });
    const wallet = await walletOf(me);
    expect(wallet).toMatchObject({ balance: 3000 + third.payable, reserved: 0 });
    expect(await ledgerMatchesBalance(me.userId)).toBe(true);
    expect(await paidEvents(me.userId)).toBe(0);
    expect(await walletOf(thief)).toMatchObject({ balance: 2_00 });
  });

  it('finds a payment whose IPN was lost and whose buyer never came back, and pays its order once', async () => {
    const reconcile = () => commerce.cards.reconcile({ quietMs: 0, windowMs: 86_400_000, limit: 1000 });
    const me = student('lost');
    await call('creditWallet', { userId: me.userId, kind: 'refund', amount: 2000, reference: `lost-${RUN}` }, ADMIN);
    const order = await orderFor(me, published[0]!);
    const { gatewayPageUrl, tranId } = await startPayment(me, order.id);
    sandbox.options.loseIpns = true;
    await press(gatewayPageUrl, 'pay'); // the browser closes here: no return
    await sandbox.settled();
    expect(await orderOf(me, order.id)).toMatchObject({ status: 'unpaid', paid: false });

    await reconcile();
    expect(await orderOf(me, order.id)).toMatchObject({ status: 'paid', paid: true });
    expect(await walletOf(me)).toMatchObject({ balance: 0, reserved: 0 });
    const { rows } = await backend.sql.query(`SELECT status FROM commerce.card_payment WHERE tran_id = $1`, [tranId]);
    expect(rows[0]).toMatchObject({ status: 'paid' });
    // Asked again (another replica, the next tick): nothing more happens.
    await reconcile();
    expect(await paidEvents(me.userId)).toBe(1);
    expect(await ledgerMatchesBalance(me.userId)).toBe(true);
  });

  it('a lost failure cancels the order when found, unless the buyer is already paying it again', async () => {
    const reconcile = () => commerce.cards.reconcile({ quietMs: 0, windowMs: 86_400_000, limit: 1000 });
    sandbox.options.loseIpns = true;
    const me = student('lost-fail');
    await call('creditWallet', { userId: me.userId, kind: 'refund', amount: 1000, reference: `lost-fail-${RUN}` }, ADMIN);
    const given = await orderFor(me, published[1]!);
    await press((await startPayment(me, given.id)).gatewayPageUrl, 'fail');

    const other = student('lost-retry');
    const retried = await orderFor(other, published[1]!);
    const first = await startPayment(other, retried.id);
    await press(first.gatewayPageUrl, 'cancel');
    const second = await startPayment(other, retried.id); // the buyer tries again before the failure is found
    await sandbox.settled();

    await reconcile();
    expect(await orderOf(me, given.id)).toMatchObject({ status: 'cancelled' });
    expect(await walletOf(me)).toMatchObject({ balance: 1000, reserved: 0 });
    expect(await orderOf(other, retried.id)).toMatchObject({ status: 'unpaid' });
    const { rows } = await backend.sql.query<{ tran_id: string; status: string }>(
      `SELECT tran_id, status FROM commerce.card_payment WHERE order_id = $1`,
      [retried.id],
    );
    expect(Object.fromEntries(rows.map((r) => [r.tran_id, r.status]))).toEqual({ [first.tranId]: 'failed', [second.tranId]: 'initiated' });

    await press(second.gatewayPageUrl, 'pay');
    await reconcile();
    expect(await orderOf(other, retried.id)).toMatchObject({ status: 'paid' });
    expect(await paidEvents(other.userId)).toBe(1);
  });

  it('an order has at most 5 card sessions open at a time: further ones are refused (CARD_SESSIONS_OPEN) until one ages out of the quiet time; other orders are not held up (issue 36)', async () => {
    const me = student('sessions');
    const order = await orderFor(me, published[3]!);
    // Eight at once: the order's lock counts them one after the other.
    const tries = await Promise.allSettled(Array.from({ length: 8 }, () => startPayment(me, order.id)));
    expect(tries.filter((t) => t.status === 'fulfilled')).toHaveLength(5);
    const refused = tries.filter((t): t is PromiseRejectedResult => t.status === 'rejected').map((t) => t.reason as { code: number; details: string; metadata: Metadata });
    expect(refused).toHaveLength(3);
    for (const r of refused) {
      expect(r).toMatchObject({ code: 6, details: 'This order already has 5 payment pages open. Finish paying on one of them, or try again in 2 minutes.' });
      expect(r.metadata.get(REASON_METADATA_KEY)).toEqual(['CARD_SESSIONS_OPEN']);
    }
    const opened = async () =>
      (await backend.sql.query(`SELECT 1 FROM commerce.card_payment WHERE order_id = $1`, [order.id])).rowCount;
    expect(await opened()).toBe(5);
    // Another student's order is not held up by this one's sessions.
    const other = student('sessions-other');
    await expect(startPayment(other, (await orderFor(other, published[3]!)).id)).resolves.toMatchObject({ tranId: expect.any(String) });

    // One session quiet past the window (abandoned, or the reconciler's now) frees its place.
    await backend.sql.query(
      `UPDATE commerce.card_payment SET created_at = now() - interval '3 minutes'
        WHERE tran_id = (SELECT tran_id FROM commerce.card_payment WHERE order_id = $1 ORDER BY created_at LIMIT 1)`,
      [order.id],
    );
    const { gatewayPageUrl } = await startPayment(me, order.id);
    await expect(startPayment(me, order.id)).rejects.toMatchObject({ code: 6 });
    // And the order is still paid by any of its sessions.
    await press(gatewayPageUrl, 'pay');
    await sandbox.settled();
    expect(await orderOf(me, order.id)).toMatchObject({ status: 'paid' });
  });

  it('the reconciler asks about the newest attempt of each order first: a flood of sessions on one order does not delay another order’s payment (issue 36)', async () => {
    // A flood: 30 sessions on one order, all quiet, none of which the gateway knows anything about.
    const flooder = student('flood');
    const flood = await orderFor(flooder, published[6]!);
    await backend.sql.query(
      `INSERT INTO commerce.card_payment (tran_id, order_id, user_id, amount, created_at)
       SELECT 'T' || upper(substr(md5(random()::text || i), 1, 24)), $1, $2, $3, now() - interval '20 hours' - i * interval '1 second'
         FROM generate_series(1, 30) AS i`,
      [flood.id, flooder.userId, flood.payable],
    );
    // A real payment whose IPN was lost and whose buyer never came back: the newest attempt of all.
    const me = student('flood-victim');
    const order = await orderFor(me, published[6]!);
    const { gatewayPageUrl, tranId } = await startPayment(me, order.id);
    sandbox.options.loseIpns = true;
    await press(gatewayPageUrl, 'pay');
    await sandbox.settled();

    // One run that may ask one attempt per order with something to ask about (and not one more).
    const options = { quietMs: 0, windowMs: 86_400_000 };
    const { rows } = await backend.sql.query<{ n: number }>(
      `SELECT count(DISTINCT order_id)::int AS n FROM commerce.card_payment WHERE status = 'initiated' AND created_at > now() - interval '1 day'`,
    );
    await commerce.cards.reconcile({ ...options, limit: rows[0]!.n });
    expect(await orderOf(me, order.id)).toMatchObject({ status: 'paid' });
    // Of the flood, only its newest attempt was asked about in that run.
    const asked = await backend.sql.query<{ tran_id: string }>(
      `SELECT tran_id FROM commerce.card_payment WHERE order_id = $1 AND asked_at IS NOT NULL`,
      [flood.id],
    );
    const newest = await backend.sql.query<{ tran_id: string }>(
      `SELECT tran_id FROM commerce.card_payment WHERE order_id = $1 ORDER BY created_at DESC LIMIT 1`,
      [flood.id],
    );
    expect(asked.rows).toEqual(newest.rows);
    expect((await backend.sql.query(`SELECT status FROM commerce.card_payment WHERE tran_id = $1`, [tranId])).rows[0]).toMatchObject({ status: 'paid' });
  });

  it('holds a risk_level 1 payment for an admin, who releases one (paid) and refuses another (cancelled)', async () => {
    sandbox.options.riskLevel = () => '1';
    const a = student('risk-a');
    const b = student('risk-b');
    await call('creditWallet', { userId: b.userId, kind: 'refund', amount: 2000, reference: `risk-${RUN}` }, ADMIN);
    const orderA = await orderFor(a, published[4]!);
    const orderB = await orderFor(b, published[4]!);
    for (const [who, order] of [[a, orderA], [b, orderB]] as const) await press((await startPayment(who, order.id)).gatewayPageUrl, 'pay');
    await sandbox.settled();
    const { orders } = await call<commerceV1.ListHeldOrdersResponse>('listHeldOrders', {}, ADMIN);
    expect(orders.map((o) => o.id)).toEqual(expect.arrayContaining([orderA.id, orderB.id]));
    expect(await walletOf(b)).toMatchObject({ balance: 0, reserved: 2000 });
    await expect(call('listHeldOrders', {}, a)).rejects.toMatchObject({ code: 7 });

    expect((await call<commerceV1.ReleaseHeldOrderResponse>('releaseHeldOrder', { orderId: orderA.id }, ADMIN)).order).toMatchObject({ status: 'paid' });
    await expect(call('releaseHeldOrder', { orderId: orderA.id }, ADMIN)).rejects.toMatchObject({ code: 3, details: 'The order has no payment held for review' });
    expect((await call<commerceV1.RefuseHeldOrderResponse>('refuseHeldOrder', { orderId: orderB.id }, ADMIN)).order).toMatchObject({ status: 'cancelled' });
    expect(await walletOf(b)).toMatchObject({ balance: 2000, reserved: 0 });
    expect(await paidEvents(a.userId)).toBe(1);
    expect(await paidEvents(b.userId)).toBe(0);
  });

  it('only the gateway (or commerce serving its own routes) may hand over notifications, and a student may pay only their own order', async () => {
    const me = student('own');
    const thief = student('thief');
    const order = await orderFor(me, published[5]!);
    await expect(startPayment(thief, order.id)).rejects.toMatchObject({ code: 7 });
    await expect(call('payOrder', { orderId: order.id }, thief)).rejects.toMatchObject({ code: 7 });
    await expect(call('handlePaymentNotification', { fields: {} }, me)).rejects.toMatchObject({ code: 7 });
    await expect(call('confirmPaymentReturn', { tranId: 'x', valId: 'y' }, undefined, 'catalogue')).rejects.toMatchObject({ code: 7 });
    // Commerce's own routes hand them over (issue 52: they call its use cases as commerce).
    const answer = await call('confirmPaymentReturn', { tranId: 'x', valId: 'y' }, undefined, 'commerce').catch((err: { code: number }) => err);
    expect((answer as { code?: number }).code).not.toBe(7);
  });

  it('promises a referral bonus at sign-up and credits it once, on the referred student’s first order that paid at least the bonus; aliases earn nothing', async () => {
    const referrer = student('referrer');
    const referred = student('referred');
    const alias = student('alias');
    const twin = student('twin');
    const registered = (userId: string, email: string, referredBy: string, name = 'Nadia'): EventEnvelope =>
      createEnvelope({
        type: IdentityEvents.userRegistered,
        key: userId,
        payload: identityEventsV1.UserRegistered.encode(identityEventsV1.UserRegistered.fromPartial({ user: { id: userId, name, email, referredBy } })).finish(),
      });
    await backend.bus.publish([registered(referrer.userId, `Rafi.Hasan.${RUN}@gmail.com`, '', 'Rafi')]);
    const event = registered(referred.userId, `nadia+taal@${RUN}.example.com`, referrer.userId);
    await backend.bus.publish([event, event]); // delivered twice: promised once
    // Events of different users may be consumed in any order (Kafka partitions): these two first.
    await waitFor(async () => (await walletOf(referrer)).pendingBalance === 20000, 'the pending referral bonus');
    await waitFor(
      async () => (await backend.sql.query(`SELECT 1 FROM commerce.account_mailbox WHERE user_id = $1`, [referrer.userId])).rows.length === 1,
      "the referrer's mailbox",
    );
    // The referrer's own mailbox (dots, a +tag, the other Gmail domain), and a second account of the referred's.
    await backend.bus.publish([registered(alias.userId, `rafihasan.${RUN}+2@GoogleMail.com`, referrer.userId, 'Rafi again')]);
    await backend.bus.publish([registered(twin.userId, `Nadia+second@${RUN}.example.com`, referrer.userId, 'Nadia again')]);
    const reasons = async () =>
      (
        await backend.sql.query<{ referred_id: string; status: string; refused_reason: string | null }>(
          `SELECT referred_id, status, refused_reason FROM commerce.referral WHERE referrer_id = $1 ORDER BY referred_id`,
          [referrer.userId],
        )
      ).rows;
    await waitFor(async () => (await reasons()).length === 3, 'the three referrals recorded');
    expect(await reasons()).toEqual(
      expect.arrayContaining([
        { referred_id: referred.userId, status: 'pending', refused_reason: null },
        { referred_id: alias.userId, status: 'refused', refused_reason: 'OWN_MAILBOX' },
        { referred_id: twin.userId, status: 'refused', refused_reason: 'MAILBOX_KNOWN' },
      ]),
    );
    // Only the real referral is promised and listed.
    expect(await walletOf(referrer)).toMatchObject({ pendingBalance: 20000, referrals: [expect.objectContaining({ referredName: 'Nadia', status: 'pending', amount: 20000 })] });

    // The first order costs nothing (a 100% voucher): paid, but no bonus yet.
    const code = `FREE${RUN}`.toUpperCase();
    await call('createVoucher', { code, percent: 100, useLimit: 5, expireDate: '2099-01-01' }, ADMIN);
    const free = await orderFor(referred, published[6]!, { voucherCode: code });
    expect(free).toMatchObject({ payable: 0, walletUsed: 0 });
    expect((await call<commerceV1.PayOrderResponse>('payOrder', { orderId: free.id }, referred)).order).toMatchObject({ status: 'paid' });
    expect(await walletOf(referrer)).toMatchObject({ balance: 0, pendingBalance: 20000 });

    // A 99% voucher: 15 BDT paid by card for a 1,500 BDT course, less than the bonus: still no bonus (issue 36).
    const almostFree = `ALMOST${RUN}`.toUpperCase();
    await call('createVoucher', { code: almostFree, percent: 99, useLimit: 5, expireDate: '2099-01-01' }, ADMIN);
    const cheap = await orderFor(referred, published[0]!, { voucherCode: almostFree });
    expect(cheap).toMatchObject({ payable: 15_00, walletUsed: 0 });
    await press((await startPayment(referred, cheap.id)).gatewayPageUrl, 'pay');
    await sandbox.settled();
    expect(await orderOf(referred, cheap.id)).toMatchObject({ status: 'paid' });
    expect(await walletOf(referrer)).toMatchObject({ balance: 0, pendingBalance: 20000 });

    // An admin credit made first with the bonus's own reference (and the bare id) takes none of it (decision 0036).
    const thief = student('referral-thief');
    await call('creditWallet', { userId: thief.userId, kind: 'referral_bonus', amount: 1_00, reference: `referral:${referred.userId}` }, ADMIN);
    await call('creditWallet', { userId: thief.userId, kind: 'referral_bonus', amount: 1_00, reference: referred.userId }, ADMIN);

    // The alias accounts pay real money: still nothing for the referrer.
    for (const [who, course] of [[alias, published[9]!], [twin, published[10]!]] as const) {
      const order = await orderFor(who, course);
      await press((await startPayment(who, order.id)).gatewayPageUrl, 'pay');
      await sandbox.settled();
      expect(await orderOf(who, order.id)).toMatchObject({ status: 'paid' });
    }
    expect(await walletOf(referrer)).toMatchObject({ balance: 0, pendingBalance: 20000 });

    // The next orders are paid by card: the first of them gives the bonus, once.
    for (let i = 0; i < 2; i++) {
      const order = await orderFor(referred, published[7 + i]!);
      await press((await startPayment(referred, order.id)).gatewayPageUrl, 'pay');
      await sandbox.settled();
      expect(await orderOf(referred, order.id)).toMatchObject({ status: 'paid' });
      expect(await walletOf(referrer)).toMatchObject({ balance: 20000, pendingBalance: 0 });
    }
    expect((await walletOf(referrer)).referrals).toEqual([expect.objectContaining({ status: 'credited' })]);
    const { rows } = await backend.sql.query(`SELECT count(*)::int AS n FROM commerce.ledger_entry WHERE user_id = $1 AND kind = 'referral_bonus'`, [referrer.userId]);
    expect(rows[0]).toEqual({ n: 1 });
    expect(await ledgerMatchesBalance(referrer.userId)).toBe(true);
    expect(await walletOf(thief)).toMatchObject({ balance: 2_00 });
  });

  it('lists orders by Bangladesh day for the back office, all or paid only (admin only)', async () => {
    const today = new Date(Date.now() + 6 * 3_600_000).toISOString().slice(0, 10);
    const all = (await call<commerceV1.ListAllOrdersResponse>('listAllOrders', { fromDay: today, toDay: today }, ADMIN)).orders;
    const paid = (await call<commerceV1.ListAllOrdersResponse>('listAllOrders', { fromDay: today, toDay: today, paidOnly: true }, ADMIN)).orders;
    expect(paid.length).toBeGreaterThan(0);
    expect(all.length).toBeGreaterThan(paid.length);
    expect(paid.every((o) => o.paid)).toBe(true);
    expect((await call<commerceV1.ListAllOrdersResponse>('listAllOrders', { fromDay: '2001-01-01', toDay: '2001-12-31' }, ADMIN)).orders).toEqual([]);
    await expect(call('listAllOrders', { fromDay: 'x', toDay: today }, ADMIN)).rejects.toMatchObject({ code: 3 });
    await expect(call('listAllOrders', { fromDay: today, toDay: today }, student('nosy'))).rejects.toMatchObject({ code: 7 });
  });
});
