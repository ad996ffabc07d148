import { z } from 'zod';
import { type identityV1, type RefusalKey } from '@taal/contracts';
import { answer, callerOf, dateTime, defineRoute, linkHeader, linkNext, done, fail, ID_PATTERN, listOf, ok, refusal, requireAuth, tooMany, UserRoles, type AccessTokenVerifier, type RouteSpec, type ServiceApi } from '@taal/edge';
import type { LessonQuestions } from '../app/questions';
import type { WriteLimiters } from './limits';
import { forCaller } from './shape';
import { QuestionSchema, toQuestion } from './questions-shape';
import { LIST_BOUNDS, listRoutes } from './pages';

/** The spec's unanswered list is made from the newest this many unanswered questions (the store's UNANSWERED_SCAN, decision 0087). */
const UNANSWERED_BOUND = 200;

/**
 * Questions under a lesson (issue 41, decision 0050), answered by messaging's
 * LessonQuestionsService, which decides who may read, ask, answer, follow and hide: a lesson's
 * threads for anyone enrolled in the course, its instructor and admins; questions from students
 * with an active enrolment; answers from the course's instructor (or an admin), which notify the
 * asker and the followers; the instructor's unanswered list, a page of askers at a time; an admin
 * hides a question, or every question of one user. Asking and answering are limited per user and
 * per course or question (decision 0063).
 */
const uuid = () => z.string().regex(new RegExp(ID_PATTERN));
const text = (max: number, missing: RefusalKey) => z.string({ error: missing }).max(max, 'TEXT_TOO_LONG').regex(/\S/, missing);

const UnansweredAskerSchema = z
  .object({
    askedBy: z.string().meta({ description: "The asker's user id" }),
    askerName: z.string(),
    questions: z.int().min(0).meta({ description: 'Their unanswered questions' }),
    shown: z.int().min(0).meta({ description: 'Of those, on this page (their newest, at most 3)' }),
    newestAt: dateTime(),
  })
  .meta({ id: 'UnansweredAsker' });
const UnansweredPageSchema = listOf(QuestionSchema)
  .extend({
    askers: z.array(UnansweredAskerSchema).meta({ description: "The page's askers, the one with the newest question first; `data` holds their shown questions in this order" }),
    total: z.int().min(0).meta({ description: 'Askers with unanswered questions (pages are made of askers)' }),
    totalQuestions: z.int().min(0),
    page: z.int().min(1),
    pageSize: z.int().min(1),
  })
  .meta({ id: 'UnansweredQuestionsPage' });
const pageNumber = (what: string) => ({ schema: z.string().regex(/^[1-9][0-9]{0,3}$/), description: what });

export interface QuestionRouteDeps {
  questions: LessonQuestions;
  identity: ServiceApi<identityV1.IdentityServiceServer>;
  tokens: AccessTokenVerifier;
  /** Limits on what a user writes (decision 0063). */
  writes: WriteLimiters;
}

