import { z } from 'zod';
import type { Logger } from 'pino';
import type { StoreApi } from './client';
import { answer, envelope, fail, ID_PATTERN, cardGatewayCallbackRoutes, callerOf, ok, defineRoute, type Access, type RouteSpec } from '@taal/edge';

/**
 * The card gateway for store orders (spec §7 `store/payment/ssl/`; decisions 0014 and 0018),
 * shaped like the course orders' `cart/ssl/`: the student opens a session for their own order;
 * the IPN and the browser's return are handed to the store, which asks the validation API
 * before anything is issued. The browser lands on /giftcard-successfull or /giftcard-fail.
 */
const text = (max: number) => z.string().max(max);

const paymentBody = z.object({
  amount: z.number().min(0).max(100_000_000).meta({ description: "BDT: the order's total, checked by the store" }),
  name: text(200),
  phone: text(40),
  email: text(254),
  product_name: text(300).optional(),
  currency: z.literal('BDT').optional(),
  cus_order_id: z.string().regex(new RegExp(ID_PATTERN)).meta({ description: 'The store order id' }),
});

export function storePaymentRoutes(store: StoreApi, student: Access, logger: Logger): RouteSpec[] {
  // From the gateway and the browser without a user: the store accepts them from the edge's token only.
  const asEdge = null;
  return [
    defineRoute({
      method: 'post',
      path: '/store/payment/ssl/',
      summary: "Open a card-gateway session for the caller's own store order; the browser goes to GatewayPageURL",
      auth: student,
      body: { schema: paymentBody },
      responses: {
        200: answer(envelope(z.object({ GatewayPageURL: z.string() })), 'The gateway page to send the browser to'),
        400: fail("Invalid fields, an amount that is not the order's total (AMOUNT_MISMATCH), or an order already paid"),
        403: fail('Another user’s order'),
        404: fail('Unknown order'),
      },
      handler: async ({ res, body }) => {
        const session = await store.startPayment(
          {
            orderId: body.cus_order_id,
            expectedAmount: Math.round(body.amount * 100),
            customer: { name: body.name, email: body.email, phone: body.phone },
          },
          callerOf(res),
        );
        res.json(ok({ GatewayPageURL: session.gatewayPageUrl }));
      },
    }),
    ...cardGatewayCallbackRoutes({
      basePath: '/store/payment/ssl',
      orders: 'store orders',
      landing: { success: '/giftcard-successfull', fail: '/giftcard-fail', cancel: '/giftcard-fail' },
      notification: async (fields) => (await store.handlePaymentNotification({ fields }, asEdge)).outcome?.outcome ?? 'ignored',
      confirmReturn: async (tranId, valId) => void (await store.confirmPaymentReturn({ tranId, valId }, asEdge)),
      logger,
    }),
  ];
}
