/**
 * Questions under a lesson (issue 41, decision 0050): the pure rules. What a question and an
 * answer must hold, who may read a course's threads, ask and answer, and the notification an
 * answer gives each follower.
 */
import { UserRoles, type RefusalKey } from '@taal/contracts';
import { systemNotification } from './notification-texts';
import { clean, conductCheck, type Check } from './rules';

export const QuestionLimits = { question: 2000, answer: 5000, name: 100 } as const;

const refused = (field: string, key: RefusalKey): Check => ({ ok: false, headline: key, fields: { [field]: key } });

export function checkQuestion(body: string | undefined): Check {
  const text = clean(body);
  if (!text) return refused('body', 'QUESTION_REQUIRED');
  if (text.length > QuestionLimits.question) return refused('body', 'TEXT_TOO_LONG');
  return conductCheck('body', text);
}

export function checkAnswer(body: string | undefined): Check {
  const text = clean(body);
  if (!text) return refused('body', 'ANSWER_REQUIRED');
  if (text.length > QuestionLimits.answer) return refused('body', 'TEXT_TOO_LONG');
  return conductCheck('body', text);
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

/** The unanswered list's pages (decision 0063): askers per page by default and at most, and each asker's questions on a page. */
export const UnansweredPaging = { pageSize: 20, maxPageSize: 50, perAsker: 3 } as const;

export interface UnansweredHead {
  _id: string;
  askedBy: string;
  askerName: string;
  createdAt: Date;
}

export interface UnansweredAskerGroup {
  askedBy: string;
  askerName: string;
  /** Their unanswered questions in the list. */
  questions: number;
  /** Their newest ones, shown on this page (at most perAsker), newest first. */
  shownIds: string[];
  newestAt: Date;
}

export interface UnansweredPage {
  askers: UnansweredAskerGroup[];
  /** The shown questions' ids, grouped by asker, in the page's order. */
  ids: string[];
  /** Askers in the whole list. */
  total: number;
  totalQuestions: number;
  page: number;
  pageSize: number;
}

/**
 * A page of the unanswered list from its questions' heads: the askers ordered by their newest
 * question (newest first), `pageSize` askers a page, each with at most `perAsker` of their newest
 * questions, so one asker's many questions cannot push out anyone else's.
 */
export function unansweredPage(heads: readonly UnansweredHead[], page: number, pageSize: number, perAsker: number = UnansweredPaging.perAsker): UnansweredPage {
  const size = Math.min(Math.max(Math.trunc(pageSize) || UnansweredPaging.pageSize, 1), UnansweredPaging.maxPageSize);
  const at = Math.max(Math.trunc(page) || 1, 1);
  const newestFirst = [...heads].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a._id < b._id ? -1 : a._id > b._id ? 1 : 0));
  const groups = new Map<string, UnansweredAskerGroup>();
  for (const h of newestFirst) {
    let g = groups.get(h.askedBy);
    if (!g) {
      g = { askedBy: h.askedBy, askerName: h.askerName, questions: 0, shownIds: [], newestAt: h.createdAt };
      groups.set(h.askedBy, g);
    }
    g.questions += 1;
    if (g.shownIds.length < perAsker) g.shownIds.push(h._id);
  }
  const all = [...groups.values()];
  const askers = all.slice((at - 1) * size, at * size);
  return { askers, ids: askers.flatMap((g) => g.shownIds), total: all.length, totalQuestions: heads.length, page: at, pageSize: size };
}
