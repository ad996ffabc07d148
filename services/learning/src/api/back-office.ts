/** The back office's side: expired subscriptions, and lessons renamed or added with their video. */
import { z } from 'zod';
import { status } from '@grpc/grpc-js';
import { isGrpcStatusError } from '@taal/kit';
import { answer, done, fail, listOf, callerOf, refusal, acceptUploads, checkUploads, storeUploads, ok, defineRoute, type RouteSpec, usersById } from '@taal/edge';
import { type LearningRouteDeps, forCaller, MAX_LESSON_VIDEO_BYTES, uuid, LessonSchema, toLesson, guards } from './shape';

/** The video part streamed to a temporary file (never into memory) by the one upload mechanism; 413 over the limit. */
const videoUpload = (maxBytes: number) => acceptUploads({ video: { kind: 'video', maxBytes } }, { maxFields: 10, maxFieldBytes: 4096 });

export function backOfficeRoutes(deps: LearningRouteDeps): RouteSpec[] {
  const { learning, identity, tokens, catalogue } = deps;
  const { staff } = guards(tokens);

  return [
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
        const enrolments = await learning.expired(forCaller(caller));
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
        const lesson = await learning.renameLesson(forCaller(callerOf(res)), { lessonId: body.id, title: body.originalname });
        res.json({ success: true, message: 'lesson name updated successfully', data: toLesson(lesson) });
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
        // Into the files port, where learning's use case checks and stores it; removed again if it is refused.
        const lesson = await storeUploads(deps.files, async (store) => {
          const { key } = await store.raw(video);
          return learning.addLesson(forCaller(caller), { courseId: course.id, title, status: lessonStatus, uploadKey: key });
        });
        res.status(201).json({ success: true, message: 'Lesson added', data: toLesson(lesson) });
      },
    }),

  ];
}
