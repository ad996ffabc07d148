import type { Request } from 'express';
import { z } from 'zod';
import { status } from '@grpc/grpc-js';
import { isGrpcStatusError } from '@taal/kit';
import { AccountFieldLimits, NAME_PATTERN, type messagingV1, type RefusalKey, type catalogueV1, type identityV1 } from '@taal/contracts';
import type { MessagingApi } from './client';
import { answer, dateTime, done, emailAddress, envelope, fail, ID_PATTERN, listOf, tooMany, callerOf, requireAuth, UserRoles, refusal, ok, defineRoute, type RouteSpec, type TargetLimiter, type ServiceApi, type AccessTokenVerifier } from '@taal/edge';
import type { NotificationHub } from './live';
import { massMailRoutes } from './mass-mail';

/**
 * Contact messages, student ↔ instructor messages and notifications (storefront §7 `contact/*`,
 * `notification/*`; back office `/adminmessages`, `/manageNotification`; issue 13), answered by
 * the messaging service, which decides who may read and answer what. A student's message to an
 * instructor goes to `POST /contact/instructor/` (the spec does not show the path, decision 0019),
 * and `GET /notification/stream` pushes new notifications to an open page.
 */
const uuid = () => z.string().regex(new RegExp(ID_PATTERN));
/** Not blank (`missing`): at least one visible character; longer than `max` is 'Too Long!'. */
const text = (max: number, missing: RefusalKey) => z.string({ error: missing }).max(max, 'TEXT_TOO_LONG').regex(/\S/, missing);
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

const StudentMessageSchema = z
  .object({
    _id: z.string(),
    name: z.string(),
    email: z.string(),
    from: z.string().meta({ description: "The student's user id" }),
    to: z.string().meta({ description: 'The instructor id' }),
    toName: z.string(),
    course: z.string().meta({ description: 'The course it was sent from; empty when none' }),
    message: z.string(),
    status: z.boolean().meta({ description: 'true once answered' }),
    reply: z.string().meta({ description: 'Empty while pending' }),
    createdAt: dateTime(),
  })
  .meta({ id: 'StudentMessage' });
const toStudentMessage = (m: messagingV1.StudentMessage) => ({
  _id: m.id,
  name: m.name,
  email: m.email,
  from: m.from,
  to: m.to,
  toName: m.toName,
  course: m.courseId,
  message: m.message,
  status: m.status,
  reply: m.reply,
  createdAt: m.createdAt,
});

const NotificationSchema = z
  .object({
    _id: z.string(),
    msg: z.string(),
    createdAt: dateTime(),
    read: z.boolean().meta({ description: "The caller's own read state (always false in the back office's list)" }),
    link: z.string().optional().meta({ description: 'Where it leads in the web app, e.g. /certificate/{id} for a provided certificate' }),
  })
  .meta({ id: 'Notification' });
const toNotification = (n: messagingV1.Notification) => ({ _id: n.id, msg: n.msg, createdAt: n.createdAt, read: n.read, ...(n.link ? { link: n.link } : {}) });

/** The sign-up's name rule (@taal/contracts): at most 100 characters, no control or bidirectional characters. */
const personName = z.string({ error: 'CONTACT_FIELDS_MISSING' }).max(AccountFieldLimits.name, 'TEXT_TOO_LONG').regex(new RegExp(NAME_PATTERN, 'u'), 'NAME_INVALID');
const contactBody = z.object({ name: personName, email: emailAddress(), message: text(5000, 'CONTACT_FIELDS_MISSING') });
const instructorMessageBody = z.object({
  to: uuid().meta({ description: 'The instructor id' }),
  message: text(5000, 'MESSAGE_REQUIRED'),
  name: z.string().max(100).optional(),
  email: z.string().max(254).optional(),
  from: z.string().max(64).optional().meta({ description: "The student's user id (when given, must be the caller's)" }),
  course: z.string().max(64).optional(),
});
const replyBody = z.object({ reply: text(5000, 'REPLY_REQUIRED') });
const notificationBody = z.object({ msg: text(500, 'NOTIFICATION_REQUIRED') });
/** The page's language: system notifications are written in it (decision 0023). */
const langQuery = { lang: { schema: z.enum(['en', 'bn']), description: 'The reader’s language for system notifications (default: Accept-Language, else en)' } };
function readerLanguage(req: Request): 'en' | 'bn' {
  const lang = req.query.lang;
  if (lang === 'bn' || lang === 'en') return lang;
  const first = (req.headers['accept-language'] ?? '').split(',')[0]?.trim().toLowerCase() ?? '';
  return first.startsWith('bn') ? 'bn' : 'en';
}

