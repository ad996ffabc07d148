import { z } from 'zod';
import { poishaOfTaka, ServiceNames, type commerceV1 } from '@taal/contracts';
import type { CardPayments } from '../app/card-payments';
import { bdtAmount, callerFor, cardGatewayRoutes, ID_PATTERN, type Access, type RouteSpec } from '@taal/edge';
import { COURSE_CARD_SALE } from '../domain/card-sale';
import { forCaller } from './shape';
import type { Logger } from 'pino';

/**
 * The card gateway's calls (spec §7 `cart/ssl/`; decision 0014): the student opens a payment
 * session for their own order; the gateway's IPN and the browser's return are handed to commerce,
 * which asks the validation API before anything is paid. The edge itself decides nothing.
 */
// Each check is worded as a refusal key (decision 0026).
const text = (max: number) => z.string({ error: 'INVALID_VALUE' }).max(max);

const sslBody = z.object({
  total_amount: bdtAmount("BDT, the order's payable: checked against the server's amount"),
  discount_amount: bdtAmount().optional(),
  cus_name: text(120),
  cus_email: text(254),
  cus_phone: text(40),
  cus_add1: text(300).optional(),
  cus_city: text(100).optional(),
  cus_country: text(100).optional(),
  cus_postcode: text(20).optional(),
  num_of_item: z.int({ error: 'INVALID_VALUE' }).min(0).max(1000).optional(),
  product_name: text(300).optional(),
  cart: z.object({ id: text(100).optional() }, { error: 'INVALID_VALUE' }).optional(),
  value_a: z.union([z.boolean(), text(100)], { error: 'INVALID_VALUE' }).optional().meta({ description: 'Coupon applied flag: a boolean (the spec) or a string; informational' }),
  value_b: text(100).optional().meta({ description: 'Coupon code' }),
  value_c: z.string({ error: 'INVALID_ID' }).regex(new RegExp(ID_PATTERN)).meta({ description: 'The order id' }),
  currency: z.literal('BDT', { error: 'INVALID_VALUE' }).optional(),
});

// The gateway's IPNs and the browser's returns carry no user: commerce takes them from its own routes alone.
const AS_COMMERCE = callerFor(ServiceNames.commerce, null);

export function cardPaymentRoutes(cards: CardPayments, student: Access, logger: Logger): RouteSpec[] {
  return cardGatewayRoutes({
    basePath: COURSE_CARD_SALE.callbackPath,
    orders: 'course orders',
    landing: { success: '/payment/success', fail: '/payment/fail', cancel: '/payment/cancel' },
    service: {
      handlePaymentNotification: async (req) => ({ outcome: await cards.notification(AS_COMMERCE, req) }),
      confirmPaymentReturn: (req) => cards.browserReturn(AS_COMMERCE, req),
    },
    logger,
    session: {
      summary: "Open a card-gateway session for the caller's own unpaid order (value_c); the browser goes to GatewayPageURL",
      auth: student,
      body: sslBody,
      refusals: {
        400: 'Invalid fields, the amount differs from the order’s payable (AMOUNT_MISMATCH, `params.amount` in BDT), or the order is paid, expired, cancelled, held (ORDER_ALREADY_PAID, ORDER_EXPIRED, ORDER_CANCELLED, ORDER_HELD) or has nothing to pay by card (ORDER_NOTHING_TO_PAY_BY_CARD)',
        403: 'Another student’s order (ORDER_NOT_YOURS)',
        404: 'Unknown order (ORDER_NOT_FOUND)',
        409: 'The order already has `params.max` card sessions opened within the last `params.minutes` minutes and still unanswered (CARD_SESSIONS_OPEN): pay on one of them, or open another later',
      },
      open: (body, caller) => {
        const customer: commerceV1.Customer = {
          name: body.cus_name,
          email: body.cus_email,
          phone: body.cus_phone,
          address: body.cus_add1 ?? '',
          city: body.cus_city ?? '',
          postcode: body.cus_postcode ?? '',
          country: body.cus_country ?? '',
        };
        return cards.start(forCaller(caller), { orderId: body.value_c, customer, expectedPayable: poishaOfTaka(body.total_amount) });
      },
    },
  });
}
