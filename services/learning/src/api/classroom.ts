/** The learner's side: a course's lessons and documents, a lesson's playback and progress, and the caller's classroom. */
import { pipeline } from 'node:stream/promises';
import { z } from 'zod';
import { COURSE_DOCUMENT_NAME, courseDocumentKey, courseDocumentUrl, learningV1 } from '@taal/contracts';
import { answer, badRequest, envelope, fail, listOf, callerOf, callerOrNull, requireAuth, UserRoles, refusal, ok, defineRoute, type RouteSpec } from '@taal/edge';
import { type LearningRouteDeps, forCaller, uuid, LessonSchema, toLesson, guards } from './shape';

const EnrolmentSchema = z
  .object({ course: z.string(), tier: z.string(), expiresAt: z.string(), active: z.boolean(), createdAt: z.string() })
  .meta({ id: 'Enrolment' });
const toEnrolment = (e: learningV1.Enrolment) => ({ course: e.courseId, tier: e.tier, expiresAt: e.expiresAt, active: e.active, createdAt: e.createdAt });

const ProgressSchema = z.object({ lesson: z.string(), position: z.number(), completed: z.boolean(), practiceSeconds: z.int().min(0) }).meta({ id: 'LessonProgress' });
const toProgress = (p: learningV1.LessonProgress) => ({ lesson: p.lessonId, position: p.positionSeconds, completed: p.completed, practiceSeconds: p.practiceSeconds });


export function classroomRoutes(deps: LearningRouteDeps): RouteSpec[] {
  const { learning, tokens, catalogue } = deps;
  const { anyone, student } = guards(tokens);
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
        const answerOf = await learning.secureCourse(forCaller(callerOrNull(res)), learningV1.GetSecureCourseRequest.fromPartial({ courseId: param('id') }));
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
        const { fullAccess } = await learning.secureCourse(forCaller(caller), learningV1.GetSecureCourseRequest.fromPartial({ courseId: param('id') }));
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
        const playback = await learning.playback(forCaller(callerOrNull(res)), learningV1.GetPlaybackRequest.fromPartial({ lessonId: param('id') }));
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
        const progress = await learning.recordProgress(forCaller(callerOf(res)), {
          lessonId: param('id'),
          positionSeconds: body.position,
          completed: body.completed ?? false,
          practicedSeconds: body.practicedSeconds ?? 0,
        });
        res.json(ok(toProgress(progress)));
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
        const courses = await learning.classroom(forCaller(caller));
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
  ];
}
