/**
 * Theory exams' API shapes (decision 0072): the author's exam with its key, and the student's without.
 * A question's and an option's shapes are read in a body too, so they are not components (a component
 * is one schema for both directions).
 */
import { z } from 'zod';
import type { examsV1 } from '@taal/contracts';
import { fail, refusal, requireAuth, UserRoles, type AccessTokenVerifier } from '@taal/edge';
import { uuid } from './shape';

const text = (max: number) => z.string().max(max);
const kind = z.enum(['single', 'multiple']);
const language = z.enum(['en', 'bn', 'both']);

const OptionSchema = z.object({ textEn: text(300), textBn: text(300), correct: z.boolean().meta({ description: 'Part of the answer key' }) });
const QuestionSchema = z
  .object({
    id: z.string().max(64).meta({ description: 'Given by the server; sent back on an edit, a question keeps it' }),
    kind,
    textEn: text(1000),
    textBn: text(1000),
    imageUrl: z.string().max(200).meta({ description: 'A picture uploaded with POST …/exam/media; empty for none' }),
    audioUrl: z.string().max(200).meta({ description: 'An audio clip uploaded with POST …/exam/media; empty for none' }),
    options: z.array(OptionSchema).max(8),
  });
export const ExamSchema = z
  .object({
    courseId: z.string(),
    language,
    passPercent: z.int().min(1).max(100),
    maxAttempts: z.int().min(1).max(20),
    questions: z.array(QuestionSchema),
    updatedAt: z.string(),
  })
  .meta({ id: 'Exam' });
export const ExamDraftSchema = z.object({
  language: language.meta({ description: 'en, bn or both: the texts each question and option carries' }),
  passPercent: z.int().min(1).max(100).meta({ description: 'The pass mark, in percent' }),
  maxAttempts: z.int().min(1).max(20),
  questions: z.array(QuestionSchema.extend({ id: z.string().max(64).optional() })).max(100),
});

export const toExam = (e: examsV1.Exam) => ({ ...e, language: e.language as 'en' | 'bn' | 'both', questions: e.questions.map((q) => ({ ...q, kind: q.kind as 'single' | 'multiple' })) });

const AttemptSchema = z
  .object({
    id: z.string(),
    number: z.int().min(1),
    startedAt: z.string(),
    submittedAt: z.string().meta({ description: 'Empty while the attempt is open' }),
    scorePercent: z.int().min(0).max(100),
    passed: z.boolean(),
    wrongQuestionIds: z.array(z.string()).meta({ description: 'The questions answered wrongly' }),
  })
  .meta({ id: 'ExamAttempt' });
/** A student's question: no option says whether it is right (the key never leaves learning before grading). */
const StudentQuestionSchema = z
  .object({
    id: z.string(),
    kind,
    textEn: z.string(),
    textBn: z.string(),
    imageUrl: z.string(),
    audioUrl: z.string(),
    options: z.array(z.object({ textEn: z.string(), textBn: z.string() })),
  })
  .meta({ id: 'StudentExamQuestion' });
export const StudentExamSchema = z
  .object({
    courseId: z.string(),
    language,
    passPercent: z.int(),
    maxAttempts: z.int(),
    questionCount: z.int(),
    lessonsComplete: z.boolean().meta({ description: 'Every lesson complete: the exam may be started' }),
    passed: z.boolean(),
    attemptsLeft: z.int().min(0),
    attempts: z.array(AttemptSchema),
    questions: z.array(StudentQuestionSchema).meta({ description: 'The open attempt’s questions; empty while none is open' }),
    openAttemptId: z.string().meta({ description: 'Empty while none is open' }),
  })
  .meta({ id: 'StudentExam' });

export const toAttempt = (a: examsV1.ExamAttempt) => ({ ...a });
export const toStudentExam = (e: examsV1.ExamForStudent) => ({
  ...e,
  language: e.language as 'en' | 'bn' | 'both',
  attempts: e.attempts.map(toAttempt),
  questions: e.questions.map((q) => ({ id: q.id, kind: q.kind as 'single' | 'multiple', textEn: q.textEn, textBn: q.textBn, imageUrl: q.imageUrl, audioUrl: q.audioUrl, options: q.options.map((o) => ({ textEn: o.textEn, textBn: o.textBn })) })),
});
export { AttemptSchema };

/** Who writes an exam: the course's instructor (checked by learning), the content role and the admin. */
export const authors = (tokens: AccessTokenVerifier) => ({
  label: "the course's instructor, content and admin",
  check: requireAuth(tokens, UserRoles.admin, UserRoles.content, UserRoles.instructor),
});

/** What the theory and the practical exam's routes share: who writes them, who takes them, the course parameter and its refusal. */
export const examRouteParts = (tokens: AccessTokenVerifier) => ({
  author: authors(tokens),
  student: { label: 'students only', check: requireAuth(tokens, UserRoles.student) },
  courseParam: { courseId: { schema: uuid(), description: 'The course id (UUID)', invalid: () => refusal('COURSE_NOT_FOUND') } },
  notYours: fail("Not the course's instructor (NOT_YOUR_COURSE_EXAM)"),
});
