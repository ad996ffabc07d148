/**
 * Learning on both infrastructures (embedded, and the real Postgres and Kafka that tools/infra
 * starts): demo lessons with real videos, enrolments granted once from `commerce.order.paid`
 * (delivered five times) and extended from the current expiry, who may play what, signed URLs,
 * and an enrolment that expires when the clock moves on while progress stays.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { catalogueV1, CommerceEvents, commerceEventsV1, IdentityEvents, identityEventsV1, learningV1 } from '@taal/contracts';
import { startCatalogue, type RunningCatalogue } from '@taal/catalogue';
import {
  callUnary,
  createClient,
  createDiskFileStore,
  createOutboxMailer,
  createEnvelope,
  createLogger,
  createTestAuth,
  localKeys,
  verifyGrant,
  type CallerIdentity,
} from '@taal/kit';
import { demoCourses, demoTiers } from '../../catalogue/src/domain/demo-data';
import { useCaseCalls as catalogueUseCaseCalls } from '../../catalogue/src/testing/use-case-calls';
import { backends, type Backend } from '../../../tools/testing/backends';
import { waitFor } from '../../../tools/testing/wait';
import { mailsTo } from '../../../tools/testing/eml';
import { startMailSender } from '../../../tools/testing/mail-sender';
import type { RunningMessaging } from '../../messaging/src/service';

/** A mail header's encoded words (RFC 2047, as nodemailer writes non-ASCII subjects) as text. */
const decodeWords = (header: string) =>
  header
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?UTF-8\?([BQ])\?([^?]*)\?=/gi, (_, enc: string, data: string) =>
      enc.toUpperCase() === 'B'
        ? Buffer.from(data, 'base64').toString('utf8')
        : Buffer.from(data.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (_m, h: string) => String.fromCharCode(parseInt(h, 16))), 'latin1').toString('utf8'),
    );
/** A mail's body with its base64 parts (non-ASCII text) decoded. */
const textOf = (body: string) =>
  [...body.matchAll(/Content-Transfer-Encoding: base64\r?\n(?:.+\r?\n)*?\r?\n([A-Za-z0-9+/=\r\n]+)/g)].map((m) => Buffer.from(m[1]!, 'base64').toString('utf8')).join('\n') + body;
import { startLearning, type RunningLearning } from './service';
import { useCaseCalls } from './testing/use-case-calls';

const RUN = Date.now().toString(36);
const student = (n: string): CallerIdentity => ({ userId: `learner-${n}-${RUN}`, userType: 4 });
const ADMIN: CallerIdentity = { userId: 'admin-1', userType: 1 };
const logger = createLogger('learning-test');
const auth = createTestAuth(['gateway', 'catalogue', 'learning', 'messaging']);
const DAY = 86_400_000;
const published = demoCourses.filter((c) => c.published);

type Requests = Record<string, { fromPartial(o: object): object }>;
const requestOf = (method: string) => (learningV1 as unknown as Requests)[`${method[0]!.toUpperCase()}${method.slice(1)}Request`]!;
/** What other processes still ask learning over gRPC (issue 52); the rest is its routes' use cases. */
const OVER_GRPC = new Set(['getSecureCourse', 'listClassroom', 'addLesson', 'deleteCourseLessons', 'verifyCertificate']);

