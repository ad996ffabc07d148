/**
 * Theory exams (issue 53, decision 0072), answered by learning's exams (src/app), which decide who
 * may write and take them: the author's exam (with its key) and its media, the student's exam
 * (never the key), starting an attempt and submitting it (graded once), and a question's audio.
 */
import { pipeline } from 'node:stream/promises';
import { z } from 'zod';
import { examsV1 } from '@taal/contracts';
import { acceptUploads, answer, callerOf, checkUploads, defineRoute, done, fail, ok, refusal, storeUploads, envelope, type RouteSpec } from '@taal/edge';
import type { Exams } from '../app/exams';
import { AttemptSchema, ExamDraftSchema, ExamSchema, StudentExamSchema, examRouteParts, toAttempt, toExam, toStudentExam } from './exam-shape';
import { type LearningRouteDeps, forCaller, uuid } from './shape';

export const MAX_EXAM_AUDIO_BYTES = 5 * 1024 * 1024;
const AUDIO_NAME = /^[0-9a-f-]{36}\.m4a$/;
/** A picture is re-encoded like every image; an audio clip goes to learning as a file (ffprobe checks it there). */
const mediaUpload = acceptUploads(
  { image: { kind: 'image' }, audio: { kind: 'video', maxBytes: MAX_EXAM_AUDIO_BYTES } },
  {
    maxFields: 2,
    maxFieldBytes: 256,
    tooLarge: (field) =>
      field === 'audio'
        ? refusal('AUDIO_TOO_LARGE', { params: { max: '5 MB' }, fields: { audio: 'AUDIO_TOO_LARGE' } })
        : refusal('IMAGE_TOO_LARGE', { params: { field, max: '5 MB' }, fields: { image: 'IMAGE_TOO_LARGE' } }),
  },
);