export interface MessagingRouteDeps {
  messaging: MessagingApi;
  identity: ServiceApi<identityV1.IdentityServiceServer>;
  tokens: AccessTokenVerifier;
  catalogue: ServiceApi<catalogueV1.CatalogueServiceServer>;
  contactLimiter: TargetLimiter;
  hub: NotificationHub;
}

export function messagingRoutes(deps: MessagingRouteDeps): RouteSpec[] {
  const { messaging, identity, tokens, catalogue } = deps;
  const admin = { label: 'admin only', check: requireAuth(tokens, UserRoles.admin) };
  const student = { label: 'students only', check: requireAuth(tokens, UserRoles.student) };
  const instructorOrAdmin = { label: 'the instructor it was sent to, or an admin', check: requireAuth(tokens, UserRoles.instructor, UserRoles.admin) };
  const signedIn = { label: 'the user themself', check: requireAuth(tokens) };
  const idOf = (what: string) => ({ id: { schema: uuid(), description: `The ${what} id (UUID)` } });
  // Not an id: no such user (404), also for the admin, who may read anyone's.
  const notAnId = (key: 'USER_NOT_FOUND' | 'INSTRUCTOR_NOT_FOUND') => () => refusal(key);
  const userIdParam = { userId: { schema: uuid(), description: "The user's id: the caller's own", invalid: notAnId('USER_NOT_FOUND') } };
  const noSuchUser = { 404: fail('Not a user id') };

  return [
    // ---- Contact messages (visitors) ---------------------------------------------------------
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
        const { message } = await messaging.sendContact(body);
        const { reply: _reply, ...shown } = toGeneral(message!);
        res.status(201).json({ success: true, message: 'Message sent Successfully', data: shown });
      },
    }),
    defineRoute({
      method: 'get',
      path: '/contact/general/',
      summary: "Visitors' contact messages, newest first",
      auth: admin,
      responses: { 200: answer(listOf(GeneralMessageSchema)) },
      handler: async ({ res }) => {
        const { messages } = await messaging.listContacts({}, callerOf(res));
        res.json(ok(messages.map(toGeneral)));
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
        const { message } = await messaging.markContactReplied({ id: param('id') }, callerOf(res));
        res.json(ok(toGeneral(message!)));
      },
    }),

    // ---- Student ↔ instructor ---------------------------------------------------------------
    defineRoute({
      method: 'post',
      path: '/contact/instructor/',
      summary: "A student's message to an instructor (from the course view): 'Message Sent Successfully!!'",
      auth: student,
      body: { schema: instructorMessageBody },
      responses: {
        201: answer(done(StudentMessageSchema), "'Message Sent Successfully!!'"),
        400: fail('A blank or too long message'),
        403: fail('`from` names another user, or the caller is not a student'),
        404: fail('Instructor not found'),
      },
      handler: async ({ res, body }) => {
        const caller = callerOf(res);
        if (body.from && body.from !== caller.userId) throw refusal('SEND_AS_YOURSELF');
        const found = await catalogue.getInstructor({ id: body.to }).catch((err: unknown) => {
          if (isGrpcStatusError(err) && err.code === status.NOT_FOUND) return null;
          throw err;
        });
        if (!found?.instructor) throw refusal('INSTRUCTOR_NOT_FOUND');
        // The sender's name and e-mail as the account has them when the form does not say.
        let { name = '', email = '' } = body;
        if (!name.trim() || !email.trim()) {
          const { user } = await identity.getUser({ id: caller.userId }, caller);
          name = name.trim() || (user?.name ?? '');
          email = email.trim() || (user?.email ?? '');
        }
        const { message } = await messaging.sendStudentMessage(
          { name, email, to: body.to, toName: found.instructor.name, message: body.message, courseId: body.course ?? '' },
          caller,
        );
        res.status(201).json({ success: true, message: 'Message Sent Successfully!!', data: toStudentMessage(message!) });
      },
    }),
    defineRoute({
      method: 'get',
      path: '/contact/u/c/{userId}',
      summary: "A student's current messages (pending: not answered yet); their own only",
      auth: signedIn,
      params: userIdParam,
      responses: { 200: answer(listOf(StudentMessageSchema)), 403: fail("Another user's messages"), ...noSuchUser },
      handler: async ({ res, param }) => {
        const { messages } = await messaging.listStudentMessages({ userId: param('userId'), answered: false }, callerOf(res));
        res.json(ok(messages.map(toStudentMessage)));
      },
    }),
    defineRoute({
      method: 'get',
      path: '/contact/u/p/{userId}',
      summary: "A student's previous messages (answered, with the reply); their own only",
      auth: signedIn,
      params: userIdParam,
      responses: { 200: answer(listOf(StudentMessageSchema)), 403: fail("Another user's messages"), ...noSuchUser },
      handler: async ({ res, param }) => {
        const { messages } = await messaging.listStudentMessages({ userId: param('userId'), answered: true }, callerOf(res));
        res.json(ok(messages.map(toStudentMessage)));
      },
    }),
    defineRoute({
      method: 'get',
      path: '/contact/mystudent/{instructorId}',
      summary: "Students' messages to an instructor, pending first; the instructor's own (their linked profile) only",
      auth: instructorOrAdmin,
      params: { instructorId: { schema: uuid(), description: 'The instructor id (UUID)', invalid: notAnId('INSTRUCTOR_NOT_FOUND') } },
      responses: { 200: answer(listOf(StudentMessageSchema)), 403: fail("Another instructor's messages"), 404: fail('Not an instructor id') },
      handler: async ({ res, param }) => {
        const { messages } = await messaging.listInstructorMessages({ instructorId: param('instructorId') }, callerOf(res));
        res.json(ok(messages.map(toStudentMessage)));
      },
    }),
    defineRoute({
      method: 'get',
      path: '/contact/student/',
      summary: "Every student's messages to instructors, newest first",
      auth: admin,
      responses: { 200: answer(listOf(StudentMessageSchema)) },
      handler: async ({ res }) => {
        const { messages } = await messaging.listAllStudentMessages({}, callerOf(res));
        res.json(ok(messages.map(toStudentMessage)));
      },
    }),
    defineRoute({
      method: 'post',
      path: '/contact/r/{id}',
      summary: 'Answers a student message (status true, the reply shown to the student, who is notified)',
      auth: instructorOrAdmin,
      params: idOf('message'),
      body: { schema: replyBody },
      responses: {
        200: answer(done(StudentMessageSchema), "'Reply sent'"),
        400: fail('A blank or too long reply'),
        403: fail('A message sent to another instructor'),
        404: fail('Message not found'),
      },
      handler: async ({ res, param, body }) => {
        const { message } = await messaging.replyStudentMessage({ id: param('id'), reply: body.reply }, callerOf(res));
        res.json({ success: true, message: 'Reply sent', data: toStudentMessage(message!) });
      },
    }),

    // ---- Notifications -----------------------------------------------------------------------
    defineRoute({
      method: 'post',
      path: '/notification/create',
      summary: 'Creates a notification for every user',
      auth: admin,
      body: { schema: notificationBody },
      responses: { 201: answer(done(NotificationSchema), "'Notification created'"), 400: fail('A blank or too long message') },
      handler: async ({ res, body }) => {
        const { notification } = await messaging.createNotification({ msg: body.msg }, callerOf(res));
        res.status(201).json({ success: true, message: 'Notification created', data: toNotification(notification!) });
      },
    }),
    defineRoute({
      method: 'get',
      path: '/notification',
      summary: 'Every notification for all users, newest first',
      auth: admin,
      responses: { 200: answer(listOf(NotificationSchema)) },
      handler: async ({ res }) => {
        const { notifications } = await messaging.listNotifications({}, callerOf(res));
        res.json(ok(notifications.map(toNotification)));
      },
    }),
    defineRoute({
      method: 'get',
      path: '/notification/stream',
      summary:
        'Server-sent events: `ready` once connected, then `notification` within about a second of a new notification for the caller (reload the list then). The stream ends once its token would be refused (logout, suspension, a password change, expiry): open a new one with the current token',
      auth: signedIn,
      responses: { 200: { description: 'An event stream that stays open', content: { 'text/event-stream': z.string() } } },
      handler: async ({ res }) => {
        await deps.hub.attach(callerOf(res), res);
      },
    }),
    defineRoute({
      method: 'delete',
      path: '/notification/{id}',
      summary: 'Deletes a notification (for everyone)',
      auth: admin,
      params: idOf('notification'),
      responses: { 200: answer(done(z.object({ _id: z.string() })), "'Notification deleted'"), 404: fail('Notification not found') },
      handler: async ({ res, param }) => {
        await messaging.deleteNotification({ id: param('id') }, callerOf(res));
        res.json({ success: true, message: 'Notification deleted', data: { _id: param('id') } });
      },
    }),
    defineRoute({
      method: 'get',
      path: '/notification/user/{userId}',
      summary: "The caller's unread notifications, newest first",
      auth: signedIn,
      // System notifications are written in the reader's language.
      cachedPerUser: readerLanguage,
      params: userIdParam,
      responses: { 200: answer(listOf(NotificationSchema)), 403: fail("Another user's notifications"), ...noSuchUser },
      query: langQuery,
      handler: async ({ req, res, param }) => {
        const { notifications } = await messaging.listUserNotifications({ userId: param('userId'), all: false, language: readerLanguage(req) }, callerOf(res));
        res.json(ok(notifications.map(toNotification)));
      },
    }),
    defineRoute({
      method: 'get',
      path: '/notification/user/{userId}/all',
      summary: "All the caller's notifications, newest first, each with its read state",
      auth: signedIn,
      params: userIdParam,
      responses: { 200: answer(listOf(NotificationSchema)), 403: fail("Another user's notifications"), ...noSuchUser },
      query: langQuery,
      handler: async ({ req, res, param }) => {
        const { notifications } = await messaging.listUserNotifications({ userId: param('userId'), all: true, language: readerLanguage(req) }, callerOf(res));
        res.json(ok(notifications.map(toNotification)));
      },
    }),
    defineRoute({
      method: 'delete',
      path: '/notification/user/{userId}/{notificationId}',
      summary: 'Marks a notification read for the caller only (others still see it unread)',
      auth: signedIn,
      params: { ...userIdParam, notificationId: { schema: uuid(), description: 'The notification id (UUID)' } },
      responses: {
        200: answer(done(z.object({ _id: z.string() })), "'Marked as read'"),
        403: fail("Another user's notifications"),
        404: fail('Not a user id, or notification not found'),
      },
      handler: async ({ res, param }) => {
        await messaging.markNotificationRead({ userId: param('userId'), notificationId: param('notificationId') }, callerOf(res));
        res.json({ success: true, message: 'Marked as read', data: { _id: param('notificationId') } });
      },
    }),

    // ---- Mass mail ---------------------------------------------------------------------------
    ...massMailRoutes(messaging, identity, tokens),
  ];
}

export { NotificationHub } from './live';