describe.each(backends)('learning on %s infrastructure', (_name, makeBackend) => {
  let backend: Backend;
  let catalogue: RunningCatalogue;
  let learning: RunningLearning;
  // Messaging sends learning's mails and notifications (decision 0023).
  let messaging: RunningMessaging;
  let client: learningV1.LearningServiceClient;
  const filesDir = mkdtempSync(path.join(os.tmpdir(), 'taal-learning-files-'));
  const mailDir = mkdtempSync(path.join(os.tmpdir(), 'taal-learning-mail-'));
  let clock = Date.now();

  // Its use cases as its routes call them (issue 52), on the learning running now (a test restarts it).
  const useCase = useCaseCalls(() => learning.useCases);
  const call = async <Res = Record<string, never>>(method: string, request: object, identity?: CallerIdentity) =>
    OVER_GRPC.has(method)
      ? callUnary<object, Res>(client, method, requestOf(method).fromPartial(request), {
          deadlineMs: 30000,
          userToken: identity ? await auth.userToken(identity) : undefined,
        })
      : useCase<Res>(method, request, identity, identity ? await auth.userToken(identity) : undefined);
  const course = async (courseId: string, who?: CallerIdentity) => call<learningV1.GetSecureCourseResponse>('getSecureCourse', { courseId }, who);
  const paid = (orderId: string, userId: string, courseId: string, validityDays: number) =>
    createEnvelope({
      type: CommerceEvents.orderPaid,
      key: userId,
      payload: commerceEventsV1.OrderPaid.encode(
        commerceEventsV1.OrderPaid.fromPartial({ orderId, userId, courses: [{ courseId, tier: 'silver', validityDays, price: 100, pricePaid: 100 }] }),
      ).finish(),
    });

  beforeAll(async () => {
    backend = await makeBackend();
    catalogue = await startCatalogue({
      sql: backend.sql, bus: backend.bus, logger, host: '127.0.0.1', port: 0, seedDemoData: true, auth: auth.serviceAuth('catalogue'),
    });
    learning = await startLearning({
      sql: backend.sql, bus: backend.bus, files: createDiskFileStore(filesDir), logger, host: '127.0.0.1', port: 0,
      auth: auth.serviceAuth('learning'), catalogueAddress: `127.0.0.1:${catalogue.port}`, seedDemoData: true, now: () => new Date(clock),
    });
    await learning.seeded;
    messaging = await startMailSender({
      backend, auth, mailer: createOutboxMailer({ dir: mailDir, from: 'Taal <no-reply@taal.local>' }), catalogueAddress: `127.0.0.1:${catalogue.port}`, publicUrl: 'https://taal.example',
    });
    client = createClient(learningV1.LearningServiceClient, `127.0.0.1:${learning.port}`, {
      auth: { issuer: auth.serviceAuth('gateway').issuer, audience: 'learning' },
    });
  }, 120_000);

  afterAll(async () => {
    client?.close();
    await messaging?.stop();
    await learning?.stop();
    await catalogue?.stop();
    await backend?.close();
    rmSync(filesDir, { recursive: true, force: true });
    rmSync(mailDir, { recursive: true, force: true });
  });

  it('seeds four lessons per published course with real, fast-start videos: open, login, paid, paid', async () => {
    const { lessons } = await course(published[0]!.id);
    expect(lessons.map((l) => [l.position, l.status])).toEqual([[1, 'open'], [2, 'login'], [3, 'paid'], [4, 'paid']]);
    for (const l of lessons) {
      expect(l.filename).toMatch(/^[a-z0-9-]+\.mp4$/);
      expect(l.durationSeconds).toBeGreaterThan(5);
      expect(l.size).toBeGreaterThan(1000);
    }
    // What a visitor may play.
    expect(lessons.map((l) => l.playable)).toEqual([true, false, false, false]);
  });

  it('plays open lessons for everyone, login lessons for users, paid lessons only with an active enrolment', async () => {
    const { lessons } = await course(published[1]!.id);
    const [open, login, paidLesson] = lessons;
    const me = student('access');
    const playback = await call<learningV1.GetPlaybackResponse>('getPlayback', { lessonId: open!.id });
    const token = new URL(playback.url, 'http://x').searchParams.get('token')!;
    const grant = await verifyGrant(token, localKeys(auth.ring.publicKeys), { audience: 'taal-video', issuer: 'learning' });
    expect(grant).toMatchObject({ subject: open!.id, claims: expect.objectContaining({ file: open!.filename }) });
    // A grant checked as another service's, or for another purpose, is not valid.
    expect(await verifyGrant(token, localKeys(auth.ring.publicKeys), { audience: 'taal-video', issuer: 'catalogue' })).toBeNull();
    expect(await verifyGrant(token, localKeys(auth.ring.publicKeys), { audience: 'other', issuer: 'learning' })).toBeNull();

    await expect(call('getPlayback', { lessonId: login!.id })).rejects.toMatchObject({ code: 16, details: 'Please login first' });
    await call('getPlayback', { lessonId: login!.id }, me);
    await expect(call('getPlayback', { lessonId: paidLesson!.id })).rejects.toMatchObject({ code: 7, details: 'Purchase the course First!!' });
    await expect(call('getPlayback', { lessonId: paidLesson!.id }, me)).rejects.toMatchObject({ code: 7, details: 'Purchase the course First!!' });
    await call('getPlayback', { lessonId: paidLesson!.id }, ADMIN); // staff may
  });

  it("plays a course's paid lessons for its own instructor, not for another instructor", async () => {
    const target = published[1]!;
    const { lessons } = await course(target.id);
    const paidLesson = lessons.find((l) => l.status === 'paid')!;
    const own: CallerIdentity = { userId: `teacher-${RUN}`, userType: 3, instructorId: target.instructorId };
    const other: CallerIdentity = { userId: `other-teacher-${RUN}`, userType: 3, instructorId: `not-${target.instructorId}` };
    await call('getPlayback', { lessonId: paidLesson.id }, own);
    expect((await course(target.id, own)).lessons.map((l) => l.playable)).toEqual(lessons.map(() => true));
    await expect(call('getPlayback', { lessonId: paidLesson.id }, other)).rejects.toMatchObject({ code: 7, details: 'Purchase the course First!!' });
  });

  it('grants one enrolment for the same commerce.order.paid delivered 5 times, and extends it from the current expiry', async () => {
    const me = student('grant');
    const target = published[2]!;
    const validity = demoTiers(target.silverTaka).silver.validityDays;
    const event = paid(`order-a-${RUN}`, me.userId, target.id, validity);
    await backend.bus.publish([event, event, event, event, event]);
    await waitFor(async () => !!(await course(target.id, me)).enrolment, 'the enrolment');
    await new Promise((r) => setTimeout(r, 500));
    const first = (await course(target.id, me)).enrolment!;
    expect(new Date(first.expiresAt).getTime()).toBeCloseTo(clock + validity * DAY, -4);
    expect((await course(target.id, me)).lessons.every((l) => l.playable)).toBe(true);

    // A second purchase (another order) extends from the current expiry, not from now.
    await backend.bus.publish([paid(`order-b-${RUN}`, me.userId, target.id, 30)]);
    await waitFor(async () => (await course(target.id, me)).enrolment!.expiresAt !== first.expiresAt, 'the extension');
    expect(new Date((await course(target.id, me)).enrolment!.expiresAt).getTime()).toBe(new Date(first.expiresAt).getTime() + 30 * DAY);
    const { rows } = await backend.sql.query<{ n: string }>(`SELECT count(*) AS n FROM learning.enrolment WHERE user_id = $1`, [me.userId]);
    expect(Number(rows[0]!.n)).toBe(1);
  });

  it('an expired enrolment loses the paid lessons and keeps progress; the back office lists it', async () => {
    const me = student('expiry');
    const target = published[3]!;
    await backend.bus.publish([paid(`order-x-${RUN}`, me.userId, target.id, 2)]);
    await waitFor(async () => !!(await course(target.id, me)).enrolment, 'the enrolment');
    const paidLesson = (await course(target.id, me)).lessons.find((l) => l.status === 'paid')!;
    await call('recordProgress', { lessonId: paidLesson.id, positionSeconds: 4.5, practicedSeconds: 300 }, me);
    expect((await call<learningV1.GetPlaybackResponse>('getPlayback', { lessonId: paidLesson.id }, me)).resumeAtSeconds).toBe(4.5);

    clock += 3 * DAY; // the clock moves past the expiry
    try {
      await expect(call('getPlayback', { lessonId: paidLesson.id }, me)).rejects.toMatchObject({ code: 7, details: 'Purchase the course First!!' });
      await expect(call('recordProgress', { lessonId: paidLesson.id, positionSeconds: 5 }, me)).rejects.toMatchObject({ code: 7 });
      const after = await course(target.id, me);
      expect(after.enrolment).toMatchObject({ active: false });
      expect(after.progress).toEqual([expect.objectContaining({ lessonId: paidLesson.id, positionSeconds: 4.5, practiceSeconds: 300 })]);
      const { courses } = await call<learningV1.ListClassroomResponse>('listClassroom', {}, me);
      expect(courses).toEqual([expect.objectContaining({ lessons: 4, practiceSeconds: 300, enrolment: expect.objectContaining({ courseId: target.id, active: false }) })]);
      const { enrolments } = await call<learningV1.ListExpiredEnrolmentsResponse>('listExpiredEnrolments', {}, ADMIN);
      expect(enrolments.map((e) => e.userId)).toContain(me.userId);
      await expect(call('listExpiredEnrolments', {}, me)).rejects.toMatchObject({ code: 7 });
    } finally {
      clock -= 3 * DAY;
    }
  });

  it("renames a lesson (staff only, at least 2 characters: 'Please enter a title for the lesson')", async () => {
    const lesson = (await course(published[4]!.id)).lessons[0]!;
    await expect(call('renameLesson', { lessonId: lesson.id, title: ' a ' }, ADMIN)).rejects.toMatchObject({ code: 3, details: 'Please enter a title for the lesson' });
    await expect(call('renameLesson', { lessonId: lesson.id, title: 'Intro' }, student('x'))).rejects.toMatchObject({ code: 7 });
    const { lesson: renamed } = await call<learningV1.RenameLessonResponse>('renameLesson', { lessonId: lesson.id, title: 'Getting started' }, ADMIN);
    expect(renamed).toMatchObject({ id: lesson.id, title: 'Getting started' });
  });

  it('certificates: a student with an enrolment who completed every lesson requests one, staff provide it with a PDF (a mail and a notification in their language, linking to it), anyone verifies it with the current name', async () => {
    const me = student('cert');
    const target = published[5]!;
    const email = `cert-${RUN}@example.com`;
    await backend.bus.publish([
      createEnvelope({
        type: IdentityEvents.userRegistered,
        key: me.userId,
        payload: identityEventsV1.UserRegistered.encode(identityEventsV1.UserRegistered.fromPartial({ user: { id: me.userId, name: 'নাদিয়া', email, language: 'bn' } })).finish(),
      }),
    ]);
    await waitFor(async () => (await backend.sql.query(`SELECT 1 FROM learning.contact WHERE user_id = $1`, [me.userId])).rows.length === 1, 'the contact');
    const ask = () =>
      call<learningV1.RequestCertificateResponse>('requestCertificate', { courseId: target.id, userName: 'নাদিয়া রহমান', userEmail: 'nadia@example.com', courseName: target.title }, me);
    // The catalogue's CERTIFICATE_NEEDS_PURCHASE (400), its key as metadata.
    const refused = (await ask().catch((err: unknown) => err)) as { code: number; details: string; metadata: { get(key: string): unknown[] } };
    expect(refused).toMatchObject({ code: 3, details: 'Purchase the course First!!' });
    expect(refused.metadata.get('x-taal-reason')).toEqual(['CERTIFICATE_NEEDS_PURCHASE']);
    await backend.bus.publish([paid(`order-c-${RUN}`, me.userId, target.id, 30)]);
    await waitFor(async () => !!(await course(target.id, me)).enrolment, 'the enrolment');

    // Every lesson first (the spec's terms, issue 40): refused until the last one is completed.
    const lessons = (await course(target.id, me)).lessons;
    expect(lessons.length).toBeGreaterThan(1);
    for (const lesson of lessons) {
      const early = (await ask().catch((err: unknown) => err)) as { code: number; details: string; metadata: { get(key: string): unknown[] } };
      expect(early).toMatchObject({ code: 3, details: 'Finish every lesson of the course first, then ask for your certificate' });
      expect(early.metadata.get('x-taal-reason')).toEqual(['CERTIFICATE_NEEDS_ALL_LESSONS']);
      await call('recordProgress', { lessonId: lesson.id, positionSeconds: 1, completed: true }, me);
    }

    const first = await ask();
    expect(first).toMatchObject({ outcome: 'success', certificate: { status: 'pending', courseName: target.title } });
    expect((await ask()).outcome).toBe('pending');
    const id = first.certificate!.id;
    await expect(call('verifyCertificate', { id })).rejects.toMatchObject({ code: 5 }); // not provided yet

    // The pending requests, newest first, a keyset page at a time (decision 0084).
    const { certificates } = await call<learningV1.ListCertificateRequestsResponse>('listCertificateRequests', { status: 'pending', limit: 100 }, ADMIN);
    expect(certificates.map((c) => c.id)).toContain(id);
    await expect(call('provideCertificate', { id }, me)).rejects.toMatchObject({ code: 7 });
    const { certificate } = await call<learningV1.ProvideCertificateResponse>('provideCertificate', { id }, ADMIN);
    expect(certificate).toMatchObject({ id, status: 'provided' });
    expect((await ask()).outcome).toBe('provided');
    await call('provideCertificate', { id }, ADMIN); // again: the same certificate, no second mail

    // Messaging mails the student once, in Bengali, with the certificate's page; and notifies them.
    await waitFor(async () => mailsTo(mailDir, email).length > 0, 'the certificate mail');
    const notes = async (language: string) => (await messaging.messaging.userNotifications({ identity: me }, me.userId, false, language)).map((n) => n.msg);
    await waitFor(async () => (await notes('bn')).includes(`"${target.title}" কোর্সের আপনার সনদ প্রস্তুত।`), 'the certificate notification');
    expect((await notes('en')).filter((n) => n.includes('certificate'))).toEqual([`Your certificate for "${target.title}" is ready.`]);
    await new Promise((r) => setTimeout(r, 500));
    const mails = mailsTo(mailDir, email);
    expect(mails.map((m) => decodeWords(m.subject))).toEqual([`${target.title} কোর্সের সনদ প্রস্তুত`]);
    expect(textOf(mails[0]!.body)).toContain(`/certificate/${id}`);

    // Read with the student's current name (learning's copy here: no identity), the asked one kept.
    expect((await call<learningV1.VerifyCertificateResponse>('verifyCertificate', { id })).certificate).toMatchObject({ userName: 'নাদিয়া', issuedName: 'নাদিয়া রহমান', courseName: target.title });
    const { certificates: mine } = await call<learningV1.ListMyCertificatesResponse>('listMyCertificates', {}, me);
    expect(mine).toEqual([expect.objectContaining({ id, status: 'provided', userName: 'নাদিয়া', issuedName: 'নাদিয়া রহমান' })]);
    await expect(call('listMyCertificates', {}, ADMIN)).rejects.toMatchObject({ code: 7 });
    const linked = await messaging.messaging.userNotifications({ identity: me }, me.userId, false, 'en');
    expect(linked.find((n) => n.msg.includes('certificate'))?.link).toBe(`/certificate/${id}`);
    const { pdf } = await call<learningV1.GetCertificatePdfResponse>('getCertificatePdf', { id });
    expect(Buffer.from(pdf).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.length).toBeGreaterThan(2000);
    await expect(call('verifyCertificate', { id: '00000000-0000-4000-8000-000000000000' })).rejects.toMatchObject({ code: 5 });
  });

  it('mails 3 days before the end and at the end, once each, in the student’s language', async () => {
    const me = student('mail');
    const target = published[6]!;
    const email = `mail-${RUN}@example.com`;
    await backend.bus.publish([
      createEnvelope({
        type: IdentityEvents.userRegistered,
        key: me.userId,
        payload: identityEventsV1.UserRegistered.encode(identityEventsV1.UserRegistered.fromPartial({ user: { id: me.userId, name: 'নাদিয়া', email, language: 'bn' } })).finish(),
      }),
      paid(`order-m-${RUN}`, me.userId, target.id, 10),
    ]);
    await waitFor(async () => !!(await course(target.id, me)).enrolment, 'the enrolment');
    await waitFor(async () => (await backend.sql.query(`SELECT 1 FROM learning.contact WHERE user_id = $1`, [me.userId])).rows.length === 1, 'the contact');
    const mine = () => mailsTo(mailDir, email).map((m) => decodeWords(m.subject));

    await learning.notices.run();
    expect(mine()).toEqual([]); // 10 days left: nothing yet
    clock += 8 * DAY; // 2 days left
    try {
      expect(await learning.notices.run()).toBeGreaterThanOrEqual(1);
      expect(await learning.notices.run()).toBe(0);
      await waitFor(async () => mine().length === 1, 'the first expiry mail');
      expect(mine()[0]).toContain('তারিখে শেষ হবে');
      clock += 3 * DAY; // past the end
      expect(await learning.notices.run()).toBeGreaterThanOrEqual(1);
      expect(await learning.notices.run()).toBe(0);
      await waitFor(async () => mine().length === 2, 'the second expiry mail');
      expect(mine()[1]).toBe(`আপনার "${target.title}" কোর্সের মেয়াদ শেষ হয়েছে`);
      // The text part (base64 for non-ASCII text) links the course to renew it.
      expect(textOf(mailsTo(mailDir, email)[1]!.body)).toContain(`/courseview?id=${target.id}`);
      await new Promise((r) => setTimeout(r, 300));
      expect(mine()).toHaveLength(2);
    } finally {
      clock -= 11 * DAY;
    }
  });

  it('gives demo lessons to the demo courses only: a course staff made gets none when learning starts again', async () => {
    // Adding and publishing a course are the catalogue's routes' use cases (issue 52): called as they call them.
    const catalogueUseCase = catalogueUseCaseCalls(() => catalogue.useCases);
    const id = randomUUID();
    const img = () => `/api/v1/media/images/${randomUUID()}.jpg`;
    const create = catalogueV1.CreateCourseRequest.fromPartial({
      id,
      course: {
        title: 'Slide guitar from zero', subtitle: 'Open tunings', description: '<p>Twelve lessons</p>', courseHours: 6, category: 'Guitar', level: 'beginner',
        instructorId: published[0]!.instructorId, silverPrice: 150000, silverOldPrice: 200000, silverValidity: 30, goldPrice: 250000, goldOldPrice: 300000, goldValidity: 90,
        diamondPrice: 400000, diamondOldPrice: 500000, diamondValidity: 365, bundle: false, thumbnail: img(), banner: img(),
        topics: { items: ['Open G'] }, requirements: { items: ['A guitar'] }, whoFor: { items: ['Beginners'] }, addDocuments: [],
      },
    });
    await catalogueUseCase('createCourse', create, ADMIN);
    await catalogueUseCase('setCoursePublished', { id, published: true }, ADMIN);

    // Learning starts again (as after a restart): its seed runs once more.
    await learning.stop();
    learning = await startLearning({
      sql: backend.sql, bus: backend.bus, files: createDiskFileStore(filesDir), logger, host: '127.0.0.1', port: 0,
      auth: auth.serviceAuth('learning'), catalogueAddress: `127.0.0.1:${catalogue.port}`, seedDemoData: true, now: () => new Date(clock),
    });
    await learning.seeded;
    client.close();
    client = createClient(learningV1.LearningServiceClient, `127.0.0.1:${learning.port}`, {
      auth: { issuer: auth.serviceAuth('gateway').issuer, audience: 'learning' },
    });
    expect((await course(id)).lessons).toEqual([]);
    expect((await course(published[0]!.id)).lessons.map((l) => l.position)).toEqual([1, 2, 3, 4]);
  });
});
