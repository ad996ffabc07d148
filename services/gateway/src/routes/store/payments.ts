import express, { type Request, type Response } from 'express';
import { z } from 'zod';
import type { Logger } from 'pino';
import type { StoreApi } from '../../clients/store';
import { answer, badRequest, envelope, fail, ID_PATTERN } from '../../http/api-schemas';
import { callerOf } from '../../http/auth';
import { ok } from '../../http/respond';
import { defineRoute, type Access, type RouteSpec } from '../../http/route-table';

/**
 * The card gateway for store orders (spec §7 `store/payment/ssl/`; decisions 0014 and 0018),
 * shaped like the course orders' `cart/ssl/`: the student opens a session for their own order;
 * the IPN and the browser's return are handed to the store, which asks the validation API
 * before anything is issued. The browser lands on /giftcard-successfull or /giftcard-fail.
 */
const isId = (v: unknown): v is string => typeof v === 'string' && new RegExp(ID_PATTERN).test(v);
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

const ipnForm = z.record(z.string().max(200), z.string().max(4000)).meta({
  description: 'The IPN form as SSLCommerz posts it (verify_sign, verify_key, tran_id, val_id, amount, status, …)',
});
const returnFields = z.object({
  tran_id: z.string().max(100).optional(),
  val_id: z.string().max(200).optional(),
  status: z.string().max(50).optional(),
  value_c: z.string().max(100).optional().meta({ description: 'The store order id' }),
});

const form = express.urlencoded({ extended: false, limit: '64kb', parameterLimit: 200 });
const fieldsOf = (req: Request): Record<string, unknown> =>
  req.method === 'POST' ? ((req.body as Record<string, unknown>) ?? {}) : req.query;

function returnTo(res: Response, page: 'success' | 'fail' | 'cancel', orderId: string) {
  const target = page === 'success' ? '/giftcard-successfull' : '/giftcard-fail';
  res.redirect(303, `${target}${orderId ? `?order=${orderId}` : ''}`);
}

export function storePaymentRoutes(store: StoreApi, student: Access, logger: Logger): RouteSpec[] {
  // From the gateway and the browser without a user: the store accepts them from the edge's token only.
  const asEdge = null;
  const returns = (['success', 'fail', 'cancel'] as const).flatMap((page) =>
    (['get', 'post'] as const).map((method) =>
      defineRoute({
        method,
        path: `/store/payment/ssl/${page}`,
        summary:
          page === 'success'
            ? 'The browser back from the gateway: validated with val_id (the return alone issues nothing), then 303 to /giftcard-successfull'
            : 'The browser back from the gateway: 303 to /giftcard-fail (the IPN cancels the order)',
        before: method === 'post' ? [form] : [],
        ...(method === 'post' ? { body: { schema: returnFields.loose(), mediaType: 'application/x-www-form-urlencoded' as const } } : {}),
        responses: {
          303: { description: page === 'success' ? 'To /giftcard-successfull?order=<id>' : 'To /giftcard-fail?order=<id>' },
          ...(method === 'post' ? { ...badRequest, 413: fail('The form is too large') } : ({} as Record<number, never>)),
        },
        handler: async ({ req, res }) => {
          const fields = fieldsOf(req);
          const orderId = isId(fields.value_c) ? fields.value_c : '';
          if (page === 'success' && typeof fields.tran_id === 'string' && typeof fields.val_id === 'string') {
            try {
              await store.confirmPaymentReturn({ tranId: fields.tran_id, valId: fields.val_id }, asEdge);
            } catch (err) {
              logger.warn({ err, tranId: fields.tran_id }, 'store payment: confirming the browser return failed');
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
    defineRoute({
      method: 'post',
      path: '/store/payment/ssl/ipn',
      summary: 'The card gateway’s IPN for store orders: signature checked, then the validation API decides; 200 unless the store is down (then retried)',
      before: [form],
      body: { schema: ipnForm, mediaType: 'application/x-www-form-urlencoded' },
      responses: {
        200: answer(z.object({ received: z.literal(true), outcome: z.string() }), 'Received (also when ignored: it is logged)'),
        ...badRequest,
        413: fail('The form is larger than an IPN can be'),
      },
      handler: async ({ res, body }) => {
        const { outcome } = await store.handlePaymentNotification({ fields: body }, asEdge);
        res.json({ received: true, outcome: outcome?.outcome ?? 'ignored' });
      },
    }),
    ...returns,
  ];
}
