import { randomUUID } from 'node:crypto';
import { Schema, type Connection } from 'mongoose';
import type { questionsV1 } from '@taal/contracts';
import { isDuplicateKey, iso } from './schema';
import { encodeCursor } from '@taal/kit';
import { cursorTime, documentPage, newestSort, type PageAsk } from './pages';
import { anyOf } from './any-of';

/**
 * Questions under a lesson (issue 41, decision 0050), with messaging's other documents (decision
 * 0043): a question, its answers and its followers are three collections, so that every write
 * stands alone (FerretDB v1 has no transactions):
 * - an answer is its own document; the question's `answered` flag is set after it (a crash between
 *   the two leaves an answer on a question still listed as unanswered: answering again mends it);
 * - a follow's _id is (question, user): following twice is one upsert, unfollowing a delete.
 */
interface QuestionDoc {
  _id: string;
  courseId: string;
  lessonId: string;
  /** The course's instructor profile when it was asked (the panel's list). */
  instructorId: string;
  courseTitle: string;
  lessonTitle: string;
  askedBy: string;
  askerName: string;
  body: string;
  answered: boolean;
  hidden: boolean;
  createdAt: Date;
  answeredAt: Date | null;
}
interface AnswerDoc {
  _id: string;
  questionId: string;
  authorId: string;
  authorName: string;
  authorRole: number;
  body: string;
  createdAt: Date;
  /** Hidden by an admin after a report (decision 0076). */
  hidden?: boolean;
}
interface FollowDoc {
  _id: string;
  questionId: string;
  userId: string;
  at: Date;
}

const questionSchema = new Schema<QuestionDoc>(
  {
    _id: String,
    courseId: String,
    lessonId: String,
    instructorId: String,
    courseTitle: String,
    lessonTitle: String,
    askedBy: String,
    askerName: String,
    body: String,
    answered: Boolean,
    hidden: Boolean,
    createdAt: Date,
    answeredAt: Date,
  },
  { versionKey: false },
);
// A lesson's threads; an instructor's unanswered (every course's, an admin's); the newest; one asker's (0063).
questionSchema.index({ courseId: 1, lessonId: 1, createdAt: -1 });
questionSchema.index({ instructorId: 1, answered: 1, createdAt: -1 });
questionSchema.index({ answered: 1, hidden: 1, createdAt: -1 });
// The unanswered ones a keyset page at a time (decision 0087): an instructor's, and every course's for an admin.
questionSchema.index({ instructorId: 1, answered: 1, hidden: 1, createdAt: -1, _id: -1 });
questionSchema.index({ answered: 1, hidden: 1, createdAt: -1, _id: -1 });
questionSchema.index({ createdAt: -1, _id: -1 }); // the back office's list (decision 0085)
questionSchema.index({ askedBy: 1 });

const answerSchema = new Schema<AnswerDoc>(
  { _id: String, questionId: String, authorId: String, authorName: String, authorRole: Number, body: String, createdAt: Date, hidden: Boolean },
  { versionKey: false },
);
answerSchema.index({ questionId: 1, createdAt: 1 });
const followSchema = new Schema<FollowDoc>({ _id: String, questionId: String, userId: String, at: Date }, { versionKey: false });
followSchema.index({ questionId: 1 });

/** Lists are bounded: a lesson's newest threads, the panel's and the back office's newest questions. */
const LIST_LIMIT = 200;
/** The spec's unanswered list pages askers (0063) of the newest this many heads (5,000, then 1,000: 126 ms a read; 0087, 0090). */
export const UNANSWERED_SCAN = 200;

/** The unanswered, visible questions: one instructor's, or (null) every course's; each its own list of cursors. */
const unansweredFilter = (instructorId: string | null) => ({ ...(instructorId === null ? {} : { instructorId }), answered: false, hidden: false });
const unansweredList = (instructorId: string | null) => (instructorId === null ? 'questions:unanswered:all' : 'questions:unanswered');

