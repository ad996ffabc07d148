/** Gift-card orders: the admin's list and one order, the student's own, a paid order's receipt, the order itself and its card payment. */
import { z } from 'zod';
import { GiftCardTextLimits, GiftCardTextMessages } from '@taal/contracts';
import { answer, envelope, poishaAmount, fail, listOf, callerOf, requireAuth, UserRoles, refusal, ok, defineRoute, type RouteSpec, refuseUnapprovedBuyer, GUARDIAN_PENDING_TEXT } from '@taal/edge';
import { badPage, collectPages, linkHeader, linkNext, pageOf, pageQuery, pageRequest } from '@taal/edge';
import { StoreOrderSchema, toOrder, forCaller, type StoreRouteDeps, uuid, orderId, userIdParam, text, guards, STORE_LIST_BOUND, MY_STORE_ORDERS_BOUND } from './shape';
import { storePaymentRoutes } from './payments';

/** Gift-card text (decision 0018): its length here; its characters are the store's to check (400 with the field). */
const giftCardText = (max: number, what: string) =>
  z
    .string({ error: 'INVALID_VALUE' })
    .max(max, 'TOO_LONG')
    .optional()
    .meta({ description: `${what}: at most ${max} characters of letters (Bengali too), digits, spaces and common punctuation, on one line` });
/** A name on the card: its length here; the one name rule (sign-up's, decision 0039) is the store's to check (400 NAME_INVALID with the field). */
const giftCardName = (max: number, what: string) =>
  z
    .string({ error: 'INVALID_VALUE' })
    .max(max, 'TOO_LONG')
    .optional()
    .meta({ description: `${what}: a name as sign-up takes it (no control, line-break, bidirectional or invisible characters), at most ${max} characters` });

const orderBody = z.object({
  userId: uuid().meta({ description: "The caller's own id (403 otherwise)" }),
  userName: text(200).optional().meta({ description: "Ignored: the account's name is used" }),
  userEmail: text(254).optional().meta({ description: "Ignored: the account's e-mail is used" }),
  product: z.string({ error: 'GIFT_CARD_NOT_FOUND' }).min(1).max(100).meta({ description: 'The product id (or param)' }),
  name: text(200).optional(),
  value: poishaAmount().optional(),
  price: poishaAmount().optional(),
  quantity: z.int({ error: 'QUANTITY_TOO_SMALL' }).min(1).max(100, 'QUANTITY_TOO_LARGE'),
  totalPrice: poishaAmount().meta({ description: 'price × quantity as the client computed it; another value is 400 AMOUNT_MISMATCH' }),
  forMyself: z.boolean({ error: 'INVALID_VALUE' }),
  userPhone: text(40).optional().meta({ description: 'For myself: at least 11 characters' }),
  giftCardFrom: giftCardName(GiftCardTextLimits.senderName, "The sender's name on the card and in its mail's Subject"),
  giftCardMessage: giftCardText(GiftCardTextLimits.message, 'The message on the card'),
  shippingAddressName: giftCardName(GiftCardTextLimits.receiverName, "The receiver's name"),
  shippingAddressEmail: text(254).optional(),
  shippingAddressPhone: text(40).optional(),
  language: z.enum(['en', 'bn'], { error: 'INVALID_VALUE' }).optional().meta({ description: "The buyer's interface language (mails when the receiver's is unknown)" }),
});


