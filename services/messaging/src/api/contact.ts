/** Visitors' contact messages: sent (limited per address and e-mail), listed and marked replied by the admin. */
import type { Request } from 'express';
import { z } from 'zod';
import { AccountFieldLimits, ContactLimits, NAME_PATTERN, type messagingV1 } from '@taal/contracts';
import { answer, dateTime, done, emailAddress, envelope, fail, tooMany, callerOf, ok, defineRoute, type RouteSpec } from '@taal/edge';
import { type MessagingRouteDeps, forCaller, text, idOf, guards } from './shape';
import { LIST_BOUNDS, listRoutes } from './pages';

const clientAddress = (req: Request) => req.ip ?? req.socket.remoteAddress ?? 'unknown';

const GeneralMessageSchema = z
  .object({ _id: z.string(), name: z.string(), email: z.string(), message: z.string(), status: z.boolean(), reply: z.string(), createdAt: dateTime() })
  .meta({ id: 'GeneralMessage' });
const toGeneral = (m: messagingV1.ContactMessage) => ({
  _id: m.id,
  name: m.name,
  email: m.email,
  message: m.message,
  status: m.status,
  reply: m.reply,
  createdAt: m.createdAt,
});

/** The sign-up's name rule (@taal/contracts): at most 100 characters, no control or bidirectional characters. */
const personName = z.string({ error: 'CONTACT_FIELDS_MISSING' }).max(AccountFieldLimits.name, 'TEXT_TOO_LONG').regex(new RegExp(NAME_PATTERN, 'u'), 'NAME_INVALID');
const contactBody = z.object({ name: personName, email: emailAddress(), message: text(ContactLimits.message, 'CONTACT_FIELDS_MISSING') });

export function contactRoutes(deps: MessagingRouteDeps): RouteSpec[] {
  const { messaging, tokens } = deps;
  const { admin } = guards(tokens);

  return [
    defineRoute({
      method: 'post',
      path: '/contact/',
      summary: "A visitor's contact message (name, email and message required); limited per client address and per e-mail",
      body: { schema: contactBody, headline: 'CONTACT_FIELDS_MISSING' },
      responses: {
        201: answer(done(GeneralMessageSchema.omit({ reply: true })), "'Message sent Successfully'"),
        400: fail("'Please fill all the fields' (CONTACT_FIELDS_MISSING), with `fields` and `fieldReasons`"),
        429: tooMany("'Too many messages. Please try again later.' (TOO_MANY_MESSAGES)"),
      },
      handler: async ({ req, res, body }) => {
        await deps.contactLimiter.hit('message', body.email, clientAddress(req));
        const message = await messaging.sendContact(body);
        const { reply: _reply, ...shown } = toGeneral(message);
        res.status(201).json({ success: true, message: 'Message sent Successfully', data: shown });
      },
    }),
    ...listRoutes({
      path: '/contact/general/',
      pagePath: '/contact/general/page',
      summary: "Visitors' contact messages, newest first",
      auth: admin,
      bound: LIST_BOUNDS.contacts,
      item: GeneralMessageSchema,
      toApi: toGeneral,
      read: async (_req, res, _param, page) => {
        return messaging.contacts(forCaller(callerOf(res)), page);
      },
    }),
    defineRoute({
      method: 'get',
      path: '/contact/general/{id}',
      summary: 'Marks a contact message replied (the admin answered it by mail) and returns it',
      auth: admin,
      params: idOf('message'),
      responses: { 200: answer(envelope(GeneralMessageSchema)), 404: fail('Message not found') },
      handler: async ({ res, param }) => {
        const message = await messaging.markContactReplied(forCaller(callerOf(res)), param('id'));
        res.json(ok(toGeneral(message)));
      },
    }),

  ];
}
