import express, { type Request } from 'express';
import { z } from 'zod';
import type { Logger } from 'pino';
import { answer, badRequest, fail, ID_PATTERN } from './api-schemas';
import { defineRoute, type RouteSpec } from './route-table';

/**
 * The card gateway's calls back to us (decision 0014), the same for every kind of order: its IPN
 * (server to server) and the browser's return from its page (success, fail, cancel; the real
 * gateway POSTs a form, our sandbox sends a GET query). The edge decides nothing: the service
 * that owns the order checks the IPN's signature and asks the validation API before anything is
 * paid or issued; a success return is only a hint to confirm early.
 */
export interface CardGatewayCallbacks {
  /** e.g. `/cart/ssl`: the routes are `<base>/ipn` and `<base>/{success,fail,cancel}`. */
  basePath: string;
  /** What the order is, for the documentation and logs ("course orders", "store orders"). */
  orders: string;
  /** Where the browser lands, with `?order=<id>` when the gateway echoed one (value_c). */
  landing: Record<'success' | 'fail' | 'cancel', string>;
  /** Hands the IPN form to the owning service; its outcome is answered (logged there). */
  notification(fields: Record<string, string>): Promise<string>;
  /** Hands a success return's tran_id and val_id to the owning service. */
  confirmReturn(tranId: string, valId: string): Promise<void>;
  logger: Logger;
}

const isOrderId = (v: unknown): v is string => typeof v === 'string' && new RegExp(ID_PATTERN).test(v);

/** What the gateway posts: a flat form; the owning service checks the signature over exactly these fields. */
const ipnForm = z.record(z.string({ error: 'INVALID_VALUE' }).max(200), z.string({ error: 'INVALID_VALUE' }).max(4000), { error: 'INVALID_VALUE' }).meta({
  description: 'The IPN form as SSLCommerz posts it (verify_sign, verify_key, tran_id, val_id, amount, status, …)',
});
const returnFields = z.object({
  tran_id: z.string({ error: 'INVALID_VALUE' }).max(100).optional(),
  val_id: z.string({ error: 'INVALID_VALUE' }).max(200).optional(),
  status: z.string({ error: 'INVALID_VALUE' }).max(50).optional(),
  value_c: z.string({ error: 'INVALID_VALUE' }).max(100).optional().meta({ description: 'The order id' }),
});

/** A field without a name: the parser would drop it silently, so the form is refused instead. */
const UNNAMED_FIELD = /(?:^|&)=/;
const form = express.urlencoded({
  extended: false,
  limit: '64kb',
  parameterLimit: 200,
  verify: (_req, _res, raw) => {
    if (UNNAMED_FIELD.test(raw.toString('latin1'))) throw Object.assign(new Error('A form field has no name'), { status: 400, expose: true });
  },
});

/** Each return arrives as the real gateway's POST form or our sandbox's GET query; both are read the same way. */
const fieldsOf = (req: Request): Record<string, unknown> => (req.method === 'POST' ? ((req.body as Record<string, unknown>) ?? {}) : req.query);

export function cardGatewayCallbackRoutes(c: CardGatewayCallbacks): RouteSpec[] {
  const returns = (['success', 'fail', 'cancel'] as const).flatMap((page) =>
    (['get', 'post'] as const).map((method) =>
      defineRoute({
        method,
        path: `${c.basePath}/${page}`,
        summary:
          page === 'success'
            ? `The browser back from the gateway (${c.orders}): validated with val_id (the return alone settles nothing), then 303 to ${c.landing.success}`
            : `The browser back from the gateway (${c.orders}): 303 to ${c.landing[page]} (the IPN cancels the order)`,
        before: method === 'post' ? [form] : [],
        ...(method === 'post' ? { body: { schema: returnFields.loose(), mediaType: 'application/x-www-form-urlencoded' as const } } : {}),
        responses: {
          303: { description: `To ${c.landing[page]}?order=<id>` },
          ...(method === 'post' ? { ...badRequest, 413: fail('The form is too large') } : ({} as Record<number, never>)),
        },
        handler: async ({ req, res }) => {
          const fields = fieldsOf(req);
          const orderId = isOrderId(fields.value_c) ? fields.value_c : '';
          if (page === 'success' && typeof fields.tran_id === 'string' && typeof fields.val_id === 'string') {
            try {
              await c.confirmReturn(fields.tran_id, fields.val_id);
            } catch (err) {
              // The IPN decides as well; the landing page shows "confirming" until the order is settled.
              c.logger.warn({ err, tranId: fields.tran_id, orders: c.orders }, 'card payment: confirming the browser return failed');
            }
          }
          res.redirect(303, `${c.landing[page]}${orderId ? `?order=${orderId}` : ''}`);
        },
      }),
    ),
  );
  return [
    defineRoute({
      method: 'post',
      path: `${c.basePath}/ipn`,
      summary: `The card gateway’s IPN for ${c.orders} (server to server): signature checked, then the validation API decides; 200 unless the owning service is down (then retried)`,
      before: [form],
      body: { schema: ipnForm, mediaType: 'application/x-www-form-urlencoded' },
      responses: {
        200: answer(z.object({ received: z.literal(true), outcome: z.string() }), 'Received (also when ignored: it is logged)'),
        ...badRequest,
        413: fail('The form is larger than an IPN can be'),
      },
      handler: async ({ res, body }) => {
        res.json({ received: true, outcome: await c.notification(body) });
      },
    }),
    ...returns,
  ];
}
