import { z } from 'zod';
import { type identityV1, type questionsV1, type RefusalKey } from '@taal/contracts';
import { answer, callerOf, dateTime, defineRoute, done, fail, ID_PATTERN, listOf, ok, refusal, requireAuth, UserRoles, type AccessTokenVerifier, type RouteSpec, type ServiceApi } from '@taal/edge';

/**
 * Questions under a lesson (issue 41, decision 0050), answered by messaging's
 * LessonQuestionsService, which decides who may read, ask, answer, follow and hide: a lesson's
 * threads for anyone enrolled in the course, its instructor and admins; questions from students
 * with an active enrolment; answers from the course's instructor (or an admin), which notify the
 * asker and the followers; the instructor's unanswered list; an admin hides a question.
 */
const uuid = () => z.string().regex(new RegExp(ID_PATTERN));
const text = (max: number, missing: RefusalKey) => z.string({ error: missing }).max(max, 'TEXT_TOO_LONG').regex(/\S/, missing);

const AnswerSchema = z
  .object({
    _id: z.string(),
    authorName: z.string(),
    authorRole: z.number().int().meta({ description: '1 admin, 3 instructor' }),
    body: z.string(),
    createdAt: dateTime(),
  })
  .meta({ id: 'QuestionAnswer' });
const QuestionSchema = z
  .object({
    _id: z.string(),
    course: z.string(),
    lesson: z.string(),
    askedBy: z.string().meta({ description: "The asker's user id" }),
    askerName: z.string(),
    body: z.string(),
    createdAt: dateTime(),
    answered: z.boolean(),
    hidden: z.boolean().meta({ description: 'Hidden by an admin (only admins see hidden questions)' }),
    answers: z.array(AnswerSchema).meta({ description: 'Oldest first' }),
    followers: z.number().int(),
    following: z.boolean().meta({ description: 'Whether the caller follows it' }),
    lessonTitle: z.string(),
    courseTitle: z.string(),
  })
  .meta({ id: 'LessonQuestion' });
const toQuestion = (q: questionsV1.LessonQuestion) => ({
  _id: q.id,
  course: q.courseId,
  lesson: q.lessonId,
  askedBy: q.askedBy,
  askerName: q.askerName,
  body: q.body,
  createdAt: q.createdAt,
  answered: q.answered,
  hidden: q.hidden,
  answers: q.answers.map((a) => ({ _id: a.id, authorName: a.authorName, authorRole: a.authorRole, body: a.body, createdAt: a.createdAt })),
  followers: q.followers,
  following: q.following,
  lessonTitle: q.lessonTitle,
  courseTitle: q.courseTitle,
});

export interface QuestionRouteDeps {
  questions: ServiceApi<questionsV1.LessonQuestionsServiceServer>;
  identity: ServiceApi<identityV1.IdentityServiceServer>;
  tokens: AccessTokenVerifier;
}

export function questionRoutes({ questions, identity, tokens }: QuestionRouteDeps): RouteSpec[] {
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
        const { questions: found } = await questions.listLessonQuestions({ courseId: param('courseId'), lessonId: param('lessonId') }, callerOf(res));
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
      },
      handler: async ({ res, param, body }) => {
        const caller = callerOf(res);
        const { question } = await questions.askQuestion(
          { courseId: param('courseId'), lessonId: param('lessonId'), body: body.body, askerName: await nameOf(caller) },
          caller,
        );
        res.status(201).json({ success: true, message: 'Question posted', data: toQuestion(question!) });
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
      },
      handler: async ({ res, param, body }) => {
        const caller = callerOf(res);
        const { question } = await questions.answerQuestion({ id: param('id'), body: body.body, authorName: await nameOf(caller) }, caller);
        res.json({ success: true, message: 'Answer posted', data: toQuestion(question!) });
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
        const { question } = await questions.followQuestion({ id: param('id'), follow: body.follow }, callerOf(res));
        res.json({ success: true, message: body.follow ? 'Following' : 'Not following', data: toQuestion(question!) });
      },
    }),
    defineRoute({
      method: 'get',
      path: '/questions/unanswered',
      summary: "Unanswered questions, the longest waiting first: an instructor's own courses', or every course's for an admin",
      auth: instructorOrAdmin,
      responses: { 200: answer(listOf(QuestionSchema)) },
      handler: async ({ res }) => {
        const { questions: found } = await questions.listUnansweredQuestions({}, callerOf(res));
        res.json(ok(found.map(toQuestion)));
      },
    }),
    defineRoute({
      method: 'get',
      path: '/questions/recent',
      summary: 'The newest questions of every course, hidden ones included',
      auth: admin,
      responses: { 200: answer(listOf(QuestionSchema)) },
      handler: async ({ res }) => {
        const { questions: found } = await questions.listRecentQuestions({}, callerOf(res));
        res.json(ok(found.map(toQuestion)));
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
        const { question } = await questions.hideQuestion({ id: param('id'), hidden: body.hidden }, callerOf(res));
        res.json({ success: true, message: body.hidden ? 'Question hidden' : 'Question shown', data: toQuestion(question!) });
      },
    }),
  ];
}

