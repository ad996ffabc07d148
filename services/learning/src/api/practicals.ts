/**
 * Practical exams (issue 53 item 2, decision 0079), answered by learning's practicals (src/app), which
 * decides who may set, submit, see and grade them: the brief (the course's instructor, content,
 * admin), the student's practical with their submissions, a new submission (an audio or video file
 * checked with ffprobe like a lesson video, kept privately), the graders' list and a grade.
 */
import { z } from 'zod';
import type { practicalV1 } from '@taal/contracts';
import { acceptUploads, answer, callerOf, checkUploads, defineRoute, done, envelope, fail, ok, refusal, storeUploads, type RouteSpec } from '@taal/edge';
import type { Practicals } from '../app/practicals';
import { examRouteParts } from './exam-shape';
import { type LearningRouteDeps, forCaller, uuid } from './shape';

export const MAX_PERFORMANCE_BYTES = 200 * 1024 * 1024;
const performanceUpload = acceptUploads(
  { media: { kind: 'video', maxBytes: MAX_PERFORMANCE_BYTES } },
  { maxFields: 2, maxFieldBytes: 256, tooLarge: () => refusal('PERFORMANCE_TOO_LARGE', { params: { max: '200 MB' }, fields: { media: 'PERFORMANCE_TOO_LARGE' } }) },
);

const language = z.enum(['en', 'bn', 'both']);
const BriefSchema = z
  .object({ courseId: z.string(), language, briefEn: z.string(), briefBn: z.string(), enabled: z.boolean(), updatedAt: z.string() })
  .meta({ id: 'PracticalBrief' });
const SubmissionSchema = z
  .object({
    id: z.string(),
    courseId: z.string(),
    userId: z.string(),
    studentName: z.string(),
    number: z.int().min(1),
    mediaKind: z.enum(['audio', 'video']),
    durationSeconds: z.number(),
    mediaUrl: z.string().meta({ description: 'A signed URL of the performance (GET /video/{filename}), valid 20 minutes' }),
    submittedAt: z.string(),
    status: z.enum(['waiting', 'passed', 'failed']),
    comment: z.string().meta({ description: "The grader's comment" }),
    gradedAt: z.string().meta({ description: 'Empty while waiting' }),
  })
  .meta({ id: 'PracticalSubmission' });
const StudentPracticalSchema = z
  .object({
    brief: BriefSchema,
    lessonsComplete: z.boolean(),
    passed: z.boolean(),
    canSubmit: z.boolean().meta({ description: 'Every lesson complete, nothing waiting for a grade, not passed' }),
    submissions: z.array(SubmissionSchema),
  })
  .meta({ id: 'StudentPractical' });

const toBrief = (b: practicalV1.PracticalBrief) => ({ ...b, language: b.language as 'en' | 'bn' | 'both' });
const toSubmission = (s: practicalV1.PracticalSubmission) => ({ ...s, mediaKind: s.mediaKind as 'audio' | 'video', status: s.status as 'waiting' | 'passed' | 'failed' });

