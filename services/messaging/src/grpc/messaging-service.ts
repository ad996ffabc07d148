import type { messagingV1 } from '@taal/contracts';
import { unaryHandler } from '@taal/kit';
import type { MassMails } from '../app/mass-mail';
import type { Messaging } from '../app/messaging';

/** A page's answer under the response's own field name (decision 0085). */
export const page = <T, R>(p: { items: T[]; next: string }, as: (items: T[], next: string) => R): R => as(p.items, p.next);

/** gRPC adapter of the messaging use cases (src/app): requests in, answers out. */
export function messagingGrpcService(m: Messaging, massMails: MassMails): messagingV1.MessagingServiceServer {
  return {
    sendContact: unaryHandler(async (req: messagingV1.SendContactRequest) => ({ message: await m.sendContact(req) })),
    listContacts: unaryHandler(async (req: messagingV1.ListContactsRequest, ctx) => page(await m.contacts(ctx, req), (messages, next) => ({ messages, next }))),
    markContactReplied: unaryHandler(async (req: messagingV1.MarkContactRepliedRequest, ctx) => ({ message: await m.markContactReplied(ctx, req.id) })),
    sendStudentMessage: unaryHandler(async (req: messagingV1.SendStudentMessageRequest, ctx) => ({ message: await m.sendStudentMessage(ctx, req) })),
    listStudentMessages: unaryHandler(async (req: messagingV1.ListStudentMessagesRequest, ctx) => ({
      ...page(await m.studentMessages(ctx, req.userId, req.answered, req), (messages, next) => ({ messages, next })),
    })),
    listInstructorMessages: unaryHandler(async (req: messagingV1.ListInstructorMessagesRequest, ctx) => ({
      ...page(await m.instructorMessages(ctx, req.instructorId, req.answered, req), (messages, next) => ({ messages, next })),
    })),
    listAllStudentMessages: unaryHandler(async (req: messagingV1.ListAllStudentMessagesRequest, ctx) => page(await m.allStudentMessages(ctx, req), (messages, next) => ({ messages, next }))),
    replyStudentMessage: unaryHandler(async (req: messagingV1.ReplyStudentMessageRequest, ctx) => ({ message: await m.reply(ctx, req) })),
    createNotification: unaryHandler(async (req: messagingV1.CreateNotificationRequest, ctx) => ({ notification: await m.createNotification(ctx, req.msg) })),
    listNotifications: unaryHandler(async (req: messagingV1.ListNotificationsRequest, ctx) => page(await m.notifications(ctx, req), (notifications, next) => ({ notifications, next }))),
    deleteNotification: unaryHandler(async (req: messagingV1.DeleteNotificationRequest, ctx) => {
      await m.deleteNotification(ctx, req.id);
      return {};
    }),
    listUserNotifications: unaryHandler(async (req: messagingV1.ListUserNotificationsRequest, ctx) => ({
      // All: a page; unread only: those among the newest 500 (the bell), one answer.
      ...(req.all
        ? page(await m.userNotificationPage(ctx, req.userId, req.language, req), (notifications, next) => ({ notifications, next }))
        : { notifications: await m.userNotifications(ctx, req.userId, false, req.language), next: '' }),
    })),
    markNotificationRead: unaryHandler(async (req: messagingV1.MarkNotificationReadRequest, ctx) => {
      await m.markRead(ctx, req.userId, req.notificationId);
      return {};
    }),
    listNotificationChanges: unaryHandler(async (req: messagingV1.ListNotificationChangesRequest, ctx) => m.changes(ctx, req.after)),
    createMassMail: unaryHandler(async (req: messagingV1.CreateMassMailRequest, ctx) => ({ mail: await massMails.create(ctx, req) })),
    listMassMails: unaryHandler(async (req: messagingV1.ListMassMailsRequest, ctx) => page(await massMails.list(ctx, req), (mails, next) => ({ mails, next }))),
    unsubscribe: unaryHandler(async (req: messagingV1.UnsubscribeRequest) => ({ email: await massMails.unsubscribe(req.token) })),
  };
}