/** What the unanswered list is paged by: a question's id, asker and time. */
export type QuestionHead = Pick<QuestionDoc, '_id' | 'askedBy' | 'askerName' | 'createdAt'>;

function modelsOn(connection: Connection) {
  return {
    questions: connection.model('LessonQuestion', questionSchema, 'lesson_questions'),
    answers: connection.model('LessonQuestionAnswer', answerSchema, 'lesson_question_answers'),
    follows: connection.model('LessonQuestionFollow', followSchema, 'lesson_question_follows'),
  };
}

/** A question as stored, for the use cases' checks. */
export type StoredQuestion = QuestionDoc;

export class QuestionDocuments {
  readonly models: ReturnType<typeof modelsOn>;

  constructor(connection: Connection) {
    this.models = modelsOn(connection);
  }

  async init(): Promise<void> {
    await this.models.questions.createIndexes();
    await this.models.answers.createIndexes();
    await this.models.follows.createIndexes();
  }

  async add(input: Omit<QuestionDoc, '_id' | 'answered' | 'hidden' | 'createdAt' | 'answeredAt'>): Promise<QuestionDoc> {
    const doc: QuestionDoc = { _id: randomUUID(), ...input, answered: false, hidden: false, createdAt: new Date(), answeredAt: null };
    await this.models.questions.create(doc);
    return doc;
  }

  async get(id: string): Promise<QuestionDoc | null> {
    return this.models.questions.findById(id).lean<QuestionDoc>();
  }

  async lessonQuestions(courseId: string, lessonId: string, withHidden: boolean): Promise<QuestionDoc[]> {
    return this.models.questions
      .find({ courseId, lessonId, ...(withHidden ? {} : { hidden: false }) })
      .sort({ createdAt: -1, _id: 1 })
      .limit(LIST_LIMIT)
      .lean<QuestionDoc[]>();
  }

  /** The newest UNANSWERED_SCAN unanswered heads (one instructor's or all); `next`: where the keyset pages go on. */
  async unansweredHeads(instructorId: string | null): Promise<{ heads: QuestionHead[]; next: string }> {
    const docs = await this.models.questions
      .find(unansweredFilter(instructorId), { askedBy: 1, askerName: 1, createdAt: 1 })
      .sort(newestSort())
      .limit(UNANSWERED_SCAN + 1)
      .lean<QuestionHead[]>();
    const heads = docs.slice(0, UNANSWERED_SCAN);
    const last = heads[heads.length - 1];
    return { heads, next: docs.length > UNANSWERED_SCAN && last ? encodeCursor(unansweredList(instructorId), { at: cursorTime(last.createdAt), id: last._id }) : '' };
  }

  /** A keyset page of the unanswered, visible questions, newest first: one instructor's, or every course's (decision 0087). */
  async unansweredPage(instructorId: string | null, ask: PageAsk) {
    return documentPage<QuestionDoc>(this.models.questions, unansweredList(instructorId), unansweredFilter(instructorId), ask);
  }

  /** These questions, in the order of `ids`. */
  async byIds(ids: readonly string[]): Promise<QuestionDoc[]> {
    if (ids.length === 0) return [];
    const docs = await this.models.questions.find(anyOf('_id', ids)!).lean<QuestionDoc[]>();
    const byId = new Map(docs.map((d) => [d._id, d]));
    return ids.map((id) => byId.get(id)).filter((d): d is QuestionDoc => d !== undefined);
  }

  /** Hides (or shows again) every question `askedBy` asked; the ids of those whose state changed. */
  async setHiddenOf(askedBy: string, hidden: boolean): Promise<string[]> {
    const docs = await this.models.questions.find({ askedBy, hidden: !hidden }, { _id: 1 }).lean<{ _id: string }[]>();
    if (docs.length === 0) return [];
    const ids = docs.map((d) => d._id);
    await this.models.questions.updateMany(anyOf('_id', ids)!, { $set: { hidden } });
    return ids;
  }

