import { z } from 'zod';
import type { Logger } from 'pino';
import { poishaOfTaka, ServiceNames } from '@taal/contracts';
import { bdtAmount, callerFor, cardGatewayRoutes, ID_PATTERN, type Access, type RouteSpec } from '@taal/edge';
import type { Orders } from '../app/orders';
import { GIFT_CARD_CARD_SALE } from '../domain/card-sale';
import { forCaller } from './shape';

/**
 * The card gateway for store orders (spec §7 `store/payment/ssl/`; decisions 0014 and 0018),
 * the same routes as the course orders' `cart/ssl/` (the edge's `cardGatewayRoutes`): the student
 * opens a session for their own order; the IPN and the browser's return are handed to the store,
 * which asks the validation API before anything is issued. The browser lands on
 * /giftcard-successfull or /giftcard-fail.
 */
const text = (max: number) => z.string().max(max);

const paymentBody = z.object({
  amount: bdtAmount("BDT: the order's total, checked by the store"),
  name: text(200),
  phone: text(40),
  email: text(254),
  product_name: text(300).optional(),
  currency: z.literal('BDT').optional(),
  cus_order_id: z.string().regex(new RegExp(ID_PATTERN)).meta({ description: 'The store order id' }),
});

// The gateway's IPNs and the browser's returns carry no user: the store takes them from its own routes alone.
const AS_STORE = callerFor(ServiceNames.store, null);

export function storePaymentRoutes(orders: Orders, student: Access, logger: Logger): RouteSpec[] {
  return cardGatewayRoutes({
    basePath: GIFT_CARD_CARD_SALE.callbackPath,
    orders: 'store orders',
    landing: { success: '/giftcard-successfull', fail: '/giftcard-fail', cancel: '/giftcard-fail' },
    service: {
      handlePaymentNotification: async (req) => ({ outcome: await orders.notification(AS_STORE, req) }),
      confirmPaymentReturn: (req) => orders.browserReturn(AS_STORE, req),
    },
    logger,
    session: {
      summary: "Open a card-gateway session for the caller's own store order; the browser goes to GatewayPageURL",
      auth: student,
      body: paymentBody,
      refusals: {
        400: "Invalid fields, an amount that is not the order's total (AMOUNT_MISMATCH), or an order already paid",
        403: 'Another user’s order',
        404: 'Unknown order',
        409: 'The order already has `params.max` card sessions opened within the last `params.minutes` minutes and still unanswered (CARD_SESSIONS_OPEN): pay on one of them, or open another later',
      },
      open: (body, caller) =>
        orders.startPayment(forCaller(caller), {
          orderId: body.cus_order_id,
          expectedAmount: poishaOfTaka(body.amount),
          customer: { name: body.name, email: body.email, phone: body.phone },
        }),
    },
  });
}
