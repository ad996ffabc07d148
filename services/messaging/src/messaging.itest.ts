/**
 * Messaging on both infrastructures (embedded, and the real Postgres and Kafka that tools/infra
 * starts): contact messages, student ↔ instructor messages with who may read and answer what,
 * notifications read per user, and one notification for a paid order delivered five times.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CommerceEvents, commerceEventsV1, MessagingEvents, messagingEventsV1, messagingV1, StoreEvents, storeEventsV1 } from '@taal/contracts';
import { callUnary, createClient, createEnvelope, createLogger, createOutboxMailer, createTestAuth, type CallerIdentity } from '@taal/kit';
import { mailsTo } from '../../identity/src/testing/eml';
import { backends, type Backend } from '../../../tools/testing/backends';
import { waitFor } from '../../../tools/testing/wait';
import { startMessaging, type RunningMessaging } from './service';

const RUN = Date.now().toString(36);
const student = (n: string): CallerIdentity => ({ userId: `student-${n}-${RUN}`, userType: 4 });
const instructor = (profile: string): CallerIdentity => ({ userId: `instructor-user-${profile}`, userType: 3, instructorId: profile });
const ADMIN: CallerIdentity = { userId: 'admin-1', userType: 1 };
const logger = createLogger('messaging-test');
const auth = createTestAuth(['gateway', 'messaging']);

type Requests = Record<string, { fromPartial(o: object): object }>;
const requestOf = (method: string) => (messagingV1 as unknown as Requests)[`${method[0]!.toUpperCase()}${method.slice(1)}Request`]!;

describe.each(backends)('messaging on %s infrastructure', (_name, makeBackend) => {
  let backend: Backend;
  let messaging: RunningMessaging;
  let client: messagingV1.MessagingServiceClient;
  const mailDir = mkdtempSync(path.join(os.tmpdir(), 'taal-messaging-mail-'));
  const mailer = createOutboxMailer({ dir: mailDir, from: 'Taal <no-reply@taal.local>' });
  const start = (extra: { massMailIntervalMs?: number; massMailBatchSize?: number } = {}) =>
    startMessaging({ sql: backend.sql, bus: backend.bus, logger, host: '127.0.0.1', port: 0, auth: auth.serviceAuth('messaging'), mailer, publicUrl: () => 'https://taal.example', ...extra });
  const connect = (port: number) =>
    createClient(messagingV1.MessagingServiceClient, `127.0.0.1:${port}`, { auth: { issuer: auth.serviceAuth('gateway').issuer, audience: 'messaging' } });

  const call = async <Res = Record<string, never>>(method: string, request: object, identity?: CallerIdentity) =>
    callUnary<object, Res>(client, method, requestOf(method).fromPartial(request), {
      deadlineMs: 30000,
      userToken: identity ? await auth.userToken(identity) : undefined,
    });
  const unread = async (who: CallerIdentity) =>
    (await call<messagingV1.ListUserNotificationsResponse>('listUserNotifications', { userId: who.userId }, who)).notifications;

  beforeAll(async () => {
    backend = await makeBackend();
    // The mass-mail job is driven by hand until the restart test.
    messaging = await start({ massMailIntervalMs: 3_600_000, massMailBatchSize: 4 });
    client = connect(messaging.port);
  }, 120_000);

  afterAll(async () => {
    client?.close();
    await messaging?.stop();
    await backend?.close();
    rmSync(mailDir, { recursive: true, force: true });
  });

  it("takes a visitor's contact message ('Please fill all the fields' otherwise); the admin lists it and marks it replied", async () => {
    await expect(call('sendContact', { name: 'Rina', email: '', message: 'Hello' })).rejects.toMatchObject({ code: 3, details: 'Please fill all the fields' });
    await expect(call('sendContact', { name: 'Rina', email: 'rina@', message: 'Hello' })).rejects.toMatchObject({ code: 3, details: 'Missing Field or Invalid Email' });
    const { message } = await call<messagingV1.SendContactResponse>('sendContact', { name: 'রিনা', email: 'rina@example.com', message: 'When do drum classes start?' });
    expect(message).toMatchObject({ name: 'রিনা', status: false });

    await expect(call('listContacts', {})).rejects.toMatchObject({ code: 16 });
    await expect(call('listContacts', {}, student('nosy'))).rejects.toMatchObject({ code: 7 });
    const { messages } = await call<messagingV1.ListContactsResponse>('listContacts', {}, ADMIN);
    expect(messages.find((m) => m.id === message!.id)).toMatchObject({ status: false });
    const replied = await call<messagingV1.MarkContactRepliedResponse>('markContactReplied', { id: message!.id }, ADMIN);
    expect(replied.message).toMatchObject({ id: message!.id, status: true });
    await expect(call('markContactReplied', { id: randomUUID() }, ADMIN)).rejects.toMatchObject({ code: 5 });
  });

  it('a student messages an instructor; only that instructor (or an admin) reads and answers it; the student sees it move to answered', async () => {
    const me = student('asker');
    const other = student('other');
    const mine = instructor(`profile-a-${RUN}`);
    const theirs = instructor(`profile-b-${RUN}`);
    const send = (who: CallerIdentity) =>
      call<messagingV1.SendStudentMessageResponse>('sendStudentMessage', { name: 'Asker', email: 'asker@example.com', to: mine.instructorId, toName: 'Arif', message: 'How do I hold the pick?', courseId: 'c1' }, who);
    await expect(send(mine)).rejects.toMatchObject({ code: 7 }); // students only
    await expect(call('sendStudentMessage', { to: mine.instructorId, message: ' ' }, me)).rejects.toMatchObject({ code: 3, details: 'Please write a message' });
    const { message } = await send(me);
    expect(message).toMatchObject({ from: me.userId, to: mine.instructorId, toName: 'Arif', status: false, reply: '' });

    const pending = (who: CallerIdentity, userId = me.userId) => call<messagingV1.ListStudentMessagesResponse>('listStudentMessages', { userId, answered: false }, who);
    expect((await pending(me)).messages.map((m) => m.id)).toEqual([message!.id]);
    await expect(pending(other)).rejects.toMatchObject({ code: 7 }); // another student's
    expect((await pending(ADMIN)).messages).toHaveLength(1);

    await expect(call('listInstructorMessages', { instructorId: mine.instructorId }, theirs)).rejects.toMatchObject({ code: 7 });
    await expect(call('listInstructorMessages', { instructorId: mine.instructorId }, me)).rejects.toMatchObject({ code: 7 });
    const inbox = await call<messagingV1.ListInstructorMessagesResponse>('listInstructorMessages', { instructorId: mine.instructorId }, mine);
    expect(inbox.messages.map((m) => m.id)).toEqual([message!.id]);

    await expect(call('replyStudentMessage', { id: message!.id, reply: 'Loosely' }, theirs)).rejects.toMatchObject({ code: 7 });
    await expect(call('replyStudentMessage', { id: message!.id, reply: 'Loosely' }, me)).rejects.toMatchObject({ code: 7 });
    await expect(call('replyStudentMessage', { id: message!.id, reply: '' }, mine)).rejects.toMatchObject({ code: 3, details: 'Please write a reply' });
    const { message: answered } = await call<messagingV1.ReplyStudentMessageResponse>('replyStudentMessage', { id: message!.id, reply: 'Hold it loosely.' }, mine);
    expect(answered).toMatchObject({ status: true, reply: 'Hold it loosely.' });

    expect((await pending(me)).messages).toEqual([]);
    const previous = await call<messagingV1.ListStudentMessagesResponse>('listStudentMessages', { userId: me.userId, answered: true }, me);
    expect(previous.messages).toEqual([expect.objectContaining({ id: message!.id, reply: 'Hold it loosely.' })]);
    const all = await call<messagingV1.ListAllStudentMessagesResponse>('listAllStudentMessages', {}, ADMIN);
    expect(all.messages.map((m) => m.id)).toContain(message!.id);
    await expect(call('listAllStudentMessages', {}, mine)).rejects.toMatchObject({ code: 7 });
    // The answer notifies the student.
    expect((await unread(me)).map((n) => n.msg)).toContain('Arif replied to your message.');
  });

  it('notifications: the admin creates and deletes; each user marks read for themself only', async () => {
    const a = student('reader-a');
    const b = student('reader-b');
    await expect(call('createNotification', { msg: 'New drum course' }, a)).rejects.toMatchObject({ code: 7 });
    await expect(call('createNotification', { msg: '  ' }, ADMIN)).rejects.toMatchObject({ code: 3, details: 'Please write the notification' });
    const { notification } = await call<messagingV1.CreateNotificationResponse>('createNotification', { msg: `New drum course ${RUN}` }, ADMIN);
    const { notifications } = await call<messagingV1.ListNotificationsResponse>('listNotifications', {}, ADMIN);
    expect(notifications[0]).toMatchObject({ id: notification!.id, msg: `New drum course ${RUN}` });

    expect((await unread(a)).map((n) => n.id)).toContain(notification!.id);
    await expect(call('listUserNotifications', { userId: a.userId }, b)).rejects.toMatchObject({ code: 7 });
    await expect(call('markNotificationRead', { userId: a.userId, notificationId: notification!.id }, b)).rejects.toMatchObject({ code: 7 });
    await call('markNotificationRead', { userId: a.userId, notificationId: notification!.id }, a);
    await call('markNotificationRead', { userId: a.userId, notificationId: notification!.id }, a); // again: no harm
    expect((await unread(a)).map((n) => n.id)).not.toContain(notification!.id);
    expect((await unread(b)).map((n) => n.id)).toContain(notification!.id); // b still sees it unread
    const everything = await call<messagingV1.ListUserNotificationsResponse>('listUserNotifications', { userId: a.userId, all: true }, a);
    expect(everything.notifications.find((n) => n.id === notification!.id)).toMatchObject({ read: true });

    await expect(call('deleteNotification', { id: notification!.id }, a)).rejects.toMatchObject({ code: 7 });
    await call('deleteNotification', { id: notification!.id }, ADMIN);
    await expect(call('deleteNotification', { id: notification!.id }, ADMIN)).rejects.toMatchObject({ code: 5 });
    expect((await unread(b)).map((n) => n.id)).not.toContain(notification!.id);
  });

  it('one notification for commerce.order.paid delivered 5 times, and for a requested one sent twice; the live feed sees them', async () => {
    const buyer = student('buyer');
    const { latest } = await call<messagingV1.ListNotificationChangesResponse>('listNotificationChanges', {});
    await expect(call('listNotificationChanges', {}, buyer)).rejects.toMatchObject({ code: 7 }); // services only
    const paid = createEnvelope({
      type: CommerceEvents.orderPaid,
      key: buyer.userId,
      payload: commerceEventsV1.OrderPaid.encode(
        commerceEventsV1.OrderPaid.fromPartial({ orderId: `order-${RUN}`, userId: buyer.userId, courses: [{ courseId: 'c', tier: 'silver', validityDays: 30 }] }),
      ).finish(),
    });
    // The same cause published again as another event (an outbox re-publish after the inbox forgot it) still gives one.
    const again = { ...paid, id: randomUUID() };
    await backend.bus.publish([paid, paid, paid, paid, again]);
    const requested = () =>
      createEnvelope({
        type: MessagingEvents.notificationRequested,
        key: buyer.userId,
        payload: messagingEventsV1.NotificationRequested.encode({ userId: buyer.userId, msg: 'Your certificate is ready', key: `certificate:${RUN}` }).finish(),
      });
    await backend.bus.publish([requested(), requested()]);
    const redeemed = createEnvelope({
      type: StoreEvents.giftCardRedeemed,
      key: buyer.userId,
      payload: storeEventsV1.GiftCardRedeemed.encode(storeEventsV1.GiftCardRedeemed.fromPartial({ giftCardId: `card-${RUN}`, userId: buyer.userId, value: 50000 })).finish(),
    });
    await backend.bus.publish([redeemed, redeemed]);
    await waitFor(async () => (await unread(buyer)).length >= 3, 'the notifications');
    await new Promise((r) => setTimeout(r, 1000));
    const mine = await unread(buyer);
    expect(mine.filter((n) => n.msg.startsWith('Payment received'))).toHaveLength(1);
    expect(mine.filter((n) => n.msg === 'Your certificate is ready')).toHaveLength(1);
    expect(mine.filter((n) => n.msg === 'BDT 500.00 from a gift card was added to your wallet.')).toHaveLength(1);
    expect(mine.every((n) => n.userId === buyer.userId)).toBe(true);
    expect(await unread(student('bystander'))).not.toEqual(expect.arrayContaining([expect.objectContaining({ userId: buyer.userId })]));

    const { changes } = await call<messagingV1.ListNotificationChangesResponse>('listNotificationChanges', { after: latest });
    expect(changes.filter((c) => c.userId === buyer.userId)).toHaveLength(3);
  });

  it('mass mail: sanitised, batched, resumed after a crash with no address mailed twice, unsubscribe honoured; custom needs an address', async () => {
    const people = Array.from({ length: 10 }, (_, i) => ({ email: `reader${i}-${RUN}@example.com`, name: `Reader ${i}`, language: i % 2 ? 'bn' : 'en' }));
    const create = (recipients: object[], who: CallerIdentity = ADMIN, html = '<p>New <b>drum</b> course<script>alert(1)</script></p>') =>
      call<messagingV1.CreateMassMailResponse>('createMassMail', { audience: 'verified-user', subject: `News ${RUN}`, html, recipients }, who);
    await expect(create(people, student('x'))).rejects.toMatchObject({ code: 7 });
    await expect(create([])).rejects.toMatchObject({ code: 3, details: 'No one is in this audience' });
    await expect(create(people, ADMIN, '<script>x</script>')).rejects.toMatchObject({ code: 3, details: 'Please enter a message' });
    // A duplicate address is one recipient.
    const { mail } = await create([...people, { ...people[0]!, email: people[0]!.email.toUpperCase() }]);
    expect(mail).toMatchObject({ total: 10, sent: 0, status: 'sending', html: '<p>New <b>drum</b> course</p>' });

    // One batch of 4, then the process "dies" right after claiming the next recipient.
    expect(await messaging.massMails.sendBatch()).toBe(4);
    await backend.sql.query(
      `UPDATE messaging.mass_mail_recipient SET state = 'claimed' WHERE (mail_id, email) = (SELECT mail_id, email FROM messaging.mass_mail_recipient WHERE mail_id = $1 AND state = 'pending' ORDER BY email LIMIT 1)`,
      [mail!.id],
    );
    client.close();
    await messaging.stop();

    // Restarted: the rest goes out on its own.
    messaging = await start({ massMailIntervalMs: 100, massMailBatchSize: 4 });
    client = connect(messaging.port);
    const progress = async () => (await call<messagingV1.ListMassMailsResponse>('listMassMails', {}, ADMIN)).mails.find((m) => m.id === mail!.id)!;
    await waitFor(async () => (await progress()).status === 'done', 'the mass mail to finish');
    expect(await progress()).toMatchObject({ total: 10, sent: 9, uncertain: 1, skipped: 0, status: 'done' });
    const counts = people.map((p) => mailsTo(mailDir, p.email).length);
    expect(counts.filter((n) => n === 1)).toHaveLength(9);
    expect(Math.max(...counts)).toBe(1); // no one twice

    // Each mail: the sanitised HTML, a text part, and an unsubscribe link that works.
    const first = mailsTo(mailDir, people[0]!.email)[0]!;
    expect(first.body).toContain('<b>drum</b>');
    expect(first.body).not.toContain('<script>');
    const token = /mass-mail\/unsubscribe\/([A-Za-z0-9_-]+)/.exec(first.body)![1]!;
    expect(first.body).toContain('https://taal.example/api/v1/mass-mail/unsubscribe/');
    await expect(call('unsubscribe', { token: 'nope' })).rejects.toMatchObject({ code: 5 });
    expect(await call<messagingV1.UnsubscribeResponse>('unsubscribe', { token })).toEqual({ email: people[0]!.email });

    // The next mass mail skips the address that unsubscribed.
    const { mail: second } = await create(people.slice(0, 3));
    await waitFor(async () => (await call<messagingV1.ListMassMailsResponse>('listMassMails', {}, ADMIN)).mails.find((m) => m.id === second!.id)!.status === 'done', 'the second mass mail');
    expect((await call<messagingV1.ListMassMailsResponse>('listMassMails', {}, ADMIN)).mails.find((m) => m.id === second!.id)).toMatchObject({ sent: 2, skipped: 1 });
    expect(mailsTo(mailDir, people[0]!.email)).toHaveLength(1);
  });
});