  /** The ids of the answers to these questions. */
  async answerIds(questionIds: readonly string[]): Promise<string[]> {
    if (questionIds.length === 0) return [];
    const docs = await this.models.answers.find(anyOf('questionId', questionIds)!, { _id: 1 }).lean<{ _id: string }[]>();
    return docs.map((d) => d._id);
  }

  /** A page of every question, newest first (the back office: hidden ones too). */
  async recent(ask: PageAsk) {
    return documentPage<QuestionDoc>(this.models.questions, 'questions', {}, ask);
  }

  async addAnswer(input: Omit<AnswerDoc, '_id' | 'createdAt'>): Promise<AnswerDoc> {
    const doc: AnswerDoc = { _id: randomUUID(), ...input, createdAt: new Date() };
    await this.models.answers.create(doc);
    await this.models.questions.updateOne({ _id: input.questionId }, { $set: { answered: true, answeredAt: doc.createdAt } });
    return doc;
  }

  /** An answer and its question's id (reports, decision 0076); hides or shows it again. */
  async answer(id: string): Promise<AnswerDoc | null> {
    return this.models.answers.findById(id).lean<AnswerDoc>();
  }
  async setAnswerHidden(id: string, hidden: boolean): Promise<boolean> {
    return (await this.models.answers.updateOne({ _id: id }, { $set: { hidden } })).matchedCount > 0;
  }

  async setHidden(id: string, hidden: boolean): Promise<QuestionDoc | null> {
    return this.models.questions.findOneAndUpdate({ _id: id }, { $set: { hidden } }, { returnDocument: 'after' }).lean<QuestionDoc>();
  }

  /** Follows (idempotent) or stops following. */
  async follow(questionId: string, userId: string, follow: boolean): Promise<void> {
    const _id = `${questionId}:${userId}`;
    if (!follow) {
      await this.models.follows.deleteOne({ _id });
      return;
    }
    try {
      await this.models.follows.updateOne({ _id }, { $setOnInsert: { questionId, userId, at: new Date() } }, { upsert: true });
    } catch (err) {
      if (!isDuplicateKey(err)) throw err; // followed at the same moment by another request
    }
  }

  async followers(questionId: string): Promise<string[]> {
    const docs = await this.models.follows.find({ questionId }, { userId: 1 }).lean<{ userId: string }[]>();
    return docs.map((d) => d.userId);
  }

  /** The questions as answered to `viewer`: each with its answers (oldest first), its followers' count and the viewer's follow. */
  async threads(docs: QuestionDoc[], viewer: string, withHidden = false): Promise<questionsV1.LessonQuestion[]> {
    if (docs.length === 0) return [];
    const ids = docs.map((d) => d._id);
    const answers = await this.models.answers.find(anyOf('questionId', ids)!).sort({ createdAt: 1, _id: 1 }).lean<AnswerDoc[]>();
    const follows = await this.models.follows.find(anyOf('questionId', ids)!, { questionId: 1, userId: 1 }).lean<FollowDoc[]>();
    return docs.map((d) => ({
      id: d._id,
      courseId: d.courseId,
      lessonId: d.lessonId,
      askedBy: d.askedBy,
      askerName: d.askerName,
      body: d.body,
      createdAt: iso(d.createdAt),
      answered: d.answered,
      hidden: d.hidden,
      answers: answers
        .filter((a) => a.questionId === d._id && (withHidden || !a.hidden))
        .map((a) => ({ id: a._id, authorName: a.authorName, authorRole: a.authorRole, body: a.body, createdAt: iso(a.createdAt) })),
      followers: follows.filter((f) => f.questionId === d._id).length,
      following: follows.some((f) => f.questionId === d._id && f.userId === viewer),
      lessonTitle: d.lessonTitle,
      courseTitle: d.courseTitle,
    }));
  }
}