export function orderRoutes(deps: StoreRouteDeps): RouteSpec[] {
  const { orders, identity, tokens } = deps;
  const { admin, student } = guards(tokens);

  return [
    // ---- orders ----
    defineRoute({
      method: 'get',
      path: '/store/order/',
      summary: `Every store order, newest first (back office): at most ${STORE_LIST_BOUND} (the rest through GET store/order/page, named by the Link header)`,
      auth: admin,
      responses: { 200: { ...answer(listOf(StoreOrderSchema)), headers: linkHeader } },
      handler: async ({ res }) => {
        const caller = callerOf(res);
        const { items, next } = await collectPages(STORE_LIST_BOUND, async (cursor, limit) => {
          const page = await orders.list(forCaller(caller), { cursor, limit });
          return { items: page.orders, next: page.next };
        });
        linkNext(res, '/api/v1/store/order/page', {}, next);
        res.json(ok(items.map(toOrder)));
      },
    }),
    defineRoute({
      method: 'get',
      path: '/store/order/page',
      summary: "A page of every store order, newest first (back office, decision 0084); next: the following page's cursor, null on the last",
      auth: admin,
      query: pageQuery,
      responses: { 200: answer(pageOf(StoreOrderSchema)), ...badPage },
      handler: async ({ req, res }) => {
        const page = await orders.list(forCaller(callerOf(res)), pageRequest(req));
        res.json(ok({ items: page.orders.map(toOrder), next: page.next || null }));
      },
    }),
    defineRoute({
      method: 'get',
      path: '/store/order/{id}',
      summary: "One store order: the buyer's own (or any, for an admin); the success page waits for isPaid",
      auth: { label: 'the buyer or an admin', check: requireAuth(tokens) },
      params: orderId,
      responses: { 200: answer(envelope(StoreOrderSchema)), 403: fail('Another user’s order'), 404: fail('Order not found (ORDER_NOT_FOUND)') },
      handler: async ({ res, param }) => {
        res.json(ok(toOrder(await orders.get(forCaller(callerOf(res)), { id: param('id') }))));
      },
    }),
    defineRoute({
      method: 'get',
      path: '/store/order/mine/{userId}',
      summary: `The caller's own paid store orders (gift cards), newest first: at most ${MY_STORE_ORDERS_BOUND} (the rest through GET store/order/mine/{userId}/page, named by the Link header)`,
      auth: student,
      params: userIdParam,
      responses: { 200: { ...answer(listOf(StoreOrderSchema)), headers: linkHeader }, 403: fail('Another user’s orders (WALLET_NOT_YOURS)') },
      handler: async ({ res, param }) => {
        const caller = callerOf(res);
        if (param('userId') !== caller.userId) throw refusal('WALLET_NOT_YOURS');
        const { items, next } = await collectPages(MY_STORE_ORDERS_BOUND, async (cursor, limit) => {
          const page = await orders.list(forCaller(caller), { mine: true, cursor, limit });
          return { items: page.orders, next: page.next };
        });
        linkNext(res, `/api/v1/store/order/mine/${encodeURIComponent(caller.userId)}/page`, {}, next);
        res.json(ok(items.map(toOrder)));
      },
    }),
    defineRoute({
      method: 'get',
      path: '/store/order/mine/{userId}/page',
      summary: "A page of the caller's own paid store orders (gift cards), newest first (decision 0087); next: the following page's cursor, null on the last",
      auth: student,
      params: userIdParam,
      query: pageQuery,
      responses: { 200: answer(pageOf(StoreOrderSchema)), ...badPage, 403: fail('Another user’s orders (WALLET_NOT_YOURS)') },
      handler: async ({ req, res, param }) => {
        const caller = callerOf(res);
        if (param('userId') !== caller.userId) throw refusal('WALLET_NOT_YOURS');
        const page = await orders.list(forCaller(caller), { mine: true, ...pageRequest(req) });
        res.json(ok({ items: page.orders.map(toOrder), next: page.next || null }));
      },
    }),
    defineRoute({
      method: 'get',
      path: '/store/order/receipt/{id}',
      // One user's costly reads of their own, counted per user (decision 0065).
      fairUse: 'documents',
      summary: 'A paid store order’s receipt (PDF, en or bn): the gift cards, the amount paid by card and its transaction id; the buyer or an admin',
      auth: { label: 'the buyer or an admin', check: requireAuth(tokens, UserRoles.student, UserRoles.admin) },
      params: orderId,
      query: { lang: { schema: z.enum(['en', 'bn']), description: 'The language (default en)' } },
      responses: {
        200: { description: 'The receipt', content: { 'application/pdf': z.string().meta({ format: 'binary' }) } },
        400: fail('An invalid language'),
        403: fail('Another user’s order (ORDER_NOT_YOURS)'),
        404: fail('Order not found (ORDER_NOT_FOUND)'),
        409: fail('The order is not paid (RECEIPT_ORDER_UNPAID)'),
      },
      handler: async ({ req, res, param }) => {
        const language = req.query.lang === 'bn' ? 'bn' : 'en';
        const { pdf } = await orders.receipt(forCaller(callerOf(res)), { orderId: param('id'), language });
        res.status(200).setHeader('Content-Type', 'application/pdf');
        res.setHeader('Content-Disposition', `attachment; filename="taal-receipt-${param('id').slice(0, 8)}-${language}.pdf"`);
        res.setHeader('X-Content-Type-Options', 'nosniff');
        res.setHeader('Cache-Control', 'private, no-store');
        res.send(Buffer.from(pdf));
      },
    }),
    defineRoute({
      method: 'post',
      path: '/store/order/',
      summary: 'Order gift cards for myself or someone else (§5); the total is computed on the server as price × quantity',
      auth: student,
      body: { schema: orderBody },
      responses: {
        201: answer(envelope(StoreOrderSchema), 'The order, unpaid; pay it with store/payment/ssl/'),
        400: fail(
          `§5's messages per field ('This is required', 'Too Short!', 'Enter a valid email address'; on the sender and receiver the name rule's NAME_INVALID or 'Too Long!', on the message '${GiftCardTextMessages.invalid}' or '${GiftCardTextMessages.tooLong}'), or a totalPrice that is not price × quantity (AMOUNT_MISMATCH)`,
        ),
        403: fail(`userId is not the caller, or ${GUARDIAN_PENDING_TEXT}`),
        404: fail('Gift card not found (GIFT_CARD_NOT_FOUND)'),
      },
      handler: async ({ res, body }) => {
        const caller = callerOf(res);
        if (body.userId !== caller.userId) throw refusal('WALLET_NOT_YOURS');
        // Every gift-card purchase starts here (decision 0047).
        const user = await refuseUnapprovedBuyer(identity, caller);
        const order = await orders.create(forCaller(caller), {
          productId: body.product,
          quantity: body.quantity,
          expectedTotal: body.totalPrice,
          forMyself: body.forMyself,
          userName: user?.name ?? body.userName ?? '',
          userEmail: user?.email ?? body.userEmail ?? '',
          userPhone: body.userPhone ?? '',
          giftCardFrom: body.giftCardFrom ?? '',
          giftCardMessage: body.giftCardMessage ?? '',
          shippingAddress: { name: body.shippingAddressName ?? '', email: body.shippingAddressEmail ?? '', phone: body.shippingAddressPhone ?? '' },
          language: body.language ?? 'en',
        });
        res.status(201).json(ok(toOrder(order)));
      },
    }),
    ...storePaymentRoutes(orders, student, deps.logger),

  ];
}
