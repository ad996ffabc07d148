/**
 * Messaging's use cases. Who may do what is decided here from the verified caller (decision
 * 0008): a student reads only their own messages, an instructor reads and answers only the
 * messages sent to their own profile (the `ins` claim of the access token), admins see all.
 */
import type { messagingV1 } from '@taal/contracts';
import {
  UserRoles,
  refuse,
  refuseFields,
  requireIdentity,
  type CallerIdentity,
  type UserDataVersions,
} from '@taal/kit';
import { answeredNotification, checkContact, clean, checkNotification, checkReply, checkStudentMessage, type Check } from '../domain/rules';
import type { ConductDocuments } from '../store/conduct';
import type { MessagingDocuments } from '../store/documents';
import type { PageAsk } from '../store/pages';
import { instructorParty, studentParty } from './conduct';

type Ctx = { identity: CallerIdentity | null };
const { admin: ADMIN, instructor: INSTRUCTOR, student: STUDENT } = UserRoles;

function refuseIfNot(check: Check): void {
  if (!check.ok) throw refuseFields(check.fields, check.headline);
}

export class Messaging {
  constructor(
    private readonly store: MessagingDocuments,
    /** Called after a new notification was written (wakes listeners; the live push polls anyway). */
    private readonly onNotification: () => void = () => {},
    /** Told whose notifications changed once committed (the edge's copies of them, decision 0033). */
    private readonly userData?: Pick<UserDataVersions, 'changed' | 'changedForEveryone'>,
    /** Who blocked whom (decision 0076): a blocked sender's messages and replies are refused. */
    private readonly blocks?: Pick<ConductDocuments, 'isBlocked'>,
  ) {}

  // Contact messages (visitors).
  async sendContact(req: messagingV1.SendContactRequest) {
    refuseIfNot(checkContact(req));
    return this.store.contacts.addContact({ name: clean(req.name), email: clean(req.email), message: clean(req.message) });
  }

  async contacts(ctx: Ctx, ask: PageAsk) {
    requireIdentity(ctx, ADMIN);
    return this.store.contacts.listContacts(ask);
  }

  async markContactReplied(ctx: Ctx, id: string) {
    requireIdentity(ctx, ADMIN);
    const message = await this.store.contacts.markContactReplied(id);
    if (!message) throw refuse('MESSAGE_NOT_FOUND');
    return message;
  }

  // Student ↔ instructor.
  async sendStudentMessage(ctx: Ctx, req: messagingV1.SendStudentMessageRequest) {
    const me = requireIdentity(ctx, STUDENT);
    refuseIfNot(checkStudentMessage(req));
    if (!req.to.trim()) throw refuse('INSTRUCTOR_NOT_FOUND');
    if (await this.blocks?.isBlocked(instructorParty(req.to.trim()), studentParty(me.userId))) throw refuse('SENDER_BLOCKED');
    return this.store.studentMessages.addStudentMessage({
      from: me.userId,
      name: clean(req.name).slice(0, 100),
      email: clean(req.email).slice(0, 254),
      to: clean(req.to),
      toName: clean(req.toName).slice(0, 200),
      courseId: clean(req.courseId),
      message: clean(req.message),
    });
  }

  async studentMessages(ctx: Ctx, userId: string, answered: boolean, ask: PageAsk) {
    const me = requireIdentity(ctx);
    if (me.userType !== ADMIN && me.userId !== userId) throw refuse('NOT_YOUR_MESSAGES');
    return this.store.studentMessages.studentMessagesOf(userId, answered, ask);
  }

  async instructorMessages(ctx: Ctx, instructorId: string, answered: boolean, ask: PageAsk) {
    const me = requireIdentity(ctx, ADMIN, INSTRUCTOR);
    if (me.userType === INSTRUCTOR && me.instructorId !== instructorId) throw refuse('NOT_YOUR_MESSAGES');
    return this.store.studentMessages.instructorMessages(instructorId, answered, ask);
  }

  async allStudentMessages(ctx: Ctx, ask: PageAsk) {
    requireIdentity(ctx, ADMIN);
    return this.store.studentMessages.allStudentMessages(ask);
  }

  /**
   * The addressed instructor (or an admin) answers: status true, the reply kept, then the student
   * notified, two writes that stand alone: the notification's key is the message, so a crash between
   * them is mended by answering again, which notifies once.
   */
  async reply(ctx: Ctx, req: messagingV1.ReplyStudentMessageRequest) {
    const me = requireIdentity(ctx, ADMIN, INSTRUCTOR);
    const message = await this.store.studentMessages.studentMessage(req.id);
    if (!message) throw refuse('MESSAGE_NOT_FOUND');
    if (me.userType === INSTRUCTOR && (!me.instructorId || me.instructorId !== message.to)) throw refuse('NOT_YOUR_STUDENT_MESSAGE');
    refuseIfNot(checkReply(req.reply));
    if (me.userType === INSTRUCTOR && (await this.blocks?.isBlocked(studentParty(message.from), instructorParty(message.to)))) throw refuse('SENDER_BLOCKED');
    const answered = await this.store.studentMessages.reply(req.id, clean(req.reply), me.userId);
    await this.store.addNotification({ userId: message.from, ...answeredNotification(req.id, message.toName) });
    void this.userData?.changed(message.from);
    this.onNotification();
    return answered!;
  }

  // Notifications.
  async createNotification(ctx: Ctx, msg: string) {
    requireIdentity(ctx, ADMIN);
    refuseIfNot(checkNotification(msg));
    const created = await this.store.addNotification({ userId: null, msg: clean(msg) });
    void this.userData?.changedForEveryone();
    this.onNotification();
    return created!;
  }

  async notifications(ctx: Ctx, ask: PageAsk) {
    requireIdentity(ctx, ADMIN);
    return this.store.broadcasts(ask);
  }

  async deleteNotification(ctx: Ctx, id: string) {
    requireIdentity(ctx, ADMIN);
    if (!(await this.store.deleteBroadcast(id))) throw refuse('NOTIFICATION_NOT_FOUND');
    void this.userData?.changedForEveryone();
  }

  /** The caller's notifications among their newest 500, system ones written in `language` (en or bn): the unread ones (the bell), or all. */
  async userNotifications(ctx: Ctx, userId: string, all: boolean, language = 'en') {
    const me = requireIdentity(ctx);
    if (me.userId !== userId) throw refuse('NOT_YOUR_NOTIFICATIONS');
    return this.store.userNotifications(userId, all, language);
  }

  /** A page of all the caller's notifications, newest first (decision 0085). */
  async userNotificationPage(ctx: Ctx, userId: string, language: string, ask: PageAsk) {
    const me = requireIdentity(ctx);
    if (me.userId !== userId) throw refuse('NOT_YOUR_NOTIFICATIONS');
    return this.store.userNotificationPage(userId, ask, language);
  }

  async markRead(ctx: Ctx, userId: string, notificationId: string) {
    const me = requireIdentity(ctx);
    if (me.userId !== userId) throw refuse('NOT_YOUR_NOTIFICATIONS');
    if (!(await this.store.markRead(userId, notificationId))) throw refuse('NOTIFICATION_NOT_FOUND');
  }

  /** For services (the gateway's live push): no user may call it. */
  async changes(ctx: Ctx & { callerService: string }, after: number) {
    if (ctx.identity) throw refuse('PERMISSION_DENIED');
    return this.store.changesAfter(after);
  }
}
