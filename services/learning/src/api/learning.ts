import { pipeline } from 'node:stream/promises';
import { z } from 'zod';
import { COURSE_DOCUMENT_NAME, courseDocumentKey, courseDocumentUrl, type learningV1, type catalogueV1, type identityV1 } from '@taal/contracts';
import { status } from '@grpc/grpc-js';
import { isGrpcStatusError, type FileStore } from '@taal/kit';
import type { LearningApi } from './client';
import { answer, badRequest, done, envelope, fail, ID_PATTERN, listOf, callerOf, callerOrNull, optionalAuth, requireAuth, UserRoles, refusal, acceptUploads, checkUploads, storeUploads, ok, defineRoute, type RouteSpec, type ServiceApi, type AccessTokenVerifier, usersById } from '@taal/edge';

/**
 * Lessons, their videos, the classroom and expired subscriptions (spec §7 `course/secure-course/`,
 * `video/{filename}`, `course/status/`, `/course-invalidate`; issue 9), answered by the learning
 * service. Who may play what is learning's decision; the edge only streams a file for a URL that
 * learning signed for exactly that file (decision 0015).
 */
const uuid = () => z.string().regex(new RegExp(ID_PATTERN));

/** A lesson's HLS transcoding job (decision 0032). */
const HLS_STATES = ['queued', 'running', 'ready', 'failed'] as const;
const HlsJobSchema = z
  .object({
    state: z.enum(HLS_STATES),
    percent: z.int().min(0).max(100).meta({ description: 'Progress of the current attempt (100 when ready)' }),
    attempts: z.int().min(0).meta({ description: 'Attempts started so far' }),
  })
  .meta({ id: 'HlsJob' });

const LessonSchema = z
  .object({
    _id: z.string(),
    course: z.string(),
    position: z.int(),
    originalname: z.string().meta({ description: 'The lesson title (the spec’s field name)' }),
    status: z.enum(['open', 'login', 'paid']),
    filename: z.string(),
    size: z.int().min(0),
    duration: z.number().min(0).meta({ description: 'Seconds' }),
    playable: z.boolean().meta({ description: 'Whether the caller may play it now' }),
    hls: HlsJobSchema.nullable().meta({ description: 'Its adaptive-streaming ladder’s transcoding job, for admin and content; null for others and for a lesson without video' }),
  })
  .meta({ id: 'Lesson' });
const toLesson = (l: learningV1.Lesson) => ({
  _id: l.id,
  course: l.courseId,
  position: l.position,
  originalname: l.title,
  status: l.status as 'open' | 'login' | 'paid',
  filename: l.filename,
  size: l.size,
  duration: l.durationSeconds,
  playable: l.playable,
  hls: l.hls ? { state: l.hls.state as (typeof HLS_STATES)[number], percent: l.hls.percent, attempts: l.hls.attempts } : null,
});

const EnrolmentSchema = z
  .object({ course: z.string(), tier: z.string(), expiresAt: z.string(), active: z.boolean(), createdAt: z.string() })
  .meta({ id: 'Enrolment' });
const toEnrolment = (e: learningV1.Enrolment) => ({ course: e.courseId, tier: e.tier, expiresAt: e.expiresAt, active: e.active, createdAt: e.createdAt });

const ProgressSchema = z.object({ lesson: z.string(), position: z.number(), completed: z.boolean(), practiceSeconds: z.int().min(0) }).meta({ id: 'LessonProgress' });
const toProgress = (p: learningV1.LessonProgress) => ({ lesson: p.lessonId, position: p.positionSeconds, completed: p.completed, practiceSeconds: p.practiceSeconds });

const CertificateSchema = z
  .object({
    _id: z.string(),
    userName: z.string(),
    userEmail: z.string(),
    courseId: z.string(),
    courseName: z.string(),
    provided: z.boolean(),
    requestedAt: z.string(),
    providedAt: z.string(),
    issuedName: z.string().meta({ description: 'The name the certificate was asked under, kept on record; userName is the student’s current name (decision 0042)' }),
  })
  .meta({ id: 'CertificateRequest' });