export function questionRoutes({ questions, identity, tokens, writes }: QuestionRouteDeps): RouteSpec[] {
  const signedIn = { label: 'enrolled students, the course’s instructor and admins', check: requireAuth(tokens) };
  const student = { label: 'students enrolled in the course (active access)', check: requireAuth(tokens, UserRoles.student) };
  const instructorOrAdmin = { label: 'the course’s instructor, or an admin', check: requireAuth(tokens, UserRoles.instructor, UserRoles.admin) };
  const follower = { label: 'whoever may read the thread', check: requireAuth(tokens, UserRoles.student, UserRoles.instructor, UserRoles.admin) };
  const admin = { label: 'admin only', check: requireAuth(tokens, UserRoles.admin) };
  const lessonParams = {
    courseId: { schema: uuid(), description: 'The course id (UUID)', invalid: () => refusal('COURSE_NOT_FOUND') },
    lessonId: { schema: uuid(), description: 'The lesson id (UUID)', invalid: () => refusal('LESSON_NOT_FOUND') },
  };
  const idParam = { id: { schema: uuid(), description: 'The question id (UUID)', invalid: () => refusal('QUESTION_NOT_FOUND') } };
  /** The caller's name as their account has it (shown in the thread). */
  const nameOf = async (caller: ReturnType<typeof callerOf>) => {
    const { user } = await identity.getUser({ id: caller.userId }, caller);
    return user?.name ?? '';
  };

  return [
    defineRoute({
      method: 'get',
      path: '/questions/course/{courseId}/lesson/{lessonId}',
      summary: "A lesson's question threads, newest first, each with its answers (oldest first) and whether the caller follows it",
      auth: signedIn,
      params: lessonParams,
      responses: {
        200: answer(listOf(QuestionSchema)),
        403: fail('Not enrolled in the course, nor its instructor or an admin (QUESTIONS_ENROLLED_ONLY)'),
        404: fail('Course not found'),
      },
      handler: async ({ res, param }) => {
        const found = await questions.list(forCaller(callerOf(res)), param('courseId'), param('lessonId'));
        res.json(ok(found.map(toQuestion)));
      },
    }),
    defineRoute({
      method: 'post',
      path: '/questions/course/{courseId}/lesson/{lessonId}',
      summary: 'Asks a question under a lesson (a student with an active enrolment); the asker follows it',
      auth: student,
      params: lessonParams,
      body: { schema: z.object({ body: text(2000, 'QUESTION_REQUIRED') }) },
      responses: {
        201: answer(done(QuestionSchema), "'Question posted'"),
        400: fail('A blank or too long question (QUESTION_REQUIRED, TEXT_TOO_LONG)'),
        403: fail('Not enrolled in the course (QUESTIONS_ENROLLED_ONLY), or its access has ended (QUESTION_ACCESS_ENDED)'),
        404: fail('Course or lesson not found'),
        429: tooMany('Too many questions from this student within the hour, or on this course (TOO_MANY_QUESTIONS)'),
      },
      handler: async ({ res, param, body }) => {
        const caller = callerOf(res);
        const question = await writes.question.run(caller.userId, param('courseId'), async () =>
          questions.ask(forCaller(caller), { courseId: param('courseId'), lessonId: param('lessonId'), body: body.body, askerName: await nameOf(caller) }),
        );
        res.status(201).json({ success: true, message: 'Question posted', data: toQuestion(question) });
      },
    }),
    defineRoute({
      method: 'post',
      path: '/questions/{id}/answer',
      summary: "Answers a question (the course's instructor, or an admin): the asker and the followers are notified (the bell and a mail in their language)",
      auth: instructorOrAdmin,
      params: idParam,
      body: { schema: z.object({ body: text(5000, 'ANSWER_REQUIRED') }) },
      responses: {
        200: answer(done(QuestionSchema), "'Answer posted'"),
        400: fail('A blank or too long answer (ANSWER_REQUIRED, TEXT_TOO_LONG)'),
        403: fail("A question on another instructor's course (NOT_YOUR_COURSE_QUESTION)"),
        404: fail('Question not found'),
        409: fail('An admin hid the question (QUESTION_HIDDEN)'),
        429: tooMany('Too many answers from this user within the hour, or to this question (TOO_MANY_ANSWERS)'),
      },
      handler: async ({ res, param, body }) => {
        const caller = callerOf(res);
        const question = await writes.answer.run(caller.userId, param('id'), async () =>
          questions.answer(forCaller(caller), { id: param('id'), body: body.body, authorName: await nameOf(caller) }),
        );
        res.json({ success: true, message: 'Answer posted', data: toQuestion(question) });
      },
    }),
    defineRoute({
      method: 'put',
      path: '/questions/{id}/follow',
      summary: 'Follows a question (notified of its answers) or stops following it',
      auth: follower,
      params: idParam,
      body: { schema: z.object({ follow: z.boolean() }) },
      responses: {
        200: answer(done(QuestionSchema), "'Following' or 'Not following'"),
        400: fail('Not a JSON object with a boolean `follow`'),
        403: fail('Not enrolled in the course, nor its instructor or an admin'),
        404: fail('Question not found'),
      },
      handler: async ({ res, param, body }) => {
        const question = await questions.follow(forCaller(callerOf(res)), { id: param('id'), follow: body.follow });
        res.json({ success: true, message: body.follow ? 'Following' : 'Not following', data: toQuestion(question) });
      },
    }),
    defineRoute({
      method: 'get',
      path: '/questions/unanswered',
      summary:
        `Unanswered questions (an instructor's own courses', or every course's for an admin), a page of askers at a time: the asker with the newest question first, each with their newest 3 questions (newest first) and how many they have in all, made from the newest ${UNANSWERED_BOUND} unanswered questions (the rest through GET questions/unanswered/page, named by the Link header)`,
      auth: instructorOrAdmin,
      query: { page: pageNumber('1-based page of askers (default 1)'), pageSize: pageNumber('Askers per page, at most 50 (default 20)') },
      responses: { 200: { ...answer(UnansweredPageSchema), headers: linkHeader } },
      handler: async ({ req, res }) => {
        const found = await questions.unanswered(forCaller(callerOf(res)), { page: Number(req.query.page ?? 1), pageSize: Number(req.query.pageSize ?? 0) });
        linkNext(res, '/api/v1/questions/unanswered/page', {}, found.next);
        res.json({
          ...ok(found.questions.map(toQuestion)),
          askers: found.askers.map((a) => ({ askedBy: a.askedBy, askerName: a.askerName, questions: a.questions, shown: a.shown, newestAt: a.newestAt })),
          total: found.total,
          totalQuestions: found.totalQuestions,
          page: found.page,
          pageSize: found.pageSize,
        });
      },
    }),
    ...listRoutes({
      pagePath: '/questions/unanswered/page',
      summary: "Unanswered questions (an instructor's own courses', or every course's for an admin), newest first, each with its thread",
      auth: instructorOrAdmin,
      bound: UNANSWERED_BOUND,
      item: QuestionSchema,
      toApi: toQuestion,
      read: async (_req, res, _param, page) => {
        return questions.unansweredKeysetPage(forCaller(callerOf(res)), page);
      },
    }),
    ...listRoutes({
      path: '/questions/recent',
      pagePath: '/questions/recent/page',
      summary: 'The newest questions of every course, hidden ones included',
      auth: admin,
      bound: LIST_BOUNDS.questions,
      item: QuestionSchema,
      toApi: toQuestion,
      read: async (_req, res, _param, page) => {
        return questions.recent(forCaller(callerOf(res)), page);
      },
    }),
    defineRoute({
      method: 'put',
      path: '/questions/{id}/hidden',
      summary: 'Hides a question from students and instructors, or shows it again',
      auth: admin,
      params: idParam,
      body: { schema: z.object({ hidden: z.boolean() }) },
      responses: {
        200: answer(done(QuestionSchema), "'Question hidden' or 'Question shown'"),
        400: fail('Not a JSON object with a boolean `hidden`'),
        404: fail('Question not found'),
      },
      handler: async ({ res, param, body }) => {
        const question = await questions.hide(forCaller(callerOf(res)), { id: param('id'), hidden: body.hidden });
        res.json({ success: true, message: body.hidden ? 'Question hidden' : 'Question shown', data: toQuestion(question) });
      },
    }),
    defineRoute({
      method: 'put',
      path: '/questions/user/{userId}/hidden',
      summary: "Hides every question one user asked, on every course, from students and instructors (their answer mails not sent yet are withdrawn), or shows them all again",
      auth: admin,
      params: { userId: { schema: uuid(), description: "The asker's user id (UUID)", invalid: () => refusal('USER_NOT_FOUND') } },
      body: { schema: z.object({ hidden: z.boolean() }) },
      responses: {
        200: answer(done(z.object({ changed: z.int().min(0).meta({ description: 'Questions whose state changed' }) })), "'Questions hidden' or 'Questions shown'"),
        400: fail('Not a JSON object with a boolean `hidden`'),
        404: fail('Not a user id'),
      },
      handler: async ({ res, param, body }) => {
        const changed = await questions.hideUser(forCaller(callerOf(res)), { userId: param('userId'), hidden: body.hidden });
        res.json({ success: true, message: body.hidden ? 'Questions hidden' : 'Questions shown', data: { changed } });
      },
    }),
  ];
}

