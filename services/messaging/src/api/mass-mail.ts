import { z } from 'zod';
import { status } from '@grpc/grpc-js';
import { isGrpcStatusError } from '@taal/kit';
import { isEmail, type messagingV1 } from '@taal/contracts';
import type { MassMails } from '../app/mass-mail';
import { forCaller } from './shape';
import { LIST_BOUNDS, listRoutes } from './pages';
import { answer, dateTime, done, fail, callerOf, requireAuth, UserRoles, refusal, defineRoute, type RouteSpec, type AccessTokenVerifier } from '@taal/edge';

/**
 * Mass mail (back office `POST mass-mail/`, `/admin/mass-mailing`; issue 13): messaging queues the
 * sanitised mail and reads its audience from identity a page at a time (decision 0088), and sends it
 * in batches from a durable job; the list shows each mail's progress and rate. Every mail carries an unsubscribe link to
 * `GET /mass-mail/unsubscribe/{token}`, honoured by every later mass mail (decision 0019).
 */
export const AUDIENCES = ['allUser', 'subscriber', 'non-subscriber', 'verified-user', 'non-verified-user', 'instructors', 'admin', 'custom'] as const;
export const MASS_MAIL_SENT = 'Mass mailing sent successful!';

const MassMailSchema = z
  .object({
    _id: z.string(),
    mailTo: z.enum(AUDIENCES),
    subject: z.string(),
    message: z.string().meta({ description: 'The sanitised HTML sent' }),
    total: z.int().min(0),
    sent: z.int().min(0),
    skipped: z.int().min(0).meta({ description: 'Recipients who had unsubscribed' }),
    uncertain: z.int().min(0).meta({ description: 'Interrupted by a crash while being mailed; never retried, so no one is mailed twice' }),
    status: z.enum(['queuing', 'sending', 'done']).meta({ description: 'queuing: the audience is still being read (total grows); sending; done' }),
    rate: z.number().min(0).meta({ description: 'Mails handed to the mail server per second, from the first to the last (or now, while sending)' }),
    createdAt: dateTime(),
  })
  .meta({ id: 'MassMail' });
const toMassMail = (m: messagingV1.MassMail) => ({
  _id: m.id,
  mailTo: m.audience as (typeof AUDIENCES)[number],
  subject: m.subject,
  message: m.html,
  total: m.total,
  sent: m.sent,
  skipped: m.skipped,
  uncertain: m.uncertain,
  status: m.status as 'queuing' | 'sending' | 'done',
  rate: m.rate,
  createdAt: m.createdAt,
});

const massMailBody = z.object({
  mailTo: z.enum(AUDIENCES, { error: 'AUDIENCE_REQUIRED' }),
  customEmail: z.string().max(254, 'CUSTOM_EMAIL_INVALID').optional().meta({ description: 'Required (a valid address) when mailTo is custom' }),
  subject: z.string({ error: 'SUBJECT_REQUIRED' }).max(200, 'TEXT_TOO_LONG').regex(/\S/, 'SUBJECT_REQUIRED'),
  message: z.string({ error: 'MAIL_MESSAGE_REQUIRED' }).max(100_000, 'TEXT_TOO_LONG').regex(/\S/, 'MAIL_MESSAGE_REQUIRED').meta({ description: 'HTML; sanitised before sending' }),
});

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const page = (title: string, text: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(title)}</title></head>` +
  `<body style="font-family:system-ui,sans-serif;max-width:560px;margin:48px auto;padding:0 16px"><h1>${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p><p><a href="/">Taal</a></p></body></html>`;

export function massMailRoutes(massMails: MassMails, tokens: AccessTokenVerifier): RouteSpec[] {
  const admin = { label: 'admin only', check: requireAuth(tokens, UserRoles.admin) };
  return [
    defineRoute({
      method: 'post',
      path: '/mass-mail/',
      summary: "Queues a mass mail to an audience (custom: one address); sent in batches by a durable job: 'Mass mailing sent successful!'",
      auth: admin,
      body: { schema: massMailBody },
      responses: {
        201: answer(done(MassMailSchema), `'${MASS_MAIL_SENT}' (queued; progress in GET mass-mail/)`),
        400: fail('A missing field, no address for a custom mail (CUSTOM_EMAIL_REQUIRED), an invalid address (CUSTOM_EMAIL_INVALID), or an audience with no one in it (NO_RECIPIENTS)'),
      },
      handler: async ({ res, body }) => {
        const caller = callerOf(res);
        // The custom address here; any other audience is read from identity by messaging itself, a
        // page at a time, after this answer (decision 0088: no call grows with the audience).
        const recipients: { email: string; name: string; language: string }[] = [];
        if (body.mailTo === 'custom') {
          const email = (body.customEmail ?? '').trim();
          if (!email) throw refusal('CUSTOM_EMAIL_REQUIRED', { fields: { customEmail: 'CUSTOM_EMAIL_REQUIRED' } });
          if (!isEmail(email)) throw refusal('CUSTOM_EMAIL_INVALID', { fields: { customEmail: 'CUSTOM_EMAIL_INVALID' } });
          recipients.push({ email, name: '', language: 'en' });
        }
        const mail = await massMails.create(forCaller(caller), { audience: body.mailTo, subject: body.subject, html: body.message, recipients });
        res.status(201).json({ success: true, message: MASS_MAIL_SENT, data: toMassMail(mail) });
      },
    }),
    ...listRoutes({
      path: '/mass-mail/',
      pagePath: '/mass-mail/page',
      summary: 'Mass mails with their progress (total, sent, skipped, uncertain), newest first',
      auth: admin,
      bound: LIST_BOUNDS.massMails,
      item: MassMailSchema,
      toApi: toMassMail,
      read: async (_req, res, _param, page) => {
        return massMails.list(forCaller(callerOf(res)), page);
      },
    }),
    defineRoute({
      method: 'get',
      path: '/mass-mail/unsubscribe/{token}',
      summary: "A mass mail's unsubscribe link: no more mass mail to that address (a small HTML page)",
      params: { token: { schema: z.string().regex(/^[A-Za-z0-9_-]{10,64}$/), description: 'The token in the link' } },
      fairUse: 'reads',
      responses: {
        200: { description: 'Unsubscribed', content: { 'text/html': z.string() } },
        404: { description: 'Unknown link', content: { 'text/html': z.string() } },
      },
      handler: async ({ res, param }) => {
        try {
          const email = await massMails.unsubscribe(param('token'));
          res.status(200).type('html').send(page('Unsubscribed', `${email} will not receive Taal's mass e-mails any more.`));
        } catch (err) {
          if (!(isGrpcStatusError(err) && err.code === status.NOT_FOUND)) throw err;
          res.status(404).type('html').send(page('Link not valid', 'This unsubscribe link is not valid.'));
        }
      },
    }),
  ];
}
