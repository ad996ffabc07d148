/** A lesson question and its answers as the API shows them (decision 0050), from messaging's LessonQuestion. */
import { z } from 'zod';
import type { questionsV1 } from '@taal/contracts';
import { dateTime } from '@taal/edge';

export const AnswerSchema = z
  .object({
    _id: z.string(),
    authorName: z.string(),
    authorRole: z.number().int().meta({ description: '1 admin, 3 instructor' }),
    body: z.string(),
    createdAt: dateTime(),
  })
  .meta({ id: 'QuestionAnswer' });
export const QuestionSchema = z
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
export const toQuestion = (q: questionsV1.LessonQuestion) => ({
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