export function examRoutes(deps: LearningRouteDeps & { exams: Exams }): RouteSpec[] {
  const { exams, tokens, files } = deps;
  const { author, student, courseParam, notYours } = examRouteParts(tokens);

  return [
    defineRoute({
      method: 'get',
      path: '/courses/{courseId}/exam',
      summary: "The course's theory exam with its answer key (the course's instructor, content and admin); data is null while it has none",
      auth: author,
      params: courseParam,
      responses: { 200: answer(envelope(ExamSchema.nullable())), 403: notYours, 404: fail('Unknown course') },
      handler: async ({ res, param }) => {
        const { exam } = await exams.get(forCaller(callerOf(res)), { courseId: param('courseId') });
        res.json(ok(exam ? toExam(exam) : null));
      },
    }),
    defineRoute({
      method: 'put',
      path: '/courses/{courseId}/exam',
      summary: "Writes the course's theory exam (the course's instructor, content and admin): 'Exam saved'",
      auth: author,
      params: courseParam,
      body: { schema: ExamDraftSchema },
      responses: {
        200: answer(done(ExamSchema), "'Exam saved'"),
        400: fail('Settings out of range (EXAM_SETTINGS_INVALID), no questions (EXAM_NEEDS_QUESTIONS), or a question without its text, options or answer (EXAM_QUESTION_INVALID)'),
        403: notYours,
        404: fail('Unknown course'),
      },
      handler: async ({ res, param, body }) => {
        const exam = await exams.save(
          forCaller(callerOf(res)),
          examsV1.SaveExamRequest.fromPartial({ courseId: param('courseId'), ...body, questions: body.questions.map((q) => ({ ...q, id: q.id ?? '' })) }),
        );
        res.json({ success: true, message: 'Exam saved', data: toExam(exam) });
      },
    }),
    defineRoute({
      method: 'delete',
      path: '/courses/{courseId}/exam',
      summary: "Deletes the course's theory exam while no student has started it: 'Exam deleted'",
      auth: author,
      params: courseParam,
      responses: { 200: answer(done(z.object({ deleted: z.boolean() }))), 403: notYours, 404: fail('Unknown course, or no exam'), 409: fail('Students have taken it (EXAM_IN_USE)') },
      handler: async ({ res, param }) => {
        const deleted = await exams.delete(forCaller(callerOf(res)), { courseId: param('courseId') });
        res.json({ success: true, message: 'Exam deleted', data: { deleted } });
      },
    }),
    defineRoute({
      method: 'post',
      path: '/courses/{courseId}/exam/media',
      summary: "A question's picture (JPEG, PNG, GIF or WebP, re-encoded) or audio clip (at most 60 s and 5 MB, checked with ffprobe, stored as AAC): its URL for the question",
      auth: author,
      params: courseParam,
      before: [mediaUpload],
      body: {
        schema: z.object({}),
        mediaType: 'multipart/form-data',
        documented: z.object({
          image: z.string().meta({ format: 'binary', description: 'A picture (or send audio)' }).optional(),
          audio: z.string().meta({ format: 'binary', description: 'An audio clip (MP3, M4A, OGG, WAV, WebM)' }).optional(),
        }),
      },
      responses: {
        201: answer(done(z.object({ kind: z.enum(['image', 'audio']), url: z.string() }))),
        400: fail('No file (EXAM_MEDIA_REQUIRED), not a picture (NOT_AN_IMAGE) or not an audio clip of at most 60 s (NOT_AN_AUDIO_CLIP)'),
        403: notYours,
        404: fail('Unknown course'),
        413: fail('Over 5 MB'),
      },
      handler: async ({ req, res, param }) => {
        const caller = forCaller(callerOf(res));
        const courseId = param('courseId');
        const uploads = await checkUploads(req);
        const image = uploads.image?.[0];
        const audio = uploads.audio?.[0];
        if (!image && !audio) throw refusal('EXAM_MEDIA_REQUIRED');
        const stored = await storeUploads(files, async (store) => {
          if (audio) {
            const { key } = await store.raw(audio);
            return { kind: 'audio' as const, url: (await exams.addAudio(caller, { courseId, uploadKey: key })).url };
          }
          await exams.get(caller, { courseId }); // the author's check, before anything is kept
          return { kind: 'image' as const, url: (await store.image(image!)).url };
        });
        res.status(201).json({ success: true, message: 'Uploaded', data: stored });
      },
    }),
    defineRoute({
      method: 'get',
      path: '/exam-audio/{name}',
      summary: "A theory exam question's audio clip (public by its unguessable name, like a course's pictures; it holds no answer)",
      params: { name: { schema: z.string().regex(AUDIO_NAME), description: 'The stored name (a UUID)', invalid: () => refusal('NO_SUCH_FILE') } },
      fairUse: 'reads',
      responses: { 200: { description: 'The clip', content: { 'audio/mp4': z.string().meta({ format: 'binary' }) } }, 404: fail('No such file') },
      handler: async ({ req, res, param }) => {
        const found = await files.get(`exam-audio/${param('name')}`);
        if (!found) throw refusal('NO_SUCH_FILE');
        res.status(200);
        res.setHeader('Content-Type', 'audio/mp4');
        res.setHeader('Content-Length', String(found.file.size));
        res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
        if (req.method === 'HEAD') {
          found.body.destroy();
          res.end();
          return;
        }
        await pipeline(found.body, res).catch(() => found.body.destroy());
      },
    }),
    defineRoute({
      method: 'get',
      path: '/classroom/{courseId}/exam',
      summary: "The course's theory exam as its student reads it: settings, their attempts, and the open attempt's questions, never the answer key",
      auth: student,
      params: courseParam,
      responses: { 200: answer(envelope(StudentExamSchema)), 403: fail('No active access (EXAM_ENROLLED_ONLY)'), 404: fail('The course has no exam (EXAM_NOT_FOUND)') },
      handler: async ({ res, param }) => {
        const exam = await exams.forStudent(forCaller(callerOf(res)), { courseId: param('courseId') });
        res.json(ok(toStudentExam(exam)));
      },
    }),
    defineRoute({
      method: 'post',
      path: '/classroom/{courseId}/exam/attempts',
      summary: 'Starts an attempt (or answers the open one): every lesson complete, not passed yet, attempts left',
      auth: student,
      params: courseParam,
      responses: {
        200: answer(envelope(StudentExamSchema)),
        403: fail('No active access (EXAM_ENROLLED_ONLY)'),
        404: fail('The course has no exam (EXAM_NOT_FOUND)'),
        409: fail('A lesson is not complete (EXAM_NEEDS_ALL_LESSONS), passed before (EXAM_ALREADY_PASSED), or no attempts left (EXAM_NO_ATTEMPTS_LEFT)'),
      },
      handler: async ({ res, param }) => {
        const exam = await exams.start(forCaller(callerOf(res)), { courseId: param('courseId') });
        res.json(ok(toStudentExam(exam)));
      },
    }),
    defineRoute({
      method: 'post',
      path: '/exam-attempts/{id}/submit',
      summary: 'Submits an attempt’s answers; the server grades it once (a repeated or parallel submission answers the grade given): the score and the questions answered wrongly',
      auth: student,
      params: { id: { schema: uuid(), description: 'The attempt id', invalid: () => refusal('EXAM_ATTEMPT_NOT_FOUND') } },
      body: {
        schema: z.object({
          answers: z.array(z.object({ questionId: z.string().max(64), chosen: z.array(z.int().min(0).max(7)).max(8) })).max(100),
        }),
      },
      responses: {
        200: answer(envelope(AttemptSchema.extend({ gradedNow: z.boolean().meta({ description: 'False when it had been graded before' }) }))),
        400: fail('The body is not JSON, or not a list of answers'),
        403: fail('No active access (EXAM_ENROLLED_ONLY)'),
        404: fail('Not the caller’s attempt (EXAM_ATTEMPT_NOT_FOUND)'),
      },
      handler: async ({ res, param, body }) => {
        const { attempt, gradedNow } = await exams.submit(forCaller(callerOf(res)), examsV1.SubmitAttemptRequest.fromPartial({ attemptId: param('id'), answers: body.answers }));
        res.json(ok({ ...toAttempt(attempt!), gradedNow }));
      },
    }),
  ];
}
