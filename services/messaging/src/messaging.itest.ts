/**
 * Messaging on both infrastructures (embedded, and the real Postgres and Kafka that tools/infra
 * starts): contact messages, student ↔ instructor messages with who may read and answer what,
 * notifications read per user, one notification for a paid order delivered five times, and
 * transactional mails (decision 0023): one receipt per paid order to the buyer identity knows,
 * in their language, however often the event arrives; a requested mail sent once per key; a
 * mail the server refused sent later; the mails anyone can cause capped per mailbox.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CommerceEvents, commerceEventsV1, MessagingEvents, messagingEventsV1, messagingV1, StoreEvents, storeEventsV1 } from '@taal/contracts';
import { startCatalogue, type RunningCatalogue } from '@taal/catalogue';
import { identityV1, refusalText, requestMail } from '@taal/contracts';
import { createDiskFileStore, createEnvelope, createLogger, createOutboxMailer, createTestAuth, REASON_METADATA_KEY, type CallerIdentity, type Mailer } from '@taal/kit';
import { mailsTo } from '../../../tools/testing/eml';
import { startIdentity, type RunningIdentity } from '../../identity/src/service';
import { demoCourses } from '../../catalogue/src/domain/demo-data';
import { backends, type Backend } from '../../../tools/testing/backends';
import { pngImage } from '../../../tools/testing/images';
import { waitFor } from '../../../tools/testing/wait';
import { grpcLookups } from './grpc/lookups';
import { startMessaging, type RunningMessaging } from './service';
import { useCaseCalls } from './testing/use-case-calls';

const RUN = Date.now().toString(36);
const student = (n: string): CallerIdentity => ({ userId: `student-${n}-${RUN}`, userType: 4 });
const instructor = (profile: string): CallerIdentity => ({ userId: `instructor-user-${profile}`, userType: 3, instructorId: profile });
const ADMIN: CallerIdentity = { userId: 'admin-1', userType: 1 };
const logger = createLogger('messaging-test');
const auth = createTestAuth(['gateway', 'messaging', 'identity', 'catalogue']);

/** A subject as written (RFC 2047 encoded words decoded). */
const decodeSubject = (subject: string) => subject.replace(/=\?UTF-8\?([BQ])\?([^?]*)\?=\s*/gi, (_m, enc: string, data: string) =>
  enc.toUpperCase() === 'B' ? Buffer.from(data, 'base64').toString('utf8') : Buffer.from(data.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (_x, h: string) => String.fromCharCode(parseInt(h, 16))), 'latin1').toString('utf8'));
/** A mail's body with its base64 parts (non-ASCII text) decoded. */
const bodyText = (body: string) =>
  [...body.matchAll(/Content-Transfer-Encoding: base64\r?\n(?:.+\r?\n)*?\r?\n([A-Za-z0-9+/=\r\n]+)/g)].map((m) => Buffer.from(m[1]!, 'base64').toString('utf8')).join('\n') + body;

