/** Notifications: the admin's create, list and delete; the live stream; the caller's unread and all, and marking one read. */
import type { Request } from 'express';
import { z } from 'zod';
import { type messagingV1 } from '@taal/contracts';
import { answer, dateTime, done, fail, listOf, callerOf, ok, defineRoute, type RouteSpec } from '@taal/edge';
import { type MessagingRouteDeps, forCaller, uuid, text, idOf, userIdParam, noSuchUser, guards } from './shape';
import { LIST_BOUNDS, listRoutes } from './pages';

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

const notificationBody = z.object({ msg: text(500, 'NOTIFICATION_REQUIRED') });

const langQuery = { lang: { schema: z.enum(['en', 'bn']), description: 'The reader’s language for system notifications (default: Accept-Language, else en)' } };
function readerLanguage(req: Request): 'en' | 'bn' {
  const lang = req.query.lang;
  if (lang === 'bn' || lang === 'en') return lang;
  const first = (req.headers['accept-language'] ?? '').split(',')[0]?.trim().toLowerCase() ?? '';
  return first.startsWith('bn') ? 'bn' : 'en';
}

export function notificationRoutes(deps: MessagingRouteDeps): RouteSpec[] {
  const { messaging, tokens } = deps;
  const { admin, signedIn } = guards(tokens);

  return [
    defineRoute({
      method: 'post',
      path: '/notification/create',
      summary: 'Creates a notification for every user',
      auth: admin,
      body: { schema: notificationBody },
      responses: { 201: answer(done(NotificationSchema), "'Notification created'"), 400: fail('A blank or too long message') },
      handler: async ({ res, body }) => {
        const notification = await messaging.createNotification(forCaller(callerOf(res)), body.msg);
        res.status(201).json({ success: true, message: 'Notification created', data: toNotification(notification) });
      },
    }),
    ...listRoutes({
      path: '/notification',
      pagePath: '/notification/page',
      summary: 'Every notification for all users, newest first',
      auth: admin,
      bound: LIST_BOUNDS.notifications,
      item: NotificationSchema,
      toApi: toNotification,
      read: async (_req, res, _param, page) => {
        return messaging.notifications(forCaller(callerOf(res)), page);
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
        await messaging.deleteNotification(forCaller(callerOf(res)), param('id'));
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
        // Unread only: those among the newest 500 (the bell), one answer.
        const notifications = await messaging.userNotifications(forCaller(callerOf(res)), param('userId'), false, readerLanguage(req));
        res.json(ok(notifications.map(toNotification)));
      },
    }),
    ...listRoutes({
      path: '/notification/user/{userId}/all',
      pagePath: '/notification/user/{userId}/page',
      summary: "All the caller's notifications, newest first, each with its read state",
      auth: signedIn,
      params: userIdParam,
      query: langQuery,
      cachedPerUser: readerLanguage,
      responses: { 403: fail("Another user's notifications"), ...noSuchUser },
      bound: LIST_BOUNDS.notifications,
      item: NotificationSchema,
      toApi: toNotification,
      read: async (req, res, param, page) => {
        return messaging.userNotificationPage(forCaller(callerOf(res)), param('userId'), readerLanguage(req), page);
      },
      linkQuery: (req): Record<string, string> => (typeof req.query.lang === 'string' ? { lang: readerLanguage(req) } : {}),
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
        await messaging.markRead(forCaller(callerOf(res)), param('userId'), param('notificationId'));
        res.json({ success: true, message: 'Marked as read', data: { _id: param('notificationId') } });
      },
    }),

  ];
}
