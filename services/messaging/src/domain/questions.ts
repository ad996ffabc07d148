/**
 * Questions under a lesson (issue 41, decision 0050): the pure rules. What a question and an
 * answer must hold, who may read a course's threads, ask and answer, and the notification an
 * answer gives each follower.
 */
import { UserRoles, type RefusalKey } from '@taal/contracts';
import { systemNotification } from './notification-texts';
import { clean, type Check } from './rules';

export const QuestionLimits = { question: 2000, answer: 5000, name: 100 } as const;

const refused = (field: string, key: RefusalKey): Check => ({ ok: false, headline: key, fields: { [field]: key } });

export function checkQuestion(body: string | undefined): Check {
  const text = clean(body);
  if (!text) return refused('body', 'QUESTION_REQUIRED');
  if (text.length > QuestionLimits.question) return refused('body', 'TEXT_TOO_LONG');
  return { ok: true };
}

export function checkAnswer(body: string | undefined): Check {
  const text = clean(body);
  if (!text) return refused('body', 'ANSWER_REQUIRED');
  if (text.length > QuestionLimits.answer) return refused('body', 'TEXT_TOO_LONG');
  return { ok: true };
}

/** Who is asking, about which course: the caller's role, profile and standing in the course. */
export interface Reader {
  userType: number;
  /** An instructor account's profile (catalogue id). */
  instructorId?: string;
  /** The course's instructor profile. */
  courseInstructorId: string;
  /** The caller has an enrolment in the course (learning), active or expired; false for staff. */
  enrolled: boolean;
  active: boolean;
}

/** The course's own instructor, or an admin: may answer (and reads every thread). */
export const mayAnswer = (r: Pick<Reader, 'userType' | 'instructorId' | 'courseInstructorId'>): boolean =>
  r.userType === UserRoles.admin || (r.userType === UserRoles.instructor && !!r.instructorId && r.instructorId === r.courseInstructorId);

/** Reads a course's threads: anyone enrolled (an expired access keeps reading what it asked), the course's instructor, an admin. */
export function readRefusal(r: Reader): RefusalKey | null {
  if (mayAnswer(r)) return null;
  if (r.userType === UserRoles.student && r.enrolled) return null;
  return 'QUESTIONS_ENROLLED_ONLY';
}

/** Asks: a student with an active enrolment. */
export function askRefusal(r: Reader): RefusalKey | null {
  if (r.userType !== UserRoles.student || !r.enrolled) return 'QUESTIONS_ENROLLED_ONLY';
  if (!r.active) return 'QUESTION_ACCESS_ENDED';
  return null;
}

/** The notification an answer gives one follower (one per answer and follower). */
export function questionAnsweredNotification(answerId: string, userId: string, courseId: string, lessonTitle: string) {
  return systemNotification('questionAnswered', { lesson: lessonTitle, course: courseId }, `question-answered:${answerId}:${userId}`);
}

/** Whom an answer notifies: the asker and the followers, never the one who answered, each once. */
export function answerRecipients(askedBy: string, followers: readonly string[], answeredBy: string): string[] {
  return [...new Set([askedBy, ...followers])].filter((u) => u && u !== answeredBy);
}