describe.each(backends)('messaging on %s infrastructure', (_name, makeBackend) => {
  let backend: Backend;
  let messaging: RunningMessaging;
  // The real identity and catalogue: messaging reads a receipt's buyer and courses from them.
  let identity: RunningIdentity;
  let catalogue: RunningCatalogue;
  const mailDir = mkdtempSync(path.join(os.tmpdir(), 'taal-messaging-mail-'));
  const filesDir = mkdtempSync(path.join(os.tmpdir(), 'taal-messaging-files-'));
  const outbox = createOutboxMailer({ dir: mailDir, from: 'Taal <no-reply@taal.local>' });
  // The mail server refuses the next `refuse` mails (as an SMTP server that is down would).
  let refuse = 0;
  const mailer: Mailer = {
    async send(m) {
      if (refuse > 0) {
        refuse--;
        throw new Error('421 service not available');
      }
      return outbox.send(m);
    },
    close: () => outbox.close(),
  };
  const start = async (extra: { massMailIntervalMs?: number; massMailBatchSize?: number } = {}) =>
    startMessaging({
      documents: await backend.documents(), bus: backend.bus, logger, host: '127.0.0.1', port: 0, auth: auth.serviceAuth('messaging'), mailer, publicUrl: () => 'https://taal.example',
      directory: grpcLookups(auth.serviceAuth('messaging').issuer, { identity: `127.0.0.1:${identity.port}`, catalogue: `127.0.0.1:${catalogue.port}` }).directory,
      mailIntervalMs: 100,
      ...extra,
    });
  // Its use cases as its routes call them (issue 52), on the messaging running now (a test restarts it).
  const useCase = useCaseCalls(() => messaging.useCases);
  const call = async <Res = Record<string, never>>(method: string, request: object, identity?: CallerIdentity) =>
    useCase<Res>(method, request, identity, identity ? await auth.userToken(identity) : undefined);
  const unread = async (who: CallerIdentity) =>
    (await call<messagingV1.ListUserNotificationsResponse>('listUserNotifications', { userId: who.userId }, who)).notifications;

  beforeAll(async () => {
    backend = await makeBackend();
    catalogue = await startCatalogue({ sql: backend.sql, bus: backend.bus, logger, host: '127.0.0.1', port: 0, seedDemoData: true, auth: auth.serviceAuth('catalogue') });
    identity = await startIdentity({
      sql: backend.sql, bus: backend.bus, files: createDiskFileStore(filesDir), logger, host: '127.0.0.1', port: 0,
      tokenSecret: 'messaging-itest-secret-0123456789abcdef', accessTokenKey: auth.userSigningKey, jwksHost: '127.0.0.1', jwksPort: 0,
      auth: auth.serviceAuth('identity'), publicUrl: 'https://taal.example', seedDemoData: false,
    });
    // The mass-mail job is driven by hand until the restart test.
    messaging = await start({ massMailIntervalMs: 3_600_000, massMailBatchSize: 4 });
  }, 120_000);

  afterAll(async () => {
    await messaging?.stop();
    await identity?.stop();
    await catalogue?.stop();
    await backend?.close();
    rmSync(mailDir, { recursive: true, force: true });
    rmSync(filesDir, { recursive: true, force: true });
  });

  it("takes a visitor's contact message ('Please fill all the fields' otherwise); the admin lists it and marks it replied", async () => {
    await expect(call('sendContact', { name: 'Rina', email: '', message: 'Hello' })).rejects.toMatchObject({ code: 3, details: 'Please fill all the fields' });
    await expect(call('sendContact', { name: 'Rina', email: 'rina@', message: 'Hello' })).rejects.toMatchObject({ code: 3, details: 'Missing Field or Invalid Email' });
    // The sign-up's name rule: a right-to-left override (or another bidi or control character) is refused.
    for (const name of ['Rina\u202egnp.exe', '\u2066Rina', 'Ri\nna']) {
      await expect(call('sendContact', { name, email: 'rina@example.com', message: 'Hello' })).rejects.toMatchObject({ code: 3, details: refusalText('NAME_INVALID') });
    }
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

    // Another instructor's message: the catalogue's refusal, its key as metadata for the edge (403).
    const foreign = (await call('replyStudentMessage', { id: message!.id, reply: 'Loosely' }, theirs).catch((err: unknown) => err)) as {
      code: number;
      details: string;
      metadata: { get(key: string): unknown[] };
    };
    expect([foreign.code, foreign.details, foreign.metadata.get(REASON_METADATA_KEY)]).toEqual([7, refusalText('NOT_YOUR_STUDENT_MESSAGE'), ['NOT_YOUR_STUDENT_MESSAGE']]);
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
        payload: messagingEventsV1.NotificationRequested.encode(messagingEventsV1.NotificationRequested.fromPartial({ userId: buyer.userId, msg: 'Your certificate is ready', key: `certificate:${RUN}` })).finish(),
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

  it('an event delivered twice makes one notification, also one keyed only by its event id (no inbox: the key is unique in the documents)', async () => {
    const reader = student('twice');
    const event = createEnvelope({
      type: MessagingEvents.notificationRequested,
      key: reader.userId,
      payload: messagingEventsV1.NotificationRequested.encode(messagingEventsV1.NotificationRequested.fromPartial({ userId: reader.userId, msg: `Once ${RUN}` })).finish(),
    });
    // Delivered again as a redelivery would (the process died after the write, before the offset).
    await backend.bus.publish([event]);
    await waitFor(async () => (await unread(reader)).length === 1, 'the notification');
    await backend.bus.publish([event, event]);
    const marker = createEnvelope({
      type: MessagingEvents.notificationRequested,
      key: reader.userId,
      payload: messagingEventsV1.NotificationRequested.encode(messagingEventsV1.NotificationRequested.fromPartial({ userId: reader.userId, msg: `After ${RUN}` })).finish(),
    });
    await backend.bus.publish([marker]);
    // The marker comes after the redeliveries on the same key (one partition, in order).
    await waitFor(async () => (await unread(reader)).some((n) => n.msg === `After ${RUN}`), 'the marker');
    expect((await unread(reader)).filter((n) => n.msg === `Once ${RUN}`)).toHaveLength(1);
    expect(await messaging.store.models.notifications.countDocuments({ sourceKey: `event:${event.id}` })).toBe(1);
  });

  it('a paid order mails its buyer one receipt in their language, however often the event arrives', async () => {
    // A buyer identity knows, who reads Bengali.
    const email = `receipt-${RUN}@example.com`;
    // Signed up through identity's use case, as its sign-up route does (issue 52: no gRPC method for it).
    const { user } = await identity.useCases.identity.signUp(
      identityV1.SignUpRequest.fromPartial({
        name: 'নাদিয়া', email, password: 'secret1', confirmPassword: 'secret1', photo: await pngImage(8, 8), photoContentType: 'image/png',
        dob: '2000-05-06', phone: '01711111111', address: 'Dhaka', language: 'bn',
      }),
    );
    const course = demoCourses.find((c) => c.published)!;
    const orderId = `receipt-order-${RUN}`;
    const paid = createEnvelope({
      type: CommerceEvents.orderPaid,
      key: user!.id,
      payload: commerceEventsV1.OrderPaid.encode(
        commerceEventsV1.OrderPaid.fromPartial({
          orderId, userId: user!.id, courses: [{ courseId: course.id, tier: 'gold', validityDays: 90, price: 250000, pricePaid: 225000 }],
          subtotal: 250000, discount: 25000, walletUsed: 0, payable: 225000,
        }),
      ).finish(),
    });
    // Delivered again as the same event and as another event of the same order (an outbox re-publish).
    await backend.bus.publish([paid, paid, paid, { ...paid, id: randomUUID() }]);
    await waitFor(async () => (await messaging.mails.states(`receipt:${orderId}`)).some((m) => m.state === 'sent'), 'the receipt');
    await new Promise((r) => setTimeout(r, 1000));
    expect(await messaging.mails.states(`receipt:${orderId}`)).toEqual([{ key: `receipt:${orderId}`, recipient: email, state: 'sent', attempts: 1 }]);
    const mails = mailsTo(mailDir, email).filter((m) => decodeSubject(m.subject).includes(orderId));
    expect(mails).toHaveLength(1);
    expect(decodeSubject(mails[0]!.subject)).toBe(`আপনার তাল রসিদ (${orderId})`);
    const text = bodyText(mails[0]!.body);
    expect(text).toContain(course.title);
    expect(text).toContain('কার্ডে পরিশোধ: 2250.00 টাকা');
    // The receipt's PDF goes with it (decision 0049), rendered from the event in the buyer's language.
    expect(mails[0]!.body).toMatch(/Content-Type: application\/pdf; name="?taal-receipt-receipt--bn\.pdf/);
    expect(text).toContain('https://taal.example/studentpanel');
    // Identity's verification mail reached the same address through the same path, in Bengali.
    await waitFor(async () => mailsTo(mailDir, email).some((m) => decodeSubject(m.subject) === 'আপনার তাল অ্যাকাউন্ট যাচাই করুন'), 'the verification mail');
  });

  it('a paid order whose event carries its buyer and titles is mailed to that buyer, asking identity nothing (decision 0053)', async () => {
    // A user identity does not know: asked, identity would answer no one and no receipt would go.
    const email = `carried-${RUN}@example.com`;
    const orderId = `carried-order-${RUN}`;
    const paid = createEnvelope({
      type: CommerceEvents.orderPaid,
      key: `nobody-${RUN}`,
      payload: commerceEventsV1.OrderPaid.encode(
        commerceEventsV1.OrderPaid.fromPartial({
          orderId, userId: `nobody-${RUN}`, buyerEmail: email, buyerName: 'Carried Buyer', buyerLanguage: 'en',
          courses: [{ courseId: `course-${RUN}`, title: `Sitar as sold ${RUN}`, tier: 'silver', validityDays: 30, price: 100000, pricePaid: 100000 }],
          subtotal: 100000, payable: 100000,
        }),
      ).finish(),
    });
    await backend.bus.publish([paid]);
    await waitFor(async () => (await messaging.mails.states(`receipt:${orderId}`)).some((m) => m.state === 'sent'), 'the receipt');
    const mails = mailsTo(mailDir, email);
    expect(mails.map((m) => decodeSubject(m.subject))).toEqual([`Your Taal receipt (${orderId})`]);
    const text = bodyText(mails[0]!.body);
    expect(text).toContain('Carried Buyer');
    expect(text).toContain(`Sitar as sold ${RUN}`);
  });

  it('a requested mail is sent once per key, to an address as given; one the server refused is sent later', async () => {
    const to = `asked-${RUN}@example.com`;
    const ask = () =>
      createEnvelope(
        requestMail('certificateProvided', `test-certificate:${RUN}`, { to, name: 'Rafi', language: 'en' }, { courseName: 'Tabla <Basics>', link: 'https://taal.example/certificate/x' }),
      );
    refuse = 1;
    await backend.bus.publish([ask(), ask(), ask()]);
    // Refused once, then tried again after the pause (5 s): sent, once.
    await waitFor(async () => (await messaging.mails.states(`test-certificate:${RUN}`))[0]?.state === 'sent', 'the retried mail', { timeoutMs: 20_000 });
    expect(await messaging.mails.states(`test-certificate:${RUN}`)).toEqual([{ key: `test-certificate:${RUN}`, recipient: to, state: 'sent', attempts: 2 }]);
    const mails = mailsTo(mailDir, to);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Your certificate for Tabla <Basics> is ready');
    expect(mails[0]!.body).toContain('Tabla &lt;Basics&gt;');
    // A request without a known kind or its data is dropped, not retried for ever.
    await backend.bus.publish([
      createEnvelope({ type: MessagingEvents.mailRequested, key: 'x', payload: messagingEventsV1.MailRequested.encode(messagingEventsV1.MailRequested.fromPartial({ key: `bad:${RUN}`, kind: 'nope', to, dataJson: '{}' })).finish() }),
    ]);
    await backend.bus.publish([ask()]);
    await new Promise((r) => setTimeout(r, 500));
    expect(await messaging.mails.states(`bad:${RUN}`)).toEqual([]);
    expect(mailsTo(mailDir, to)).toHaveLength(1);
    // Finished mails are pruned once old (30 days by default; 0 here).
    expect(await messaging.mails.prune(0)).toBeGreaterThan(0);
    expect(await messaging.mails.states(`test-certificate:${RUN}`)).toEqual([]);
  }, 40_000);

  it('a mail whose sender died while sending it goes again once its claim’s lease ends, once (a receipt or a gift card’s code is never lost)', async () => {
    const to = `interrupted-${RUN}@example.com`;
    const key = `test-interrupted:${RUN}`;
    refuse = 1; // the first try is refused: the mail waits 5 s for its next one
    await backend.bus.publish([
      createEnvelope(requestMail('certificateProvided', key, { to, name: 'Mita', language: 'en' }, { courseName: 'Sitar', link: 'https://taal.example/certificate/y' })),
    ]);
    await waitFor(async () => (await messaging.mails.states(key))[0]?.attempts === 1, 'the first, refused try');
    // Its sender "died" while handing it to the server two minutes ago: left claimed, its lease over.
    await messaging.mailDocuments.models.outgoing.updateOne({ _id: key }, { $set: { state: 'claimed', nextAttemptAt: new Date() } });
    await waitFor(async () => (await messaging.mails.states(key))[0]?.state === 'sent', 'the interrupted mail to go again', { timeoutMs: 10_000 });
    const mails = mailsTo(mailDir, to);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Your certificate for Sitar is ready');
  }, 40_000);

  it('an answer mail withdrawn before it is sent (its question was hidden) is never sent, and pruned later (decision 0063)', async () => {
    const to = `withdrawn-${RUN}@example.com`;
    const answerId = randomUUID();
    const key = `question-answered:${answerId}:user-${RUN}`;
    refuse = 1; // the first try is refused: the mail waits 5 s for its next one
    await backend.bus.publish([
      createEnvelope(requestMail('certificateProvided', key, { to, name: 'Nila', language: 'en' }, { courseName: 'Hidden text', link: 'https://taal.example/certificate/z' })),
    ]);
    // Refused and back to waiting (a claimed mail is being sent: past withdrawing).
    await waitFor(async () => {
      const [mail] = await messaging.mails.states(key);
      return mail?.attempts === 1 && mail.state === 'pending';
    }, 'the first, refused try');
    expect(await messaging.mails.withdraw([`question-answered:${answerId}:`])).toBe(1);
    expect(await messaging.mails.withdraw([`question-answered:${answerId}:`])).toBe(0);
    // Past its next try: still withdrawn, nothing sent, its text gone.
    await new Promise((r) => setTimeout(r, 6_500));
    expect(await messaging.mails.states(key)).toEqual([{ key, recipient: to, state: 'withdrawn', attempts: 1 }]);
    expect(mailsTo(mailDir, to)).toHaveLength(0);
    expect(await messaging.mailDocuments.models.outgoing.findById(key).lean()).toMatchObject({ subject: '', html: '', text: '' });
    await messaging.mails.prune(0);
    expect(await messaging.mails.states(key)).toEqual([]);
  }, 40_000);

  it('caps the mails anyone can cause per mailbox, across kinds and spellings of the address; a receipt-like mail still goes (issue 36)', async () => {
    const box = `capped${RUN}`;
    // One Gmail mailbox, written seven ways, asked for by three kinds of mail: sign-up, reset, sign-in link.
    const forms = [`${box}@gmail.com`, `Capped.${RUN}@GMAIL.com`, ` c.a.p.p.e.d${RUN}+reset@googlemail.com `, `${box.toUpperCase()}+x@gmail.com`, `${box}+1@gmail.com`, `${box}+2@googlemail.com`, `cap.ped${RUN}@gmail.com`];
    const kinds = ['verification', 'passwordReset', 'signInLink'] as const;
    const asks = forms.map((to, i) =>
      createEnvelope(requestMail(kinds[i % 3]!, `cap-${RUN}:${i}`, { to, name: 'Rina', language: 'en' }, { link: `https://taal.example/link/${i}` })),
    );
    // Each asked twice (an outbox re-publish): a repeat is neither mailed nor counted.
    await backend.bus.publish([...asks, ...asks.map((e) => ({ ...e, id: randomUUID() }))]);
    const states = async () => (await messaging.mails.states(`cap-${RUN}:`)).map((m) => m.state);
    await waitFor(async () => (await states()).length === forms.length && (await states()).every((st) => st === 'sent' || st === 'capped'), 'every asked mail sent or capped');
    const final = await states();
    expect(final.filter((st) => st === 'sent')).toHaveLength(5);
    expect(final.filter((st) => st === 'capped')).toHaveLength(forms.length - 5);
    // What reached the server: five mails to that one mailbox, whatever the spelling.
    const delivered = forms.map((to) => mailsTo(mailDir, to.trim()).length).reduce((a, b) => a + b, 0);
    expect(delivered).toBe(5);

    // A mail a purchase or staff cause is never held back by the cap.
    const certificate = `cap-${RUN}:certificate`;
    await backend.bus.publish([createEnvelope(requestMail('certificateProvided', certificate, { to: `${box}@gmail.com`, name: 'Rina', language: 'en' }, { courseName: 'Sarod', link: 'https://taal.example/c' }))]);
    await waitFor(async () => (await messaging.mails.states(certificate))[0]?.state === 'sent', 'the certificate mail');
    // Another mailbox is not affected.
    const other = `cap-${RUN}:other`;
    await backend.bus.publish([createEnvelope(requestMail('passwordReset', other, { to: `other-${box}@gmail.com`, name: 'Mita', language: 'en' }, { link: 'https://taal.example/r' }))]);
    await waitFor(async () => (await messaging.mails.states(other))[0]?.state === 'sent', 'the other mailbox’s mail');
  }, 40_000);

  it('system notifications are written in the reader’s language', async () => {
    const reader = student('polyglot');
    await backend.bus.publish([
      createEnvelope({
        type: MessagingEvents.notificationRequested,
        key: reader.userId,
        payload: messagingEventsV1.NotificationRequested.encode({
          userId: reader.userId, msg: 'BDT 100.00 referral bonus was added to your wallet.', key: `referral:${RUN}`, textKey: 'referralBonus', paramsJson: JSON.stringify({ amount: 10000 }),
        }).finish(),
      }),
    ]);
    const read = async (language: string) =>
      (await call<messagingV1.ListUserNotificationsResponse>('listUserNotifications', { userId: reader.userId, language }, reader)).notifications.map((n) => n.msg);
    await waitFor(async () => (await read('en')).length > 0, 'the notification');
    expect(await read('en')).toEqual(['BDT 100.00 referral bonus was added to your wallet.']);
    expect(await read('bn')).toEqual(['রেফারেল বোনাস হিসেবে ১০০.০০ টাকা আপনার ওয়ালেটে যোগ হয়েছে।']);
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

    // One batch of 4, then the process "dies" right after marking the next recipient as being sent
    // (its chunk's progress, decision 0088).
    expect(await messaging.massMails.sendBatch()).toBe(4);
    const { progress: chunkProgress } = messaging.mailDocuments.models;
    expect(await chunkProgress.findOne({ _id: `${mail!.id}:0000000` }).lean()).toMatchObject({ size: 10, at: 4, flying: [] });
    await chunkProgress.updateOne({ _id: `${mail!.id}:0000000` }, { $set: { at: 5, flying: [4] } });
    await messaging.stop();

    // Restarted: the rest goes out on its own.
    messaging = await start({ massMailIntervalMs: 100, massMailBatchSize: 4 });
    const progress = async () => (await call<messagingV1.ListMassMailsResponse>('listMassMails', {}, ADMIN)).mails.find((m) => m.id === mail!.id)!;
    await waitFor(async () => (await progress()).status === 'done', 'the mass mail to finish');
    expect(await progress()).toMatchObject({ total: 10, sent: 9, uncertain: 1, skipped: 0, status: 'done' });
    expect((await progress()).rate).toBeGreaterThan(0);
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

  it('mass-mail recipients stored before they were jobs of the kit’s queue are sent once the start has given them its fields; one left claimed never', async () => {
    const id = `old-mass-mail-${RUN}`;
    const to = (i: number) => `old${i}-${RUN}@example.com`;
    const { massMails, recipients } = messaging.mailDocuments.models;
    // As the documents were written before decision 0052: no attempts, no nextAttemptAt.
    await massMails.collection.insertOne({ _id: id as never, audience: 'verified-user', subject: `Old ${RUN}`, html: '<p>Old</p>', ready: true, open: true, createdAt: new Date() });
    await recipients.collection.insertMany(
      [0, 1, 2].map((i) => ({ _id: `${id}:${to(i)}` as never, mailId: id, email: to(i), name: `Old ${i}`, language: 'en', state: i === 2 ? 'claimed' : 'pending', token: `old-${i}-${RUN}`, updatedAt: new Date() })),
    );
    // A start: the recipients get the queue's fields and their entries in its due list (at the first
    // claim, decision 0060); its init again finds nothing to change.
    await messaging.stop();
    messaging = await start({ massMailIntervalMs: 100, massMailBatchSize: 4 });
    await messaging.mailDocuments.init();
    const progress = async () => (await call<messagingV1.ListMassMailsResponse>('listMassMails', {}, ADMIN)).mails.find((m) => m.id === id);
    await waitFor(async () => (await progress())?.status === 'done', 'the old mass mail to finish');
    expect(await progress()).toMatchObject({ total: 3, sent: 2, uncertain: 1, skipped: 0 });
    expect([0, 1, 2].map((i) => mailsTo(mailDir, to(i)).length)).toEqual([1, 1, 0]);
  });
});
