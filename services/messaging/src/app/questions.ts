/**
 * Questions under a lesson (issue 41, decision 0050): the use cases. Who may do what is decided
 * here from the verified caller (decision 0008) and where they stand in the course, which learning
 * answers for the caller's own token (`LearningLookup.standing`); the course's instructor comes
 * from the catalogue. An answer notifies the asker and the followers: a notification (the bell,
 * live through the edge's push) and a mail in each recipient's language, both keyed by the answer
 * and the recipient, so answering never notifies anyone twice for the same answer.
 */
import { UserRoles, type questionsV1 } from '@taal/contracts';
import { refuse, refuseFields, requireIdentity, type CallContext, type UserDataVersions } from '@taal/kit';
import type { Logger } from 'pino';
import { answerRecipients, askRefusal, checkAnswer, checkQuestion, mayAnswer, QuestionLimits, questionAnsweredNotification, readRefusal, unansweredPage, type Reader } from '../domain/questions';
import { clean, type Check } from '../domain/rules';
import type { MailDirectory } from '../events/mails';
import type { LearningLookup, QuestionLookups } from '../grpc/lookups';
import type { MessagingDocuments } from '../store/documents';
import { iso } from '../store/schema';
import type { QuestionDocuments, StoredQuestion } from '../store/questions';
import type { PageAsk } from '../store/pages';
import type { TransactionalMails } from './transactional-mail';

/** The caller, and their own access token for asking learning about their enrolment (decision 0008). */
type Ctx = Pick<CallContext, 'identity'> & { accessToken?: string };
const { admin: ADMIN, instructor: INSTRUCTOR, student: STUDENT } = UserRoles;

function refuseIfNot(check: Check): void {
  if (!check.ok) throw refuseFields(check.fields, check.headline);
}

export interface QuestionDeps {
  questions: QuestionDocuments;
  /** Messaging's notifications (the bell). */
  notifications: MessagingDocuments;
  mails: TransactionalMails;
  directory: MailDirectory;
  learning?: LearningLookup;
  lookups: QuestionLookups;
  publicUrl: () => string;
  logger: Logger;
  userData?: Pick<UserDataVersions, 'changed'>;
}

export class LessonQuestions {
  constructor(private readonly deps: QuestionDeps) {}

  /** The caller's user token (the route passes the one the edge verified, decision 0008). */
  private token(ctx: Ctx): string {
    if (!ctx.accessToken) throw refuse('LOGIN_FIRST');
    return ctx.accessToken;
  }

  /** The caller in this course: their role, the course's instructor and, for a student, their enrolment. */
  private async reader(ctx: Ctx, courseId: string): Promise<Reader & { userId: string }> {
    const me = requireIdentity(ctx);
    const course = await this.deps.lookups.course(courseId);
    if (!course) throw refuse('COURSE_NOT_FOUND');
    let standing = { enrolled: false, active: false };
    if (me.userType === STUDENT) {
      if (!this.deps.learning) throw refuse('QUESTIONS_ENROLLED_ONLY');
      standing = await this.deps.learning.standing(this.token(ctx), courseId);
    }
    return { userId: me.userId, userType: me.userType, instructorId: me.instructorId, courseInstructorId: course.instructorId, ...standing };
  }

  private async question(id: string): Promise<StoredQuestion> {
    const found = await this.deps.questions.get(id);
    if (!found) throw refuse('QUESTION_NOT_FOUND');
    return found;
  }

  private async thread(doc: StoredQuestion, viewer: string): Promise<questionsV1.LessonQuestion> {
    const [thread] = await this.deps.questions.threads([doc], viewer);
    return thread!;
  }

  async list(ctx: Ctx, courseId: string, lessonId: string): Promise<questionsV1.LessonQuestion[]> {
    const r = await this.reader(ctx, courseId);
    const no = readRefusal(r);
    if (no) throw refuse(no);
    const docs = await this.deps.questions.lessonQuestions(courseId, lessonId, r.userType === ADMIN);
    return this.deps.questions.threads(docs, r.userId, r.userType === ADMIN);
  }

