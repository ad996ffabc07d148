/** The student's own orders: create from the cart, list, pay a zero-payable one, and a paid order's receipt PDF. */
import { z } from 'zod';
import { answer, bdtAmount, poishaAmount, badRequest, done, envelope, fail, listOf, callerOf, refusal, ok, defineRoute, type RouteSpec, refuseUnapprovedBuyer, GUARDIAN_PENDING_TEXT, tooMany } from '@taal/edge';
import { badPage, collectPages, linkHeader, linkNext, pageOf, pageQuery, pageRequest } from '@taal/edge';
import { clientAddressOf, lookUpVoucher } from './limits';

/** GET order/{userId} (the spec's purchase history) answers at most this many orders, newest first (decision 0084). */
export const MY_ORDERS_BOUND = 100;
import { forCaller, ownCaller, uuid, code, userIdParam, alreadyOwned, OrderSchema, toOrder, guards, type CommerceRouteDeps } from './shape';

const langQuery = { lang: { schema: z.enum(['en', 'bn']), description: 'The language (default en)' } };
const pdfAnswer = (description: string) => ({ description, content: { 'application/pdf': z.string().meta({ format: 'binary' }) } });

const orderBody = z.object({
  userId: uuid().meta({ description: "The caller's own id" }),
  amount: poishaAmount().meta({
    description: 'The payable the client computed (poisha); must equal the server’s, else 400 AMOUNT_MISMATCH',
  }),
  cuponCode: code().optional().meta({ description: 'A voucher to apply' }),
  useWallet: z.boolean({ error: 'INVALID_VALUE' }).optional().meta({ description: 'Spend the wallet balance first (default true)' }),
});
const zeroCartBody = z.object({
  total_amount: bdtAmount().optional(),
  discount_amount: bdtAmount().optional(),
  cart: z.object({ id: z.string({ error: 'INVALID_VALUE' }).max(100).optional() }, { error: 'INVALID_VALUE' }).optional(),
  value_a: z.union([z.boolean(), z.string().max(100)], { error: 'INVALID_VALUE' }).optional().meta({ description: 'Coupon applied flag (a boolean or a string; informational)' }),
  value_b: z.string({ error: 'INVALID_VALUE' }).max(100).optional(),
  value_c: z.string({ error: 'INVALID_VALUE' }).max(100).optional(),
});

const orderRefusals = {
  ...alreadyOwned,
  400: fail(
    'Missing or invalid fields, the amount differs from the server’s computation (AMOUNT_MISMATCH, `params.amount` in BDT), or the cart is empty (CART_EMPTY)',
  ),
  404: fail("'Coupon Not found' (COUPON_NOT_FOUND): the voucher is unknown, expired or used up"),
  429: tooMany('Too many wrong voucher codes from this user or address (TOO_MANY_VOUCHER_TRIES, Retry-After), counted with the voucher check'),
};

