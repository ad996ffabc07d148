import express, { type Request } from 'express';
import { z } from 'zod';
import type { Logger } from 'pino';
import { answer, badRequest, envelope, fail, ID_PATTERN } from './api-schemas';
import { callerOf, type AuthenticatedCaller } from './auth';
import { ok } from './respond';
import { defineRoute, type Access, type RouteSpec } from './route-table';

/**
 * The card gateway's routes (decision 0014), the same for every kind of order: the student's call
 * that opens a session, the gateway's IPN (server to server) and the browser's return from its
 * page (success, fail, cancel; the real gateway POSTs a form, our sandbox sends a GET query). The
 * edge decides nothing: the service that owns the order checks the order and the amount, checks
 * the IPN's signature and asks the validation API before anything is paid or issued; a success
 * return is only a hint to confirm early.
 */
export interface CardGatewayRoutes<B extends z.ZodType> {
  /** e.g. `/cart/ssl` (the owning service's card sale): `<base>/`, `<base>/ipn` and `<base>/{success,fail,cancel}`. */
  basePath: string;
  /** What the order is, for the documentation and logs ("course orders", "store orders"). */
  orders: string;
  /** Where the browser lands, with `?order=<id>` when the gateway echoed one (value_c). */
  landing: Record<'success' | 'fail' | 'cancel', string>;
  /** The owning service: the IPN and the browser's return are handed to it. */
  service: CardPaymentService;
  /** `POST <base>/`: the student opens a session for their own order. */
  session: {
    summary: string;
    auth: Access;
    body: B;
    /** What a 400, 403, 404 and 409 mean for this kind of order (their catalogue keys). */
    refusals: Record<400 | 403 | 404 | 409, string>;
    /** Asks the owning service for a session; it checks the order is the caller's and compares the amount. */
    open(body: z.output<B>, caller: AuthenticatedCaller): Promise<{ gatewayPageUrl: string }>;
  };
  logger: Logger;
}

/** The calls of the gateway's notifications, named alike in every contract of a service that takes card payments. */
export interface CardPaymentService {
  handlePaymentNotification(req: { fields: Record<string, string> }, caller: null): Promise<{ outcome?: { outcome: string } }>;
  confirmPaymentReturn(req: { tranId: string; valId: string }, caller: null): Promise<unknown>;
}

// IPNs and returns come from the gateway and the browser without a user: the owning service
// accepts them from the edge's own service token only (decision 0008), never with a user token.
const AS_EDGE = null;

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

export function cardGatewayRoutes<B extends z.ZodType>(c: CardGatewayRoutes<B>): RouteSpec[] {
  const session = defineRoute({
    method: 'post',
    path: `${c.basePath}/`,
    summary: c.session.summary,
    auth: c.session.auth,
    body: { schema: c.session.body },
    responses: {
      200: answer(envelope(z.object({ GatewayPageURL: z.string() })), 'The gateway page to send the browser to'),
      400: fail(c.session.refusals[400]),
      403: fail(c.session.refusals[403]),
      404: fail(c.session.refusals[404]),
      409: fail(c.session.refusals[409]),
    },
    handler: async ({ res, body }) => {
      const opened = await c.session.open(body, callerOf(res));
      res.json(ok({ GatewayPageURL: opened.gatewayPageUrl }));
    },
  });
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
              await c.service.confirmPaymentReturn({ tranId: fields.tran_id, valId: fields.val_id }, AS_EDGE);
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
    session,
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
        const answered = await c.service.handlePaymentNotification({ fields: body }, AS_EDGE);
        res.json({ received: true, outcome: answered.outcome?.outcome ?? 'ignored' });
      },
    }),
    ...returns,
  ];
}