  async ask(ctx: Ctx, req: questionsV1.AskQuestionRequest): Promise<questionsV1.LessonQuestion> {
    const r = await this.reader(ctx, req.courseId);
    const no = askRefusal(r);
    if (no) throw refuse(no);
    refuseIfNot(checkQuestion(req.body));
    const lesson = await this.deps.lookups.lesson(this.token(ctx), req.courseId, req.lessonId);
    if (!lesson) throw refuse('LESSON_NOT_FOUND');
    const course = await this.deps.lookups.course(req.courseId);
    const doc = await this.deps.questions.add({
      courseId: req.courseId,
      lessonId: req.lessonId,
      instructorId: r.courseInstructorId,
      courseTitle: course?.title ?? '',
      lessonTitle: lesson.title,
      askedBy: r.userId,
      askerName: clean(req.askerName).slice(0, QuestionLimits.name),
      body: clean(req.body),
    });
    // The asker follows their own question.
    await this.deps.questions.follow(doc._id, r.userId, true);
    return this.thread(doc, r.userId);
  }

  async answer(ctx: Ctx, req: questionsV1.AnswerQuestionRequest): Promise<questionsV1.LessonQuestion> {
    const me = requireIdentity(ctx, ADMIN, INSTRUCTOR);
    const question = await this.question(req.id);
    // The course's instructor now (the catalogue), not when it was asked.
    const course = await this.deps.lookups.course(question.courseId);
    if (!mayAnswer({ userType: me.userType, instructorId: me.instructorId, courseInstructorId: course?.instructorId ?? question.instructorId })) {
      throw refuse('NOT_YOUR_COURSE_QUESTION');
    }
    // Hidden means hidden (decision 0063): no answer, so no mail quotes it.
    if (question.hidden) throw refuse('QUESTION_HIDDEN');
    refuseIfNot(checkAnswer(req.body));
    const answer = await this.deps.questions.addAnswer({
      questionId: question._id,
      authorId: me.userId,
      authorName: clean(req.authorName).slice(0, QuestionLimits.name),
      authorRole: me.userType,
      body: clean(req.body),
    });
    const updated = (await this.deps.questions.get(question._id)) ?? question;
    // Hidden meanwhile: nobody is told (and the hide withdraws whatever was queued).
    if (!updated.hidden) await this.notify(updated, answer._id, answer.body, me.userId);
    return this.thread(updated, me.userId);
  }

  /** The bell and a mail for the asker and each follower; a recipient's failure does not stop the others. */
  private async notify(question: StoredQuestion, answerId: string, answerText: string, answeredBy: string): Promise<void> {
    const recipients = answerRecipients(question.askedBy, await this.deps.questions.followers(question._id), answeredBy);
    const link = `${this.deps.publicUrl().replace(/\/+$/, '')}/courseview?id=${question.courseId}#questions`;
    for (const userId of recipients) {
      try {
        await this.deps.notifications.addNotification({ userId, ...questionAnsweredNotification(answerId, userId, question.courseId, question.lessonTitle) });
        await this.deps.userData?.changed(userId);
        const to = await this.deps.directory.user(userId);
        if (to?.email) {
          await this.deps.mails.queue(`question-answered:${answerId}:${userId}`, 'questionAnswered', to, {
            courseTitle: question.courseTitle,
            lessonTitle: question.lessonTitle,
            question: question.body.slice(0, 500),
            answer: answerText.slice(0, 2000),
            link,
          });
        }
      } catch (err) {
        this.deps.logger.error({ err, questionId: question._id, userId }, 'a follower of an answered question could not be notified');
      }
    }
  }