export function practicalRoutes(deps: LearningRouteDeps & { practicals: Practicals }): RouteSpec[] {
  const { practicals, tokens, files } = deps;
  const { author, student, courseParam, notYours } = examRouteParts(tokens);

  return [
    defineRoute({
      method: 'get',
      path: '/courses/{courseId}/practical',
      summary: "The course's practical exam brief (the course's instructor, content and admin); data is null while it has none",
      auth: author,
      params: courseParam,
      responses: { 200: answer(envelope(BriefSchema.nullable())), 403: notYours, 404: fail('Unknown course') },
      handler: async ({ res, param }) => {
        const { brief } = await practicals.brief(forCaller(callerOf(res)), { courseId: param('courseId') });
        res.json(ok(brief ? toBrief(brief) : null));
      },
    }),
    defineRoute({
      method: 'put',
      path: '/courses/{courseId}/practical',
      summary: "Sets the course's practical exam: the brief in its language(s), on or off: 'Practical exam saved'",
      auth: author,
      params: courseParam,
      body: {
        schema: z.object({
          language: language.meta({ description: 'en, bn or both: the texts the brief carries' }),
          briefEn: z.string().max(4000),
          briefBn: z.string().max(4000),
          enabled: z.boolean().meta({ description: 'Off: no practical is asked (nor needed for a certificate)' }),
        }),
      },
      responses: { 200: answer(done(BriefSchema), "'Practical exam saved'"), 400: fail('No brief in its language (PRACTICAL_BRIEF_INVALID)'), 403: notYours, 404: fail('Unknown course') },
      handler: async ({ res, param, body }) => {
        const brief = await practicals.saveBrief(forCaller(callerOf(res)), { courseId: param('courseId'), ...body });
        res.json({ success: true, message: 'Practical exam saved', data: toBrief(brief) });
      },
    }),
    defineRoute({
      method: 'get',
      path: '/classroom/{courseId}/practical',
      summary: "The course's practical exam as its student reads it: the brief, their submissions (with signed URLs, grades and comments) and whether they may submit now",
      auth: student,
      params: courseParam,
      responses: { 200: answer(envelope(StudentPracticalSchema)), 403: fail('No active access (EXAM_ENROLLED_ONLY)'), 404: fail('The course has no practical exam (PRACTICAL_NOT_FOUND)') },
      handler: async ({ res, param }) => {
        const practical = await practicals.forStudent(forCaller(callerOf(res)), { courseId: param('courseId') });
        res.json(ok({ ...practical, brief: toBrief(practical.brief!), submissions: practical.submissions.map(toSubmission) }));
      },
    }),
    defineRoute({
      method: 'post',
      path: '/classroom/{courseId}/practical/submissions',
      summary: 'Submits a performance (an audio or video file of at most 15 minutes and 200 MB, checked with ffprobe, kept privately): every lesson complete, nothing waiting, not passed',
      auth: student,
      params: courseParam,
      before: [performanceUpload],
      body: {
        schema: z.object({}),
        mediaType: 'multipart/form-data',
        documented: z.object({ media: z.string().meta({ format: 'binary', description: 'The performance (WebM, MP4, M4A, MP3, OGG, WAV, MOV)' }) }),
      },
      responses: {
        201: answer(done(SubmissionSchema), "'Submitted'"),
        400: fail('No file (PRACTICAL_MEDIA_REQUIRED), or not an audio or video recording (NOT_A_PERFORMANCE)'),
        403: fail('No active access (EXAM_ENROLLED_ONLY)'),
        404: fail('The course has no practical exam (PRACTICAL_NOT_FOUND)'),
        409: fail('A lesson is not complete (EXAM_NEEDS_ALL_LESSONS), a submission waits for its grade (PRACTICAL_AWAITING_GRADE) or passed (PRACTICAL_ALREADY_PASSED)'),
        413: fail('Over 200 MB (PERFORMANCE_TOO_LARGE)'),
      },
      handler: async ({ req, res, param }) => {
        const media = (await checkUploads(req)).media?.[0];
        if (!media) throw refusal('PRACTICAL_MEDIA_REQUIRED', { fields: { media: 'PRACTICAL_MEDIA_REQUIRED' } });
        const submission = await storeUploads(files, async (store) => {
          const { key } = await store.raw(media);
          return practicals.submit(forCaller(callerOf(res)), { courseId: param('courseId'), uploadKey: key });
        });
        res.status(201).json({ success: true, message: 'Submitted', data: toSubmission(submission) });
      },
    }),
    defineRoute({
      method: 'get',
      path: '/practical-submissions',
      summary: "Practical exam submissions to grade (status=waiting, oldest first) or graded (newest first): an instructor's own courses', every course's for content and admin",
      auth: author,
      query: { status: { schema: z.enum(['waiting', 'graded']), description: 'waiting (the default) or graded', invalid: () => refusal('BAD_REQUEST') } },
      responses: { 200: answer(envelope(z.array(SubmissionSchema))), 400: fail('A status other than waiting or graded') },
      handler: async ({ req, res }) => {
        const submissions = await practicals.list(forCaller(callerOf(res)), { status: req.query.status === 'graded' ? 'graded' : 'waiting' });
        res.json(ok(submissions.map(toSubmission)));
      },
    }),
    defineRoute({
      method: 'post',
      path: '/practical-submissions/{id}/grade',
      summary: "Grades a waiting submission pass or fail with a comment (needed for a fail), once; the student is notified: 'Graded'",
      auth: author,
      params: { id: { schema: uuid(), description: 'The submission id', invalid: () => refusal('PRACTICAL_SUBMISSION_NOT_FOUND') } },
      body: { schema: z.object({ passed: z.boolean(), comment: z.string().max(2000) }) },
      responses: {
        200: answer(done(SubmissionSchema), "'Graded'"),
        400: fail('A fail without a comment (PRACTICAL_COMMENT_REQUIRED)'),
        403: notYours,
        404: fail('No such submission (PRACTICAL_SUBMISSION_NOT_FOUND)'),
        409: fail('Graded before (PRACTICAL_ALREADY_GRADED)'),
      },
      handler: async ({ res, param, body }) => {
        const submission = await practicals.grade(forCaller(callerOf(res)), { submissionId: param('id'), ...body });
        res.json({ success: true, message: 'Graded', data: toSubmission(submission) });
      },
    }),
  ];
}
