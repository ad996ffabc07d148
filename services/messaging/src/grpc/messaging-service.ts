import type { messagingV1 } from '@taal/contracts';
import { unaryHandler } from '@taal/kit';
import type { MassMails } from '../app/mass-mail';
import type { Messaging } from '../app/messaging';

/** gRPC adapter of the messaging use cases (src/app): requests in, answers out. */
export function messagingGrpcService(m: Messaging, massMails: MassMails): messagingV1.MessagingServiceServer {
  return {
    sendContact: unaryHandler(async (req: messagingV1.SendContactRequest) => ({ message: await m.sendContact(req) })),
    listContacts: unaryHandler(async (_req: messagingV1.ListContactsRequest, ctx) => ({ messages: await m.contacts(ctx) })),
    markContactReplied: unaryHandler(async (req: messagingV1.MarkContactRepliedRequest, ctx) => ({ message: await m.markContactReplied(ctx, req.id) })),
    sendStudentMessage: unaryHandler(async (req: messagingV1.SendStudentMessageRequest, ctx) => ({ message: await m.sendStudentMessage(ctx, req) })),
    listStudentMessages: unaryHandler(async (req: messagingV1.ListStudentMessagesRequest, ctx) => ({
      messages: await m.studentMessages(ctx, req.userId, req.answered),
    })),
    listInstructorMessages: unaryHandler(async (req: messagingV1.ListInstructorMessagesRequest, ctx) => ({
      messages: await m.instructorMessages(ctx, req.instructorId),
    })),
    listAllStudentMessages: unaryHandler(async (_req: messagingV1.ListAllStudentMessagesRequest, ctx) => ({ messages: await m.allStudentMessages(ctx) })),
    replyStudentMessage: unaryHandler(async (req: messagingV1.ReplyStudentMessageRequest, ctx) => ({ message: await m.reply(ctx, req) })),
    createNotification: unaryHandler(async (req: messagingV1.CreateNotificationRequest, ctx) => ({ notification: await m.createNotification(ctx, req.msg) })),
    listNotifications: unaryHandler(async (_req: messagingV1.ListNotificationsRequest, ctx) => ({ notifications: await m.notifications(ctx) })),
    deleteNotification: unaryHandler(async (req: messagingV1.DeleteNotificationRequest, ctx) => {
      await m.deleteNotification(ctx, req.id);
      return {};
    }),
    listUserNotifications: unaryHandler(async (req: messagingV1.ListUserNotificationsRequest, ctx) => ({
      notifications: await m.userNotifications(ctx, req.userId, req.all, req.language),
    })),
    markNotificationRead: unaryHandler(async (req: messagingV1.MarkNotificationReadRequest, ctx) => {
      await m.markRead(ctx, req.userId, req.notificationId);
      return {};
    }),
    listNotificationChanges: unaryHandler(async (req: messagingV1.ListNotificationChangesRequest, ctx) => m.changes(ctx, req.after)),
    createMassMail: unaryHandler(async (req: messagingV1.CreateMassMailRequest, ctx) => ({ mail: await massMails.create(ctx, req) })),
    listMassMails: unaryHandler(async (_req: messagingV1.ListMassMailsRequest, ctx) => ({ mails: await massMails.list(ctx) })),
    unsubscribe: unaryHandler(async (req: messagingV1.UnsubscribeRequest) => ({ email: await massMails.unsubscribe(req.token) })),
  };
}
