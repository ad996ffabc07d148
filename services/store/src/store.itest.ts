/**
 * The gift-card store end to end on both infrastructures (embedded, and the real Postgres and
 * Kafka that tools/infra starts): the store, commerce (the wallet), our SSLCommerz sandbox and a
 * small HTTP edge that hands the sandbox's IPNs to the store as the gateway does. A "browser"
 * presses Pay on the hosted page. Codes are read from the mails the store asks messaging to send
 * (decision 0023; the real messaging service runs beside it).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { commerceV1, GiftCardTextLimits, IdentityEvents, identityEventsV1, StoreEvents, storeV1 } from '@taal/contracts';
import { startCommerce, type RunningCommerce } from '@taal/commerce';
import { callUnary, createClient, createEnvelope, createLogger, createTestAuth, FIELDS_METADATA_KEY, REASON_METADATA_KEY, type CallerIdentity, type Mailer, type MailMessage } from '@taal/kit';
import { createSslCommerzClient, startSandbox, type RunningSandbox } from '@taal/payments';
import { backends, type Backend } from '../../../tools/testing/backends';
import { startMailSender } from '../../../tools/testing/mail-sender';
import { waitFor } from '../../../tools/testing/wait';
import type { RunningMessaging } from '../../messaging/src/service';
import { startStore, type RunningStore } from './service';
import { useCaseCalls } from './testing/use-case-calls';

const ADMIN: CallerIdentity = { userId: 'admin-1', userType: 1 };
const RUN = Date.now().toString(36);
const student = (n: string): CallerIdentity => ({ userId: `store-${n}-${RUN}`, userType: 4 });
const logger = createLogger('store-test');
const auth = createTestAuth(['gateway', 'catalogue', 'commerce', 'store', 'messaging']);
const STORE = { storeId: 'taal-test', storePassword: 'test-store-secret' };
const CODE = /[0-9A-Z]{4}(?:-[0-9A-Z]{4}){4}/g;

/** A refused call's gRPC code, catalogue key (metadata) and English text. */
const refusal = (err: unknown) => {
  const e = err as { code: number; details: string; metadata: { get(k: string): unknown[] } };
  return { code: e.code, reason: e.metadata.get(REASON_METADATA_KEY)[0], details: e.details };
};

