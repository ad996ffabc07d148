import { z } from 'zod';
import type { commerceV1 } from '@taal/contracts';
import type { CommerceApi } from './client';
import { answer, envelope, fail, ID_PATTERN, cardGatewayCallbackRoutes, callerOf, ok, defineRoute, type Access, type RouteSpec } from '@taal/edge';
import type { Logger } from 'pino';

/**
 * The card gateway's calls (spec §7 `cart/ssl/`; decision 0014): the student opens a payment
 * session for their own order; the gateway's IPN and the browser's return are handed to commerce,
 * which asks the validation API before anything is paid. The edge itself decides nothing.
 */
// Each check is worded as a refusal key (decision 0026).
const money = () => z.number({ error: 'INVALID_VALUE' }).min(0).max(10_000_000_000);
const text = (max: number) => z.string({ error: 'INVALID_VALUE' }).max(max);

const sslBody = z.object({
  total_amount: money().meta({
    description: "BDT, the order's payable: checked against the server's amount",
  }),
  discount_amount: money().optional(),
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

export function cardPaymentRoutes(commerce: CommerceApi, student: Access, logger: Logger): RouteSpec[] {
  // IPNs and returns come from the gateway and the browser without a user: commerce accepts them
  // from the edge's own service token only (decision 0008), never with a user token.
  const asEdge = null;

  return [
    defineRoute({
      method: 'post',
      path: '/cart/ssl/',
      summary: "Open a card-gateway session for the caller's own unpaid order (value_c); the browser goes to GatewayPageURL",
      auth: student,
      body: { schema: sslBody },
      responses: {
        200: answer(envelope(z.object({ GatewayPageURL: z.string() })), 'The gateway page to send the browser to'),
        400: fail(
          'Invalid fields, the amount differs from the order’s payable (AMOUNT_MISMATCH, `params.amount` in BDT), or the order is paid, expired, cancelled, held (ORDER_ALREADY_PAID, ORDER_EXPIRED, ORDER_CANCELLED, ORDER_HELD) or has nothing to pay by card (ORDER_NOTHING_TO_PAY_BY_CARD)',
        ),
        403: fail('Another student’s order (ORDER_NOT_YOURS)'),
        404: fail('Unknown order (ORDER_NOT_FOUND)'),
      },
      handler: async ({ res, body }) => {
        const customer: commerceV1.Customer = {
          name: body.cus_name,
          email: body.cus_email,
          phone: body.cus_phone,
          address: body.cus_add1 ?? '',
          city: body.cus_city ?? '',
          postcode: body.cus_postcode ?? '',
          country: body.cus_country ?? '',
        };
        // Commerce checks the order is the caller's and compares the amount under the order's lock.
        const session = await commerce.startCardPayment(
          { orderId: body.value_c, customer, expectedPayable: Math.round(body.total_amount * 100) },
          callerOf(res),
        );
        res.json(ok({ GatewayPageURL: session.gatewayPageUrl }));
      },
    }),
    ...cardGatewayCallbackRoutes({
      basePath: '/cart/ssl',
      orders: 'course orders',
      landing: { success: '/payment/success', fail: '/payment/fail', cancel: '/payment/cancel' },
      notification: async (fields) => (await commerce.handlePaymentNotification({ fields }, asEdge)).outcome?.outcome ?? 'ignored',
      confirmReturn: async (tranId, valId) => void (await commerce.confirmPaymentReturn({ tranId, valId }, asEdge)),
      logger,
    }),
  ];
}
