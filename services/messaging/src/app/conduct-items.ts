/**
 * What can be reported (decision 0076), each kind read and hidden through the mechanism it already
 * has: a lesson question's `hidden` flag (decision 0050), a review's hide (decision 0048, which also
 * moves the course's figures), and flags of their own on answers and on messages and their replies.
 */
import type { ReviewDocuments } from '../store/reviews';
import type { QuestionDocuments } from '../store/questions';
import type { StudentMessageDocuments } from '../store/student-messages';

export const REPORT_KINDS = ['message', 'reply', 'question', 'answer', 'review'] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];
export const isReportKind = (k: string): k is ReportKind => (REPORT_KINDS as readonly string[]).includes(k);

export interface ReportedItem {
  senderId: string;
  senderName: string;
  text: string;
  courseId: string;
  /** The parties of a message (who may see it): the student's user id and the instructor's profile. */
  parties?: { student: string; instructor: string; instructorName: string };
}

export interface ConductItemDeps {
  messages: StudentMessageDocuments;
  questions: QuestionDocuments;
  reviews: ReviewDocuments;
  /** The questions' own hide (decision 0063: it also withdraws answer mails not yet sent), as the deciding admin. */
  hideQuestion: (ctx: unknown, id: string, hidden: boolean) => Promise<unknown>;
  /** Sends a course's rating figures again after a review is hidden or shown (decision 0048). */
  reviewFigures: (courseId: string) => Promise<void>;
}

export class ConductItems {
  constructor(private readonly deps: ConductItemDeps) {}

  async read(kind: ReportKind, id: string): Promise<ReportedItem | null> {
    const d = this.deps;
    switch (kind) {
      case 'message':
      case 'reply': {
        const m = await d.messages.raw(id);
        if (!m || (kind === 'reply' && !m.reply)) return null;
        const parties = { student: m.fromUser, instructor: m.toInstructor, instructorName: m.toName };
        return kind === 'message'
          ? { senderId: m.fromUser, senderName: m.name, text: m.message, courseId: m.courseId, parties }
          : {
              senderId: m.repliedBy ?? '',
              senderName: m.toName,
              text: m.reply,
              courseId: m.courseId,
              parties,
            };
      }
      case 'question': {
        const q = await d.questions.get(id);
        return q && { senderId: q.askedBy, senderName: q.askerName, text: q.body, courseId: q.courseId };
      }
      case 'answer': {
        const a = await d.questions.answer(id);
        const q = a && (await d.questions.get(a.questionId));
        return (
          a && { senderId: a.authorId, senderName: a.authorName, text: a.body, courseId: q?.courseId ?? '' }
        );
      }
      case 'review': {
        const r = await d.reviews.byId(id);
        return r && { senderId: r.userId, senderName: r.userName, text: r.text, courseId: r.courseId };
      }
    }
  }

  /** Hides the item from everyone but admins, or shows it again. */
  async setHidden(
    ctx: unknown,
    kind: ReportKind,
    id: string,
    hidden: boolean,
    adminId: string,
    reason: string,
  ): Promise<void> {
    const d = this.deps;
    switch (kind) {
      case 'message':
      case 'reply':
        await d.messages.setHidden(id, kind, hidden);
        return;
      case 'question':
        await d.hideQuestion(ctx, id, hidden);
        return;
      case 'answer':
        await d.questions.setAnswerHidden(id, hidden);
        return;
      case 'review': {
        const review = hidden ? await d.reviews.hide(id, reason, adminId) : await d.reviews.restore(id);
        if (review) await d.reviewFigures(review.courseId);
        return;
      }
    }
  }
}