describe.each(backends)('gift-card store on %s infrastructure', (_name, makeBackend) => {
  let backend: Backend;
  let commerce: RunningCommerce;
  let store: RunningStore;
  let messaging: RunningMessaging;
  let sandbox: RunningSandbox;
  let edge: http.Server;
  let edgeUrl = '';
  let client: storeV1.StoreServiceClient;
  let commerceClient: commerceV1.CommerceServiceClient;
  let clock = new Date();
  const mails: MailMessage[] = [];
  const mailer: Mailer = {
    async send(m) {
      mails.push(m);
      return { messageId: String(mails.length) };
    },
    async close() {},
  };

  // Its use cases as its routes call them (issue 52); `client` reaches what the gateway's page records call over gRPC.
  let call: ReturnType<typeof useCaseCalls>;
  const balanceOf = async (who: CallerIdentity) =>
    (
      await callUnary<object, commerceV1.GetWalletResponse>(commerceClient, 'getWallet', commerceV1.GetWalletRequest.fromPartial({}), {
        userToken: await auth.userToken(who),
      })
    ).wallet!.balance;

  /** A paid order of `quantity` cards of a product, for someone else; returns the order and the receiver's codes. */
  const buy = async (who: CallerIdentity, product: storeV1.Product, quantity: number, receiver: string, duplicates = 0, card = { from: 'Rafi', message: 'Happy birthday' }) => {
    const before = mails.filter((m) => m.to === receiver).length;
    const { order } = await call<storeV1.CreateOrderResponse>(
      'createOrder',
      {
        productId: product.id,
        quantity,
        expectedTotal: product.price * quantity,
        forMyself: false,
        userName: 'Rafi',
        userEmail: `${who.userId}@example.com`,
        giftCardFrom: card.from,
        giftCardMessage: card.message,
        shippingAddress: { name: 'Rina', email: receiver, phone: '01712345678' },
      },
      who,
    );
    const { gatewayPageUrl } = await call<storeV1.StartPaymentResponse>(
      'startPayment',
      { orderId: order!.id, expectedAmount: product.price * quantity, customer: { name: 'Rafi', email: 'rafi@example.com', phone: '01712345678' } },
      who,
    );
    sandbox.options.duplicateIpns = duplicates;
    const html = await (await fetch(gatewayPageUrl)).text();
    const action = /action="([^"]+\/pay)"/.exec(html)![1]!;
    const res = await fetch(action, { method: 'POST', redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'choice=pay' });
    expect(res.status).toBe(303);
    const back = new URL(res.headers.get('location')!);
    const returned = await call<storeV1.ConfirmPaymentReturnResponse>('confirmPaymentReturn', {
      tranId: back.searchParams.get('tran_id'),
      valId: back.searchParams.get('val_id'),
    });
    await sandbox.settled();
    const mailed = () => mails.filter((m) => m.to === receiver);
    await waitFor(async () => mailed().length > before, 'the code mail');
    const mail = mailed().at(-1)!;
    return { order: order!, back, returned: returned.outcome!, codes: mail.text!.match(CODE) ?? [], mail };
  };

  let product: storeV1.Product;

  beforeAll(async () => {
    backend = await makeBackend();
    sandbox = await startSandbox(STORE);
    edge = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const fields = Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
        call('handlePaymentNotification', { fields }).then(
          () => res.writeHead(200).end('OK'),
          () => res.writeHead(503).end(),
        );
      });
    });
    await new Promise<void>((resolve) => edge.listen(0, '127.0.0.1', resolve));
    edgeUrl = `http://127.0.0.1:${(edge.address() as AddressInfo).port}`;
    const gatewayClient = createSslCommerzClient({
      SSLCOMMERZ_BASE_URL: sandbox.baseUrl,
      SSLCOMMERZ_STORE_ID: STORE.storeId,
      SSLCOMMERZ_STORE_PASSWORD: STORE.storePassword,
    });
    commerce = await startCommerce({
      sql: backend.sql, bus: backend.bus, logger, host: '127.0.0.1', port: 0, auth: auth.serviceAuth('commerce'),
      catalogueAddress: '127.0.0.1:1', cardGateway: { client: gatewayClient, publicUrl: () => edgeUrl },
    });
    store = await startStore({
      sql: backend.sql, bus: backend.bus, logger, host: '127.0.0.1', port: 0, auth: auth.serviceAuth('store'),
      commerceAddress: `127.0.0.1:${commerce.port}`, cardGateway: { client: gatewayClient, publicUrl: () => edgeUrl },
      now: () => clock,
    });
    messaging = await startMailSender({ backend, mailer, auth });
    client = createClient(storeV1.StoreServiceClient, `127.0.0.1:${store.port}`, {
      auth: { issuer: auth.serviceAuth('gateway').issuer, audience: 'store' },
    });
    call = useCaseCalls(store);
    commerceClient = createClient(commerceV1.CommerceServiceClient, `127.0.0.1:${commerce.port}`, {
      auth: { issuer: auth.serviceAuth('gateway').issuer, audience: 'commerce' },
    });
    product = (
      await call<storeV1.CreateProductResponse>(
        'createProduct',
        { name: 'Gift 500', param: `gift-500-${RUN}`, price: 500_00, oldPrice: 600_00, value: 500_00, validity: '365 days', description: 'Five hundred', image: '/api/v1/media/images/x.jpg' },
        ADMIN,
      )
    ).product!;
  }, 120_000);

  afterAll(async () => {
    client?.close();
    commerceClient?.close();
    await messaging?.stop();
    await store?.stop();
    await commerce?.stop();
    await sandbox?.close();
    await new Promise((r) => edge?.close(r));
    await backend?.close();
  });

  afterEach(() => {
    clock = new Date();
    sandbox.options.duplicateIpns = 0;
    sandbox.options.loseIpns = false;
  });

  it('issues the cards once for 10 duplicate IPNs plus the browser return, mails the codes and counts them sold', async () => {
    const buyer = student('dup');
    const receiver = `rina-${RUN}@example.com`;
    const { order, returned, codes } = await buy(buyer, product, 2, receiver, 9);
    expect(returned).toEqual({ outcome: 'duplicate', orderId: order.id });
    expect(new Set(codes).size).toBe(2);
    const { rows } = await backend.sql.query<{ n: string }>(`SELECT count(*) AS n FROM store.gift_card WHERE order_id = $1`, [order.id]);
    expect(Number(rows[0]!.n)).toBe(2);
    const events = await backend.sql.query<{ n: string }>(`SELECT count(*) AS n FROM store.outbox WHERE type = $1 AND key = $2`, [StoreEvents.orderPaid, buyer.userId]);
    expect(Number(events.rows[0]!.n)).toBe(1);
    expect((await call<storeV1.GetOrderResponse>('getOrder', { id: order.id }, buyer)).order).toMatchObject({ isPaid: true, orderStatus: 'paid' });
    // Over gRPC, as the gateway's page records read a gift card (the one method kept, issue 52).
    expect(
      (await callUnary<object, storeV1.GetProductResponse>(client, 'getProduct', storeV1.GetProductRequest.fromPartial({ id: product.param }), { deadlineMs: 30000 })).product!.sold,
    ).toBe(2);
    // The buyer gets a receipt naming the receiver and no code (issue 28); the codes are stored only hashed and the sent mails' bodies are blanked.
    await waitFor(async () => mails.some((m) => m.to === `${buyer.userId}@example.com`), "the buyer's receipt");
    const receipt = mails.find((m) => m.to === `${buyer.userId}@example.com`)!;
    expect(receipt.subject).toBe('Your gift cards for Rina: receipt');
    expect(receipt.text).toContain(`We mailed the secret codes to ${receiver}; only they can redeem them, so this receipt carries no code.`);
    for (const code of codes) expect(`${receipt.text} ${receipt.html}`).not.toContain(code);
    expect(mails.find((m) => m.to === receiver)!.text).toContain(codes[0]!);
    const stored = await backend.sql.query(`SELECT * FROM store.gift_card WHERE order_id = $1`, [order.id]);
    expect(JSON.stringify(stored.rows)).not.toContain(codes[0]!.replace(/-/g, ''));
    const sent = async () =>
      messaging.mailDocuments.models.outgoing.find({ _id: { $regex: `^gift-cards:${order.id}:` } }, { state: 1, html: 1, text: 1 }).lean<{ state: string; html: string; text: string }[]>();
    await waitFor(async () => (await sent()).length === 2 && (await sent()).every((r) => r.state === 'sent'), 'both mails sent');
    expect((await sent()).every((r) => r.html === '' && r.text === '')).toBe(true);
    expect(mails.filter((m) => m.to === receiver)).toHaveLength(1); // once, for 10 duplicate IPNs
    const { giftCards } = await call<storeV1.ListGiftCardsResponse>('listGiftCards', {}, ADMIN);
    const card = giftCards.find((c) => c.orderId === order.id)!;
    expect(card).toMatchObject({ senderName: 'Rafi', receiverEmail: receiver, value: 500_00, used: false, purchasedBy: buyer.userId });
    expect(new Date(card.validTo).getTime() - new Date(card.validFrom).getTime()).toBe(365 * 86_400_000);
  });

  it('issues the cards of a payment whose IPN was lost and whose buyer never came back, once it is found', async () => {
    const buyer = student('lost');
    const receiver = `lost-${RUN}@example.com`;
    const { order } = await call<storeV1.CreateOrderResponse>(
      'createOrder',
      {
        productId: product.id, quantity: 1, expectedTotal: product.price, forMyself: false, userName: 'Rafi', userEmail: `${buyer.userId}@example.com`,
        giftCardFrom: 'Rafi', giftCardMessage: 'For you', shippingAddress: { name: 'Rina', email: receiver, phone: '01712345678' },
      },
      buyer,
    );
    const { gatewayPageUrl } = await call<storeV1.StartPaymentResponse>(
      'startPayment',
      { orderId: order!.id, expectedAmount: product.price, customer: { name: 'Rafi', email: 'rafi@example.com', phone: '01712345678' } },
      buyer,
    );
    sandbox.options.loseIpns = true;
    const html = await (await fetch(gatewayPageUrl)).text();
    const action = /action="([^"]+\/pay)"/.exec(html)![1]!;
    expect((await fetch(action, { method: 'POST', redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'choice=pay' })).status).toBe(303);
    await sandbox.settled();
    const orderNow = async () => (await call<storeV1.GetOrderResponse>('getOrder', { id: order!.id }, buyer)).order;
    expect(await orderNow()).toMatchObject({ isPaid: false });

    const reconcile = () => store.orders.reconcileCardPayments({ quietMs: 0, windowMs: 86_400_000, limit: 1000 });
    await reconcile();
    await reconcile();
    expect(await orderNow()).toMatchObject({ isPaid: true, orderStatus: 'paid' });
    const { rows } = await backend.sql.query<{ n: string }>(`SELECT count(*) AS n FROM store.gift_card WHERE order_id = $1`, [order!.id]);
    expect(Number(rows[0]!.n)).toBe(1);
    await waitFor(async () => mails.some((m) => m.to === receiver), 'the code mail');
    expect(mails.find((m) => m.to === receiver)!.text).toMatch(CODE);
  });

  it('credits one of 20 parallel redeems of one code, once, and refuses the rest as used', async () => {
    const receiver = student('par');
    const { codes } = await buy(student('par-buyer'), product, 1, `par-${RUN}@example.com`);
    const before = await balanceOf(receiver);
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, () => call<storeV1.RedeemGiftCardResponse>('redeemGiftCard', { code: codes[0], userId: receiver.userId }, receiver)),
    );
    const won = results.filter((r) => r.status === 'fulfilled');
    expect(won).toHaveLength(1);
    expect((won[0] as PromiseFulfilledResult<storeV1.RedeemGiftCardResponse>).value).toMatchObject({ amount: 500_00, balance: before + 500_00, message: 'Happy birthday' });
    for (const r of results.filter((x) => x.status === 'rejected')) {
      expect(refusal((r as PromiseRejectedResult).reason)).toEqual({ code: 3, reason: 'GIFT_CARD_USED', details: 'This gift card has already been used.' });
    }
    // The event reaches commerce too; it changes nothing.
    await waitFor(async () => {
      const { rows } = await backend.sql.query(`SELECT 1 FROM commerce.processed_events WHERE group_id = 'commerce.gift-cards'`);
      return rows.length > 0;
    }, 'commerce to consume the redeemed event');
    await new Promise((r) => setTimeout(r, 500));
    expect(await balanceOf(receiver)).toBe(before + 500_00);
    const ledger = await backend.sql.query<{ n: string }>(`SELECT count(*) AS n FROM commerce.ledger_entry WHERE user_id = $1 AND kind = 'gift_card_redemption'`, [receiver.userId]);
    expect(Number(ledger.rows[0]!.n)).toBe(1);
    const card = (await call<storeV1.ListGiftCardsResponse>('listGiftCards', {}, ADMIN)).giftCards.find((c) => c.usedBy === receiver.userId)!;
    expect(card.used).toBe(true);
    expect(card.usedAt).not.toBe('');
  });

  it('refuses a code past valid_to, an unknown code and an empty one, each with its own message', async () => {
    const me = student('exp');
    const { codes } = await buy(student('exp-buyer'), product, 1, `exp-${RUN}@example.com`);
    clock = new Date(Date.now() + 366 * 86_400_000);
    expect(refusal(await call('redeemGiftCard', { code: codes[0], userId: me.userId }, me).catch((e: unknown) => e))).toEqual({ code: 3, reason: 'GIFT_CARD_EXPIRED', details: 'This gift card has expired.' });
    clock = new Date();
    expect(refusal(await call('redeemGiftCard', { code: 'AAAA-BBBB-CCCC-DDDD-EEEE', userId: me.userId }, me).catch((e: unknown) => e))).toEqual({
      code: 5,
      reason: 'GIFT_CARD_UNKNOWN',
      details: 'Invalid gift card code. Please check the code and try again.',
    });
    expect(refusal(await call('redeemGiftCard', { code: '  ', userId: me.userId }, me).catch((e: unknown) => e))).toEqual({ code: 3, reason: 'GIFT_CARD_CODE_EMPTY', details: 'Please enter gift card secret code!' });
    expect(await balanceOf(me)).toBe(0);
  });

  it('refuses a redeem into another user’s wallet, store writes by a student, and the card gateway’s calls from anyone but the edge', async () => {
    const me = student('other');
    const { codes } = await buy(student('other-buyer'), product, 1, `other-${RUN}@example.com`);
    await expect(call('redeemGiftCard', { code: codes[0], userId: 'someone-else' }, me)).rejects.toMatchObject({ code: 7 });
    await expect(call('createProduct', { name: 'x' }, me)).rejects.toMatchObject({ code: 7 });
    await expect(call('listGiftCards', {}, me)).rejects.toMatchObject({ code: 7 });
    // The card is still unused: its owner can redeem it.
    await expect(call('redeemGiftCard', { code: codes[0], userId: me.userId }, me)).resolves.toMatchObject({ amount: 500_00 });
    // IPNs and returns: from the gateway or the store's own routes (issue 52), never with a user or from another service.
    await expect(call('handlePaymentNotification', { fields: {} }, me)).rejects.toMatchObject({ code: 7 });
    await expect(call('confirmPaymentReturn', { tranId: 'x', valId: 'y' }, undefined, 'catalogue')).rejects.toMatchObject({ code: 7 });
    const asStore = await call('confirmPaymentReturn', { tranId: 'x', valId: 'y' }, undefined, 'store').catch((err: { code: number }) => err);
    expect((asStore as { code?: number }).code).not.toBe(7);
  });

  it('a card whose reference an admin credit used first still credits its owner; a reference holding another credit refuses the redeem, never a false success (decision 0036)', async () => {
    // As commerce's admin route credits a wallet (its use case, called in its own process: issue 52).
    const adminCredit = (userId: string, kind: string, amount: number, reference: string) =>
      commerce.commerce.creditWallet({ identity: ADMIN }, commerceV1.CreditWalletRequest.fromPartial({ userId, kind, amount, reference }));
    const cardOf = async (orderId: string) =>
      (await call<storeV1.ListGiftCardsResponse>('listGiftCards', {}, ADMIN)).giftCards.find((c) => c.orderId === orderId)!;

    // The attack run's order: an admin credit made first with the card's own reference (and its bare id).
    const owner = student('ref-owner');
    const thief = student('ref-thief');
    const first = await buy(student('ref-buyer'), product, 1, `ref-${RUN}@example.com`);
    const card = await cardOf(first.order.id);
    await adminCredit(thief.userId, 'gift_card_redemption', 1_00, `gift-card:${card.id}`);
    await adminCredit(thief.userId, 'gift_card_redemption', 1_00, card.id);
    const redeemed = await call<storeV1.RedeemGiftCardResponse>('redeemGiftCard', { code: first.codes[0], userId: owner.userId }, owner);
    expect(redeemed).toMatchObject({ amount: 500_00, balance: 500_00 });
    expect(await balanceOf(owner)).toBe(500_00);
    expect(await balanceOf(thief)).toBe(2_00);

    // A reference already holding a different credit (another wallet): refused loudly, nothing credited.
    const victim = student('ref-victim');
    const second = await buy(student('ref-buyer-2'), product, 1, `ref2-${RUN}@example.com`);
    const taken = await cardOf(second.order.id);
    await backend.sql.query(`INSERT INTO commerce.wallet (user_id) VALUES ($1) ON CONFLICT DO NOTHING`, [thief.userId]);
    await backend.sql.query(
      `INSERT INTO commerce.ledger_entry (user_id, kind, amount, flow, reference) VALUES ($1, 'gift_card_redemption', 1, 'gift-card', $2)`,
      [thief.userId, `gift-card:${taken.id}`],
    );
    const refused = await call('redeemGiftCard', { code: second.codes[0], userId: victim.userId }, victim).catch((e: unknown) => e);
    expect(refusal(refused)).toMatchObject({ code: 6, reason: 'LEDGER_REFERENCE_TAKEN' });
    // The event's consumer meets the same refusal and moves on (it neither credits nor blocks later cards).
    await waitFor(async () => {
      const { rows } = await backend.sql.query(`SELECT 1 FROM commerce.processed_events WHERE group_id = 'commerce.gift-cards' AND event_id IN (SELECT event_id FROM store.outbox WHERE type = $1 AND key = $2)`, [StoreEvents.giftCardRedeemed, victim.userId]);
      return rows.length > 0;
    }, 'commerce to consume the redeemed event', { timeoutMs: 30_000 });
    expect(await balanceOf(victim)).toBe(0);
    const third = await buy(student('ref-buyer-3'), product, 1, `ref3-${RUN}@example.com`);
    await expect(call('redeemGiftCard', { code: third.codes[0], userId: victim.userId }, victim)).resolves.toMatchObject({ amount: 500_00, balance: 500_00 });
  });

  it('credits through the event when commerce cannot be asked at once', async () => {
    const me = student('backstop');
    const down = await startStore({
      sql: backend.sql, bus: backend.bus, logger, host: '127.0.0.1', port: 0, auth: auth.serviceAuth('store'),
      commerceAddress: '127.0.0.1:1', cardGateway: { client: createSslCommerzClient({ SSLCOMMERZ_BASE_URL: sandbox.baseUrl, SSLCOMMERZ_STORE_ID: STORE.storeId, SSLCOMMERZ_STORE_PASSWORD: STORE.storePassword }), publicUrl: () => edgeUrl },
      wallet: { credit: () => Promise.reject(new Error('commerce is down')) },
    });
    try {
      const { codes } = await buy(student('backstop-buyer'), product, 1, `backstop-${RUN}@example.com`);
      const res = await down.giftCards.redeem({ identity: me, callerService: 'gateway' }, { code: codes[0]!, userId: me.userId });
      expect(res).toMatchObject({ amount: 500_00, balance: 0 });
      await waitFor(async () => (await balanceOf(me)) === 500_00, 'the redeemed event to credit the wallet', { timeoutMs: 30_000 });
    } finally {
      await down.stop();
    }
  });

  it('mails the receiver in their own language when identity told us one, else in the buyer’s', async () => {
    const bengali = `bn-${RUN}@example.com`;
    await backend.bus.publish([
      createEnvelope({
        type: IdentityEvents.userRegistered,
        key: 'bn-user',
        payload: identityEventsV1.UserRegistered.encode(
          identityEventsV1.UserRegistered.fromPartial({ user: { id: `bn-user-${RUN}`, name: 'Rina', email: bengali, language: 'bn' } }),
        ).finish(),
      }),
    ]);
    await waitFor(async () => (await backend.sql.query(`SELECT 1 FROM store.contact WHERE email = $1`, [bengali])).rows.length > 0, 'the contact');
    const { codes } = await buy(student('lang-buyer'), product, 1, bengali);
    const mail = mails.filter((m) => m.to === bengali).at(-1)!;
    expect(mail.subject).toContain('গিফট কার্ড');
    expect(mail.text).toContain(codes[0]);
    expect(mail.html).toContain('lang="bn"');
    // The buyer's receipt is in the buyer's language (en: the order's language).
    await waitFor(async () => mails.some((m) => m.to === `store-lang-buyer-${RUN}@example.com`), "the buyer's receipt");
    expect(mails.filter((m) => m.to === `store-lang-buyer-${RUN}@example.com`).at(-1)!.subject).toBe('Your gift card for Rina: receipt');
  });

  it('refuses gift-card text that could forge a mail or is too long (decision 0018), and mails a Bengali sender as typed', async () => {
    const me = student('text');
    const order = (giftCardFrom: string, giftCardMessage: string) =>
      call('createOrder', {
        productId: product.id, quantity: 1, expectedTotal: product.price, forMyself: false, userName: 'Rafi', userEmail: 'rafi@example.com',
        giftCardFrom, giftCardMessage, shippingAddress: { name: 'Rina', email: `text-${RUN}@example.com`, phone: '01712345678' },
      }, me);
    const fieldsOf = (err: unknown) => JSON.parse(String((err as { metadata: { get(k: string): unknown[] } }).metadata.get(FIELDS_METADATA_KEY)[0]));
    // The sender's name follows the one name rule (issue 55: sign-up's); the message its own.
    for (const from of ['Rafi\r\nBcc: everyone@example.com', '\u202eRafi']) {
      const err = await order(from, 'Hi').catch((e: unknown) => e);
      expect(refusal(err)).toMatchObject({ code: 3, reason: 'NAME_INVALID' });
      expect(fieldsOf(err)).toEqual({ giftCardFrom: 'NAME_INVALID' });
    }
    for (const message of ['Hi\n\nSecret code: AAAA-BBBB-CCCC-DDDD-EEEE', 'Pay at <a href="https://evil.example">this link</a>']) {
      const err = await order('Rafi', message).catch((e: unknown) => e);
      expect(refusal(err)).toEqual({ code: 3, reason: 'GIFT_CARD_TEXT_INVALID', details: 'Use letters, digits, spaces and common punctuation only, on one line' });
      expect(fieldsOf(err)).toEqual({ giftCardMessage: 'GIFT_CARD_TEXT_INVALID' });
    }
    const long = await order('R'.repeat(GiftCardTextLimits.senderName + 1), 'Hi').catch((e: unknown) => e);
    expect(fieldsOf(long)).toEqual({ giftCardFrom: 'TOO_LONG' });
    const { rows } = await backend.sql.query('SELECT 1 FROM store.store_order WHERE user_id = $1', [me.userId]);
    expect(rows).toEqual([]);

    const receiver = `text-ok-${RUN}@example.com`;
    const { mail } = await buy(me, product, 1, receiver, 0, { from: 'রাফি হাসান', message: 'শুভ জন্মদিন, রিনা! গিটার শেখো।' });
    expect(mail.subject).toBe('রাফি হাসান sent you a gift card');
    expect(mail.text).toContain('Message: শুভ জন্মদিন, রিনা! গিটার শেখো।\n');
  });

  it('answers GetProduct over gRPC only with a service’s key (the one method kept for the gateway’s page records, issue 52)', async () => {
    const request = storeV1.GetProductRequest.fromPartial({ id: product.param });
    await expect(callUnary<object, storeV1.GetProductResponse>(client, 'getProduct', request, { deadlineMs: 5000 })).resolves.toMatchObject({ product: { id: product.id } });
    const direct = createClient(storeV1.StoreServiceClient, `127.0.0.1:${store.port}`);
    try {
      await expect(callUnary<object, unknown>(direct, 'getProduct', request, { deadlineMs: 5000 })).rejects.toMatchObject({ code: 16 });
    } finally {
      direct.close();
    }
  });

  it('refuses a client total that is not price × quantity', async () => {
    const me = student('total');
    await expect(
      call('createOrder', { productId: product.id, quantity: 3, expectedTotal: product.price * 2, forMyself: true, userName: 'R', userEmail: 'r@example.com', userPhone: '01712345678' }, me),
    ).rejects.toMatchObject({ code: 3, details: `The amount must be ${(product.price * 3 / 100).toFixed(2)} BDT` });
    await expect(
      call('createOrder', { productId: product.id, quantity: 1, expectedTotal: product.price, forMyself: true, userName: 'R', userEmail: 'r@example.com', userPhone: '0171' }, me),
    ).rejects.toMatchObject({ code: 3, details: 'Too Short!' });
  });
});
