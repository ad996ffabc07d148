import express, { type Request, type Response } from 'express';
import { z } from 'zod';
import type { commerceV1 } from '@taal/contracts';
import type { CommerceApi } from '../../clients/commerce';
import { answer, badRequest, envelope, fail, ID_PATTERN } from '../../http/api-schemas';
import { callerOf } from '../../http/auth';
import { ok } from '../../http/respond';
import { defineRoute, type Access, type RouteSpec } from '../../http/route-table';
import type { Logger } from 'pino';

/**
 * The card gateway's calls (spec §7 `cart/ssl/`; decision 0014): the student opens a payment
 * session for their own order; the gateway's IPN and the browser's return are handed to commerce,
 * which asks the validation API before anything is paid. The edge itself decides nothing.
 */
const isOrderId = (v: unknown): v is string => typeof v === 'string' && new RegExp(ID_PATTERN).test(v);
const money = () => z.number().min(0).max(10_000_000_000);
const text = (max: number) => z.string().max(max);

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
  num_of_item: z.int().min(0).max(1000).optional(),
  product_name: text(300).optional(),
  cart: z.object({ id: text(100).optional() }).optional(),
  value_a: text(100).optional().meta({ description: 'Coupon applied flag' }),
  value_b: text(100).optional().meta({ description: 'Coupon code' }),
  value_c: z.string().regex(new RegExp(ID_PATTERN)).meta({ description: 'The order id' }),
  currency: z.literal('BDT').optional(),
});

/** What the gateway posts: a flat form; commerce checks the signature over exactly these fields. */
const ipnForm = z.record(z.string().max(200), z.string().max(4000)).meta({
  description: 'The IPN form as SSLCommerz posts it (verify_sign, verify_key, tran_id, val_id, amount, status, …)',
});
const returnFields = z.object({
  tran_id: z.string().max(100).optional(),
  val_id: z.string().max(200).optional(),
  status: z.string().max(50).optional(),
  value_c: z.string().max(100).optional().meta({ description: 'The order id' }),
});

const form = express.urlencoded({ extended: false, limit: '64kb', parameterLimit: 200 });

/** The order id for the storefront's return page: value_c as the gateway echoes it, when it is one. */
const orderOf = (fields: Record<string, unknown>) => (isOrderId(fields.value_c) ? fields.value_c : '');

function returnTo(res: Response, page: 'success' | 'fail' | 'cancel', orderId: string) {
  res.redirect(303, `/payment/${page}${orderId ? `?order=${orderId}` : ''}`);
}

/** Each return arrives as the real gateway's POST form or our sandbox's GET query; both are read the same way. */
const fieldsOf = (req: Request): Record<string, unknown> =>
  req.method === 'POST' ? ((req.body as Record<string, unknown>) ?? {}) : req.query;

export function cardPaymentRoutes(commerce: CommerceApi, student: Access, logger: Logger): RouteSpec[] {
  // IPNs and returns come from the gateway and the browser without a user: commerce accepts them
  // from the edge's own service token only (decision 0008), never with a user token.
  const asEdge = null;

  const returnRoutes = (['success', 'fail', 'cancel'] as const).flatMap((page) =>
    (['get', 'post'] as const).map((method) =>
      defineRoute({
        method,
        path: `/cart/ssl/${page}`,
        summary:
          page === 'success'
            ? 'The browser back from the gateway: validated with val_id (the return alone pays nothing), then 303 to /payment/success'
            : `The browser back from the gateway: 303 to /payment/${page} (the IPN cancels the order)`,
        before: method === 'post' ? [form] : [],
        ...(method === 'post'
          ? {
              body: { schema: returnFields.loose(), mediaType: 'application/x-www-form-urlencoded' as const },
            }
          : {}),
        responses: { 303: { description: `To the storefront's /payment/${page}?order=<id>` }, ...(method === 'post' ? { ...badRequest, 413: fail('The form is too large') } : ({} as Record<number, never>)) },
        handler: async ({ req, res }) => {
          const fields = fieldsOf(req);
          const orderId = orderOf(fields);
          if (page === 'success' && typeof fields.tran_id === 'string' && typeof fields.val_id === 'string') {
            try {
              await commerce.confirmPaymentReturn({ tranId: fields.tran_id, valId: fields.val_id }, asEdge);
            } catch (err) {
              // The IPN decides as well; the success page shows "confirming" until the order is paid.
              logger.warn({ err, tranId: fields.tran_id }, 'card payment: confirming the browser return failed');
            }
          }
          returnTo(res, page, orderId);
        },
      }),
    ),
  );

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
          'Invalid fields, the amount differs from the order’s payable (AMOUNT_MISMATCH), or the order is not unpaid, expired or has nothing to pay by card',
        ),
        403: fail('Another student’s order'),
        404: fail('Unknown order'),
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
    defineRoute({
      method: 'post',
      path: '/cart/ssl/ipn',
      summary:
        'The card gateway’s IPN (server to server): signature checked, then the validation API decides; 200 unless commerce is down (then retried)',
      before: [form],
      body: { schema: ipnForm, mediaType: 'application/x-www-form-urlencoded' },
      responses: {
        200: answer(z.object({ received: z.literal(true), outcome: z.string() }), 'Received (also when ignored: it is logged)'),
        ...badRequest,
        413: fail('The form is larger than an IPN can be'),
      },
      handler: async ({ res, body }) => {
        const { outcome } = await commerce.handlePaymentNotification({ fields: body }, asEdge);
        res.json({ received: true, outcome: outcome?.outcome ?? 'ignored' });
      },
    }),
    ...returnRoutes,
  ];
}