const toCertificate = (c: learningV1.Certificate) => ({
  _id: c.id,
  userName: c.userName,
  userEmail: c.userEmail,
  courseId: c.courseId,
  courseName: c.courseName,
  provided: c.status === 'provided',
  requestedAt: c.requestedAt,
  providedAt: c.providedAt,
  issuedName: c.issuedName,
});

/** Largest lesson video accepted (413 above it). */
export const MAX_LESSON_VIDEO_BYTES = 2 * 1024 ** 3;

/** The video part streamed to a temporary file (never into memory) by the one upload mechanism; 413 over the limit. */
const videoUpload = (maxBytes: number) => acceptUploads({ video: { kind: 'video', maxBytes } }, { maxFields: 10, maxFieldBytes: 4096 });

export interface LearningRouteDeps {
  learning: LearningApi;
  identity: ServiceApi<identityV1.IdentityServiceServer>;
  tokens: AccessTokenVerifier;
  catalogue: ServiceApi<catalogueV1.CatalogueServiceServer>;
  /** Where lesson videos are (the same files port learning stores them in). */
  files: FileStore;
  /** Default MAX_LESSON_VIDEO_BYTES. */
  maxVideoBytes?: number;
}

export function learningRoutes(deps: LearningRouteDeps): RouteSpec[] {
  const { learning, identity, tokens, catalogue } = deps;
  const anyone = { label: 'anyone; a signed-in user sees what they may play', check: optionalAuth(tokens), optional: true };
  const student = { label: 'students only', check: requireAuth(tokens, UserRoles.student) };
  const staff = { label: 'admin and content only', check: requireAuth(tokens, UserRoles.admin, UserRoles.content) };
  const lessonIdParam = { id: { schema: uuid(), description: 'The lesson id (UUID)', invalid: () => refusal('LESSON_NOT_FOUND') } };

  return [
    defineRoute({
      method: 'get',
      path: '/course/secure-course/{id}',
      summary: 'A course’s lessons, each saying whether the caller may play it, with the caller’s enrolment and progress',
      auth: anyone,
      cachedPerUser: true,
      params: { id: { schema: uuid(), description: 'The course id (UUID)', invalid: () => refusal('COURSE_NOT_FOUND') } },
      responses: {
        200: answer(
          envelope(
            z.object({
              course: z.string(),
              lessons: z.array(LessonSchema),
              enrolment: EnrolmentSchema.nullable(),
              progress: z.array(ProgressSchema),
              fullAccess: z.boolean().meta({ description: 'The caller sees every lesson and the course file (active enrolment, staff or the course’s instructor)' }),
            }),
          ),
        ),
        404: fail('Unknown course'),
      },
      handler: async ({ res, param }) => {
        const answerOf = await learning.getSecureCourse({ courseId: param('id') }, callerOrNull(res));
        res.json(
          ok({
            course: answerOf.courseId,
            lessons: answerOf.lessons.map(toLesson),
            enrolment: answerOf.enrolment ? toEnrolment(answerOf.enrolment) : null,
            progress: answerOf.progress.map(toProgress),
            fullAccess: answerOf.fullAccess,
          }),
        );
      },
    }),
    defineRoute({
      method: 'get',
      path: '/course/{id}/documents/{name}',
      summary: "A course file (PDF), for those who see the whole course: an active enrolment, staff or the course's instructor ('Purchase the course First!!' otherwise)",
      auth: { label: 'any signed-in user; the course decides', check: requireAuth(tokens) },
      params: {
        id: { schema: uuid(), description: 'The course id (UUID)', invalid: () => refusal('COURSE_NOT_FOUND') },
        name: { schema: z.string().regex(COURSE_DOCUMENT_NAME), description: 'The stored document’s name', invalid: () => refusal('NO_SUCH_DOCUMENT') },
      },
      responses: {
        200: { description: 'The PDF', content: { 'application/pdf': z.string().meta({ format: 'binary' }) } },
        401: fail("'Please login first'"),
        403: fail("'Purchase the course First!!'"),
        404: fail('Unknown course, or no such document of this course'),
      },
      handler: async ({ res, param }) => {
        const caller = callerOf(res);
        const { fullAccess } = await learning.getSecureCourse({ courseId: param('id') }, caller);
        if (!fullAccess) throw refusal('PURCHASE_FIRST');
        // Drafts are the back office's to read (students see published courses only).
        const staffCaller = caller.userType === UserRoles.admin || caller.userType === UserRoles.content;
        const { course } = await catalogue.getCourse({ id: param('id'), includeUnpublished: staffCaller }, caller);
        const url = courseDocumentUrl(param('id'), param('name'));
        const document = course?.documents.find((d) => d.url === url);
        const stored = document ? await deps.files.get(courseDocumentKey(param('name'))) : null;
        if (!document || !stored) throw refusal('NO_SUCH_DOCUMENT');
        res.setHeader('Content-Type', 'application/pdf');
        res.setHeader('Content-Length', String(stored.file.size));
        res.setHeader('Cache-Control', 'private, no-store');
        res.setHeader('Content-Disposition', `attachment; filename*=UTF-8''${encodeURIComponent(document.name || 'course-file.pdf')}`);
        await pipeline(stored.body, res).catch(() => stored.body.destroy());
      },
    }),
    defineRoute({
      method: 'get',
      path: '/lesson/{id}/playback',
      summary: "A short-lived signed URL of the lesson's video, as its status allows ('Purchase the course First!!' otherwise)",
      auth: anyone,
      params: lessonIdParam,
      responses: {
        200: answer(
          envelope(
            z.object({
              url: z.string().meta({ description: 'The signed URL of the fast-start MP4 (always there: the fallback)' }),
              hls: z
                .string()
                .nullable()
                .meta({ description: 'The signed URL of the HLS master playlist (/api/v1/video/hls/{token}/{lessonId}/master.m3u8); null while its ladder is not ready' }),
              expiresAt: z.string(),
              resumeAt: z.number(),
            }),
          ),
        ),
        401: fail('A login lesson without a signed-in user'),
        403: fail("'Purchase the course First!!': a paid lesson without an active enrolment"),
        404: fail('Unknown lesson, or no video yet'),
      },
      handler: async ({ res, param }) => {
        const playback = await learning.getPlayback({ lessonId: param('id') }, callerOrNull(res));
        res.json(ok({ url: playback.url, hls: playback.hlsUrl || null, expiresAt: playback.expiresAt, resumeAt: playback.resumeAtSeconds }));
      },
    }),
    defineRoute({
      method: 'post',
      path: '/lesson/{id}/progress',
      summary: 'Where the student is in a lesson, whether it is done, and practice time to add',
      auth: student,
      params: lessonIdParam,
      body: {
        schema: z.object({
          position: z.number({ error: 'POSITION_OUT_OF_RANGE' }).min(0, 'POSITION_OUT_OF_RANGE').max(86_400, 'POSITION_OUT_OF_RANGE').meta({ description: 'Seconds into the lesson' }),
          completed: z.boolean().optional(),
          practicedSeconds: z.int({ error: 'PRACTICE_OUT_OF_RANGE' }).min(0, 'PRACTICE_OUT_OF_RANGE').max(3600, 'PRACTICE_OUT_OF_RANGE').optional().meta({ description: 'Practice time to add' }),
        }),
        headline: 'INVALID_VALUE',
      },
      responses: { 200: answer(envelope(ProgressSchema)), ...badRequest, 403: fail("'Purchase the course First!!'"), 404: fail('Unknown lesson') },
      handler: async ({ res, param, body }) => {
        const { progress } = await learning.recordProgress(
          { lessonId: param('id'), positionSeconds: body.position, completed: body.completed ?? false, practicedSeconds: body.practicedSeconds ?? 0 },
          callerOf(res),
        );
        res.json(ok(toProgress(progress!)));
      },
    }),
    defineRoute({
      method: 'get',
      path: '/classroom/{userId}',
      summary: "The caller's courses (active and expired) with their expiry, progress and practice time",
      auth: student,
      cachedPerUser: true,
      params: { userId: { schema: uuid(), description: "The caller's own id; another gives 403" } },
      responses: {
        200: answer(
          listOf(
            z.object({
              enrolment: EnrolmentSchema,
              lessons: z.int().min(0),
              completedLessons: z.int().min(0),
              practiceSeconds: z.int().min(0),
            }),
          ),
        ),
      },
      handler: async ({ res, param }) => {
        const caller = callerOf(res);
        if (param('userId') !== caller.userId) throw refusal('NOT_YOUR_CLASSROOM');
        const { courses } = await learning.listClassroom({}, caller);
        res.json(
          ok(
            courses.map((c) => ({
              enrolment: toEnrolment(c.enrolment!),
              lessons: c.lessons,
              completedLessons: c.completedLessons,
              practiceSeconds: c.practiceSeconds,
            })),
          ),
        );
      },
    }),
    defineRoute({
      method: 'get',
      path: '/course-invalidate',
      summary: 'Expired subscriptions (back office): the expired-subscription rows',
      auth: staff,
      responses: {
        200: answer(
          listOf(
            z.object({
              orderId: z.string(),
              userId: z.string(),
              userName: z.string(),
              userEmail: z.string(),
              userPhone: z.string(),
              course: z.string(),
              courseTitle: z.string(),
              purchaseTime: z.string(),
              createdAt: z.string().meta({ description: 'The expiry time' }),
            }),
          ),
        ),
      },
      handler: async ({ res }) => {
        const caller = callerOf(res);
        const { enrolments } = await learning.listExpiredEnrolments({}, caller);
        const titles = new Map((await catalogue.listCourses({ includeUnpublished: true }, caller)).courses.map((c) => [c.id, c.title]));
        const users = await usersById(identity, caller, enrolments.map((e) => e.userId));
        res.json(
          ok(
            enrolments.map((e) => ({
              orderId: e.firstOrderId,
              userId: e.userId,
              userName: users.get(e.userId)?.name ?? '',
              userEmail: users.get(e.userId)?.email ?? '',
              userPhone: users.get(e.userId)?.phone ?? '',
              course: e.courseId,
              courseTitle: titles.get(e.courseId) ?? '',
              purchaseTime: e.createdAt,
              createdAt: e.expiresAt,
            })),
          ),
        );
      },
    }),
    defineRoute({
      method: 'post',
      path: '/course/status/',
      summary: "Rename a lesson: 'lesson name updated successfully' (admin and content)",
      auth: staff,
      body: {
        schema: z.object({
          id: uuid().meta({ description: 'The lesson id' }),
          originalname: z.string().max(200).meta({ description: 'The new title, at least 2 characters' }),
        }),
        headline: 'LESSON_TITLE_REQUIRED',
      },
      responses: { 200: answer(done(LessonSchema)), 400: fail("'Please enter a title for the lesson'"), 404: fail('Unknown lesson') },
      handler: async ({ res, body }) => {
        const { lesson } = await learning.renameLesson({ lessonId: body.id, title: body.originalname }, callerOf(res));
        res.json({ success: true, message: 'lesson name updated successfully', data: toLesson(lesson!) });
      },
    }),

    defineRoute({
      method: 'post',
      path: '/course/{id}/lessons',
      summary: 'Add a lesson with its video (admin and content): checked with ffprobe (anything else is refused), stored as fast-start MP4',
      auth: staff,
      params: { id: { schema: uuid(), description: 'The course id (UUID)', invalid: () => refusal('COURSE_NOT_FOUND') } },
      before: [videoUpload(deps.maxVideoBytes ?? MAX_LESSON_VIDEO_BYTES)],
      body: {
        schema: z.object({}),
        mediaType: 'multipart/form-data',
        documented: z.object({
          title: z.string().meta({ description: 'At least 2 characters' }),
          status: z.enum(['open', 'login', 'paid']),
          video: z.string().meta({ format: 'binary', description: 'The lesson video (MP4, MOV, WebM, MKV)' }),
        }),
      },
      responses: {
        201: answer(done(LessonSchema), "'Lesson added'"),
        400: fail("Missing fields, 'Please enter a title for the lesson', or the file is not a video"),
        404: fail('Unknown course'),
        413: fail('The video is too large'),
      },
      handler: async ({ req, res, param }) => {
        const body = (req.body ?? {}) as Record<string, unknown>;
        const uploads = await checkUploads(req);
        const video = uploads.video?.[0];
        if (!video) throw refusal('VIDEO_REQUIRED', { fields: { video: 'VIDEO_REQUIRED' } });
        const title = typeof body.title === 'string' ? body.title : '';
        const lessonStatus = typeof body.status === 'string' ? body.status : '';
        const caller = callerOf(res);
        const { course } = await catalogue
          .getCourse({ id: param('id'), includeUnpublished: true }, caller)
          .catch((err: unknown) => (isGrpcStatusError(err) && err.code === status.NOT_FOUND ? { course: undefined } : Promise.reject(err)));
        if (!course) throw refusal('COURSE_NOT_FOUND');
        // Into the files port, where learning (another process in cluster mode) checks and stores it;
        // removed again if learning refuses it.
        const lesson = await storeUploads(deps.files, async (store) => {
          const { key } = await store.raw(video);
          return (await learning.addLesson({ courseId: course.id, title, status: lessonStatus, uploadKey: key }, caller)).lesson!;
        });
        res.status(201).json({ success: true, message: 'Lesson added', data: toLesson(lesson) });
      },
    }),

    // ---- Certificates ----
    defineRoute({
      method: 'get',
      path: '/course/certificate/{userEmail}/{courseId}/{courseName}',
      summary: "Ask for the course's certificate (students with an enrolment who completed every lesson): status success (asked now), pending or provided, with a message",
      auth: student,
      params: {
        userEmail: { schema: z.string().max(254), description: "The caller's own e-mail; another gives 403" },
        courseId: { schema: uuid(), description: 'The course id (UUID)', invalid: () => refusal('COURSE_NOT_FOUND') },
        courseName: { schema: z.string().max(300), description: 'Shown by the client; the certificate takes the catalogue’s title' },
      },
      responses: {
        200: answer(done(z.object({ status: z.enum(['success', 'pending', 'provided']), certificate: CertificateSchema }))),
        400: fail("'Purchase the course First!!': no enrolment in this course; CERTIFICATE_NEEDS_ALL_LESSONS: a lesson of the course is not completed yet"),
        403: fail('Another user’s e-mail'),
        404: fail('Unknown course'),
      },
      handler: async ({ res, param }) => {
        const caller = callerOf(res);
        const { user } = await identity.getUser({ id: caller.userId }, caller);
        if (!user || user.email.toLowerCase() !== param('userEmail').toLowerCase()) throw refusal('NOT_YOUR_CERTIFICATE');
        const { course } = await catalogue.getCourse({ id: param('courseId') });
        if (!course) throw refusal('COURSE_NOT_FOUND');
        const asked = await learning.requestCertificate({ courseId: course.id, userName: user.name, userEmail: user.email, courseName: course.title }, caller);
        res.json({ success: true, message: asked.message, data: { status: asked.outcome as 'success' | 'pending' | 'provided', certificate: toCertificate(asked.certificate!) } });
      },
    }),
    defineRoute({
      method: 'get',
      path: '/certificates/mine',
      summary: "The caller's certificates, provided and pending, newest request first (students; the panel's My certificates)",
      auth: student,
      responses: { 200: answer(envelope(z.array(CertificateSchema))) },
      handler: async ({ res }) => {
        const { certificates } = await learning.listMyCertificates({}, callerOf(res));
        res.json(ok(certificates.map(toCertificate)));
      },
    }),
    defineRoute({
      method: 'get',
      path: '/user/certificatelist/work',
      summary: 'Certificate requests, pending first, 20 a page (admin and content)',
      auth: staff,
      query: { page: { schema: z.string().regex(/^[0-9]{1,6}$/), description: 'The page, from 1 (default 1)' } },
      responses: { 200: answer(envelope(z.object({ certificates: z.array(CertificateSchema), total: z.int().min(0), page: z.int().min(1), pageSize: z.int() }))) },
      handler: async ({ req, res }) => {
        const page = Math.max(1, Math.min(Number.parseInt(String(req.query.page ?? '1'), 10) || 1, 100_000));
        const { certificates, total } = await learning.listCertificateRequests({ page }, callerOf(res));
        res.json(ok({ certificates: certificates.map(toCertificate), total, page, pageSize: 20 }));
      },
    }),
    defineRoute({
      method: 'get',
      path: '/user/certificate/{id}',
      summary: "Mark a certificate request provided, making its PDF: 'Cetificate Provided Successfully!!' (admin and content)",
      auth: staff,
      params: { id: { schema: uuid(), description: 'The certificate request id', invalid: () => refusal('CERTIFICATE_PROVIDE_FAILED') } },
      responses: { 200: answer(done(CertificateSchema)), 404: fail('Unknown request') },
      handler: async ({ res, param }) => {
        const { certificate } = await learning.provideCertificate({ id: param('id') }, callerOf(res));
        res.json({ success: true, message: 'Cetificate Provided Successfully!!', data: toCertificate(certificate!) });
      },
    }),
    defineRoute({
      method: 'get',
      path: '/certificate/{id}',
      summary: 'Verify a certificate (public): the name, course and date of a provided certificate, or 404',
      params: { id: { schema: uuid(), description: 'The certificate id', invalid: () => refusal('CERTIFICATE_NOT_FOUND') } },
      fairUse: 'reads',
      responses: {
        200: answer(envelope(z.object({ valid: z.literal(true), id: z.string(), userName: z.string(), courseName: z.string(), providedAt: z.string() }))),
        404: fail('No such certificate'),
      },
      handler: async ({ res, param }) => {
        const { certificate: c } = await learning.verifyCertificate({ id: param('id') }, null);
        res.json(ok({ valid: true as const, id: c!.id, userName: c!.userName, courseName: c!.courseName, providedAt: c!.providedAt }));
      },
    }),
    defineRoute({
      method: 'get',
      path: '/certificate/{id}/pdf',
      summary: 'The PDF of a provided certificate (public, by its unguessable id)',
      params: { id: { schema: uuid(), description: 'The certificate id', invalid: () => refusal('CERTIFICATE_NOT_FOUND') } },
      fairUse: 'reads',
      responses: { 200: { description: 'The certificate', content: { 'application/pdf': z.string().meta({ format: 'binary' }) } }, 404: fail('No such certificate') },
      handler: async ({ res, param }) => {
        const { pdf } = await learning.getCertificatePdf({ id: param('id') }, null);
        res.status(200).setHeader('Content-Type', 'application/pdf');
        res.setHeader('Content-Disposition', `inline; filename="taal-certificate-${param('id')}.pdf"`);
        res.setHeader('X-Content-Type-Options', 'nosniff');
        res.send(Buffer.from(pdf));
      },
    }),
  ];
}