  async follow(ctx: Ctx, req: questionsV1.FollowQuestionRequest): Promise<questionsV1.LessonQuestion> {
    const question = await this.question(req.id);
    const r = await this.reader(ctx, question.courseId);
    const no = readRefusal(r);
    if (no || (question.hidden && r.userType !== ADMIN)) throw refuse(no ?? 'QUESTION_NOT_FOUND');
    await this.deps.questions.follow(question._id, r.userId, req.follow);
    return this.thread(question, r.userId);
  }

  /**
   * A page of the unanswered list (decision 0063): askers ordered by their newest question, each
   * with their newest few, so one asker's many questions cannot push out the others'.
   */
  async unanswered(ctx: Ctx, req: questionsV1.ListUnansweredQuestionsRequest): Promise<questionsV1.ListUnansweredQuestionsResponse> {
    const me = requireIdentity(ctx, ADMIN, INSTRUCTOR);
    const { heads, next } = me.userType === INSTRUCTOR && !me.instructorId ? { heads: [], next: '' } : await this.deps.questions.unansweredHeads(me.userType === ADMIN ? null : me.instructorId!);
    const page = unansweredPage(heads, req.page, req.pageSize);
    const questions = await this.deps.questions.threads(await this.deps.questions.byIds(page.ids), me.userId);
    return {
      questions,
      askers: page.askers.map((a) => ({ askedBy: a.askedBy, askerName: a.askerName, questions: a.questions, shown: a.shownIds.length, newestAt: iso(a.newestAt) })),
      total: page.total,
      totalQuestions: page.totalQuestions,
      page: page.page,
      pageSize: page.pageSize,
      next,
    };
  }

  /** The unanswered questions a keyset page at a time, newest first (decision 0087): an instructor's courses', or all for an admin. */
  async unansweredKeysetPage(ctx: Ctx, ask: PageAsk): Promise<{ items: questionsV1.LessonQuestion[]; next: string }> {
    const me = requireIdentity(ctx, ADMIN, INSTRUCTOR);
    if (me.userType === INSTRUCTOR && !me.instructorId) return { items: [], next: '' };
    const { items, next } = await this.deps.questions.unansweredPage(me.userType === ADMIN ? null : me.instructorId!, ask);
    return { items: await this.deps.questions.threads(items, me.userId), next };
  }

  /** A page of every question with its thread, newest first (decision 0085). */
  async recent(ctx: Ctx, ask: PageAsk): Promise<{ items: questionsV1.LessonQuestion[]; next: string }> {
    const me = requireIdentity(ctx, ADMIN);
    const { items, next } = await this.deps.questions.recent(ask);
    return { items: await this.deps.questions.threads(items, me.userId, true), next };
  }

  async hide(ctx: Ctx, req: questionsV1.HideQuestionRequest): Promise<questionsV1.LessonQuestion> {
    const me = requireIdentity(ctx, ADMIN);
    const doc = await this.deps.questions.setHidden(req.id, req.hidden);
    if (!doc) throw refuse('QUESTION_NOT_FOUND');
    if (req.hidden) await this.withdrawAnswerMails([doc._id]);
    return this.thread(doc, me.userId);
  }

  /** Hides (or shows again) every question one user asked (decision 0063); how many changed. */
  async hideUser(ctx: Ctx, req: questionsV1.HideUserQuestionsRequest): Promise<number> {
    requireIdentity(ctx, ADMIN);
    const changed = await this.deps.questions.setHiddenOf(req.userId, req.hidden);
    if (req.hidden) await this.withdrawAnswerMails(changed);
    return changed.length;
  }

  /** Answer mails of hidden questions not sent yet are withdrawn: no mail quotes a hidden question. */
  private async withdrawAnswerMails(questionIds: readonly string[]): Promise<void> {
    const answers = await this.deps.questions.answerIds(questionIds);
    if (answers.length > 0) await this.deps.mails.withdraw(answers.map((id) => `question-answered:${id}:`));
  }
}