export function orderRoutes({ commerce, identity, tokens, voucherGuesses }: CommerceRouteDeps): RouteSpec[] {
  const { student, studentOrAdmin } = guards(tokens);
  return [
    // ---- Orders ----
    defineRoute({
      method: 'get',
      path: '/order/receipt/{orderId}',
      // One user's costly reads of their own, counted per user (decision 0065).
      fairUse: 'documents',
      summary: 'A paid course order’s receipt (PDF, en or bn): its courses, the voucher, what the wallet and the card paid, the card’s transaction id; its buyer or an admin',
      auth: studentOrAdmin,
      params: { orderId: { schema: uuid(), description: 'The order id (UUID)', invalid: () => refusal('ORDER_NOT_FOUND') } },
      query: langQuery,
      responses: {
        200: pdfAnswer('The receipt'),
        ...badRequest,
        403: fail('Another student’s order (ORDER_NOT_YOURS)'),
        404: fail('Unknown order (ORDER_NOT_FOUND)'),
        409: fail('The order is not paid (RECEIPT_ORDER_UNPAID)'),
      },
      handler: async ({ req, res, param }) => {
        const language = req.query.lang === 'bn' ? 'bn' : 'en';
        const { pdf } = await commerce.getReceipt(forCaller(callerOf(res)), { orderId: param('orderId'), language });
        res.status(200).setHeader('Content-Type', 'application/pdf');
        res.setHeader('Content-Disposition', `attachment; filename="taal-receipt-${param('orderId').slice(0, 8)}-${language}.pdf"`);
        res.setHeader('X-Content-Type-Options', 'nosniff');
        res.setHeader('Cache-Control', 'private, no-store');
        res.send(Buffer.from(pdf));
      },
    }),
    defineRoute({
      method: 'post',
      path: '/order',
      summary: 'Create an unpaid order from the cart; the amount must equal the server’s computation (§5)',
      auth: student,
      body: { schema: orderBody },
      responses: {
        201: answer(envelope(OrderSchema), 'The order, unpaid: _id and userId'),
        ...orderRefusals,
        403: fail(`userId is not the caller, or ${GUARDIAN_PENDING_TEXT}`),
      },
      handler: async ({ req, res, body }) => {
        const caller = ownCaller(res, body.userId);
        // Every way of paying for a course starts here (decision 0047).
        const buyer = await refuseUnapprovedBuyer(identity, caller);
        // Commerce computes the payable and compares it with the client's in the order's own
        // transaction (CART_EMPTY, AMOUNT_MISMATCH): one rule, no window between check and order.
        // A voucher code sent with the order is a guess like the voucher check's (issue 50).
        const order = await lookUpVoucher(voucherGuesses, caller.userId, clientAddressOf(req), body.cuponCode ?? '', () =>
          commerce.createOrder(forCaller(caller), {
              voucherCode: body.cuponCode ?? '',
              useWallet: body.useWallet ?? true,
              expectedPayable: body.amount,
              // The buyer just read for the age rule travels with the order to its receipt (decision 0053).
              buyerEmail: buyer?.email ?? '',
              buyerName: buyer?.name ?? '',
              buyerLanguage: buyer?.language ?? '',
            }),
        );
        res.status(201).json(ok(toOrder(order)));
      },
    }),
    defineRoute({
      method: 'get',
      path: '/order/{userId}',
      summary: `The caller's orders, newest first (purchase history: Paid / Unpaid): at most ${MY_ORDERS_BOUND} (the rest through GET order/{userId}/page, named by the Link header)`,
      auth: student,
      params: userIdParam,
      responses: { 200: { ...answer(listOf(OrderSchema)), headers: linkHeader } },
      handler: async ({ res, param }) => {
        const caller = ownCaller(res, param('userId'));
        const { items, next } = await collectPages(MY_ORDERS_BOUND, async (cursor, limit) => {
          const page = await commerce.listOrders(forCaller(caller), { cursor, limit });
          return { items: page.orders, next: page.next };
        });
        linkNext(res, `/api/v1/order/${encodeURIComponent(param('userId'))}/page`, {}, next);
        res.json(ok(items.map(toOrder)));
      },
    }),
    defineRoute({
      method: 'get',
      path: '/order/{userId}/page',
      summary: "A page of the caller's orders, newest first (purchase history, decision 0084); next: the following page's cursor, null on the last",
      auth: student,
      params: userIdParam,
      query: pageQuery,
      responses: { 200: answer(pageOf(OrderSchema)), ...badPage },
      handler: async ({ req, res, param }) => {
        const page = await commerce.listOrders(forCaller(ownCaller(res, param('userId'))), pageRequest(req));
        res.json(ok({ items: page.orders.map(toOrder), next: page.next || null }));
      },
    }),
    defineRoute({
      method: 'post',
      path: '/cart/zero-cart/{userId}/{orderId}',
      summary: "Pay an order whose payable is 0 (wallet and voucher cover it): 'success'",
      auth: student,
      params: { ...userIdParam, orderId: { schema: uuid(), description: 'The order id (UUID)', invalid: () => refusal('ORDER_NOT_FOUND') } },
      body: { schema: zeroCartBody },
      responses: {
        200: answer(done(OrderSchema), "'success'"),
        400: fail(
          'Invalid fields, or the order is paid, expired, cancelled or held (ORDER_ALREADY_PAID, ORDER_EXPIRED, ORDER_CANCELLED, ORDER_HELD), or has an amount to pay through the card gateway (ORDER_HAS_AMOUNT_TO_PAY)',
        ),
        404: fail('Unknown order (ORDER_NOT_FOUND), or the voucher ran out and the order is cancelled (ORDER_CANCELLED_COUPON_USED_UP)'),
      },
      handler: async ({ res, param }) => {
        const caller = ownCaller(res, param('userId'));
        const order = await commerce.payOrder(forCaller(caller), { orderId: param('orderId') });
        res.json({ success: true, message: 'success', data: toOrder(order) });
      },
    }),
  ];
}
