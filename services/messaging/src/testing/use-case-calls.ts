/**
 * Messaging's use cases called by name, as its tests have always called them (issue 52): before, through
 * gRPC methods that only its own routes used; now directly, as those routes do. Each call answers in the
 * shape the method had and rejects as the use case refuses (a ServiceError reads like a gRPC error).
 */
import { messagingV1 } from '@taal/contracts';
import { callsByName, type NamedCall } from '../../../../tools/testing/use-case-calls';
import type { CallerIdentity } from '@taal/kit';
import type { MessagingUseCases } from '../api/shape';

const page = <T, R>(p: { items: T[]; next: string }, as: (items: T[], next: string) => R): R => as(p.items, p.next);

function callsOf({ messaging: m, massMails }: MessagingUseCases): Record<string, NamedCall> {
  return {
    sendContact: async (_ctx, req) => ({ message: await m.sendContact(req) }),
    listContacts: async (ctx, req) => page(await m.contacts(ctx, req), (messages, next) => ({ messages, next })),
    markContactReplied: async (ctx, req) => ({ message: await m.markContactReplied(ctx, req.id) }),
    sendStudentMessage: async (ctx, req) => ({ message: await m.sendStudentMessage(ctx, req) }),
    listStudentMessages: async (ctx, req) => page(await m.studentMessages(ctx, req.userId, req.answered, req), (messages, next) => ({ messages, next })),
    listInstructorMessages: async (ctx, req) => page(await m.instructorMessages(ctx, req.instructorId, req.answered, req), (messages, next) => ({ messages, next })),
    listAllStudentMessages: async (ctx, req) => page(await m.allStudentMessages(ctx, req), (messages, next) => ({ messages, next })),
    replyStudentMessage: async (ctx, req) => ({ message: await m.reply(ctx, req) }),
    createNotification: async (ctx, req) => ({ notification: await m.createNotification(ctx, req.msg) }),
    listNotifications: async (ctx, req) => page(await m.notifications(ctx, req), (notifications, next) => ({ notifications, next })),
    deleteNotification: async (ctx, req) => (await m.deleteNotification(ctx, req.id), {}),
    // All: a page; unread only: those among the newest 500 (the bell), one answer.
    listUserNotifications: async (ctx, req) =>
      req.all
        ? page(await m.userNotificationPage(ctx, req.userId, req.language, req), (notifications, next) => ({ notifications, next }))
        : { notifications: await m.userNotifications(ctx, req.userId, false, req.language), next: '' },
    markNotificationRead: async (ctx, req) => (await m.markRead(ctx, req.userId, req.notificationId), {}),
    listNotificationChanges: (ctx, req) => m.changes(ctx, req.after),
    createMassMail: async (ctx, req) => ({ mail: await massMails.create(ctx, req) }),
    listMassMails: async (ctx, req) => page(await massMails.list(ctx, req), (mails, next) => ({ mails, next })),
    unsubscribe: async (_ctx, req) => ({ email: await massMails.unsubscribe(req.token) }),
  };
}

/**
 * `call(method, request, identity?, accessToken?)` on the use cases `current()` gives (a test may restart
 * messaging): as the gateway for that user (none: no user), with their token when given.
 */
export function useCaseCalls(current: () => MessagingUseCases) {
  const call = callsByName('messaging', () => callsOf(current()), messagingV1);
  return <Res = Record<string, never>>(method: string, request: object, identity?: CallerIdentity, accessToken?: string) =>
    call<Res>(method, request, identity, 'gateway', accessToken);
}
