import { randomUUID } from 'node:crypto';
import { Schema, type Connection } from 'mongoose';
import type { reviewsV1 } from '@taal/contracts';
import { iso, isDuplicateKey } from './schema';
import { documentPage, mapPage, type PageAsk } from './pages';

/**
 * Course reviews on mongoose (issue 41, decision 0048), beside messaging's other documents.
 *
 * FerretDB v1 has no transactions, so each write stands alone:
 * - a review's key is (course, student), unique: writing again edits the one review, and two first
 *   writes racing make one review (the loser's insert gets 11000 and is retried as an edit);
 * - a course whose figures changed is marked (`review_figures.dirtyAt`) before they are sent, and the
 *   mark is cleared only if no later change marked it again, so a crash or a failed publish leaves the
 *   course marked for the job that sends them again.
 */
interface ReviewDoc {
  _id: string;
  courseId: string;
  userId: string;
  userName: string;
  /** A data: URL of the reviewer's photo thumbnail, published with the review; '' for none (and in reviews written before it). */
  userPhoto?: string;
  rating: number;
  text: string;
  reply: string;
  repliedAt: Date | null;
  replierId: string;
  hidden: boolean;
  hiddenReason: string;
  hiddenAt: Date | null;
  hiddenBy: string;
  createdAt: Date;
  updatedAt: Date;
}
interface FiguresDoc {
  _id: string;
  dirtyAt: Date | null;
}

const reviewSchema = new Schema<ReviewDoc>(
  {
    _id: String,
    courseId: String,
    userId: String,
    userName: String,
    userPhoto: String,
    rating: Number,
    text: String,
    reply: String,
    repliedAt: Date,
    replierId: String,
    hidden: Boolean,
    hiddenReason: String,
    hiddenAt: Date,
    hiddenBy: String,
    createdAt: Date,
    updatedAt: Date,
  },
  { versionKey: false },
);
reviewSchema.index({ courseId: 1, userId: 1 }, { unique: true });
// A course's shown reviews, newest first; the back office's hidden and recent lists.
reviewSchema.index({ courseId: 1, hidden: 1, createdAt: -1 });
// A page at a time (decision 0085): the hidden ones by when they were hidden, the shown ones by when written.
reviewSchema.index({ hidden: 1, hiddenAt: -1, _id: -1 });
reviewSchema.index({ hidden: 1, createdAt: -1, _id: -1 });

const figuresSchema = new Schema<FiguresDoc>({ _id: String, dirtyAt: Date }, { versionKey: false });
figuresSchema.index({ dirtyAt: 1 });

const toReview = (d: ReviewDoc): reviewsV1.Review => ({
  id: d._id,
  courseId: d.courseId,
  userId: d.userId,
  userName: d.userName,
  userPhoto: d.userPhoto ?? '',
  rating: d.rating,
  text: d.text,
  reply: d.reply,
  repliedAt: iso(d.repliedAt),
  hidden: d.hidden,
  hiddenReason: d.hiddenReason,
  hiddenAt: iso(d.hiddenAt),
  createdAt: iso(d.createdAt),
  updatedAt: iso(d.updatedAt),
});

export class ReviewDocuments {
  private readonly reviews;
  private readonly figures;

  constructor(connection: Connection) {
    this.reviews = connection.model('CourseReview', reviewSchema, 'course_reviews');
    this.figures = connection.model('CourseReviewFigures', figuresSchema, 'course_review_figures');
  }

  async init(): Promise<void> {
    await this.reviews.createIndexes();
    await this.figures.createIndexes();
  }

  /** Writes the student's review of a course, or edits it (a hidden review stays hidden). */
  async write(input: { courseId: string; userId: string; userName: string; userPhoto: string; rating: number; text: string }): Promise<{ review: reviewsV1.Review; edited: boolean }> {
    for (let attempt = 0; attempt < 3; attempt++) {
      const now = new Date();
      const edited = await this.reviews
        .findOneAndUpdate(
          { courseId: input.courseId, userId: input.userId },
          { $set: { rating: input.rating, text: input.text, userName: input.userName, userPhoto: input.userPhoto, updatedAt: now } },
          { returnDocument: 'after' },
        )
        .lean<ReviewDoc>();
      if (edited) return { review: toReview(edited), edited: true };
      const doc: ReviewDoc = {
        _id: randomUUID(),
        ...input,
        reply: '',
        repliedAt: null,
        replierId: '',
        hidden: false,
        hiddenReason: '',
        hiddenAt: null,
        hiddenBy: '',
        createdAt: now,
        updatedAt: now,
      };
      try {
        await this.reviews.create(doc);
        return { review: toReview(doc), edited: false };
      } catch (err) {
        if (!isDuplicateKey(err)) throw err; // the same student's other first write won: edit it
      }
    }
    throw new Error('review: could not be written after 3 attempts');
  }

  async byId(id: string): Promise<reviewsV1.Review | null> {
    const doc = await this.reviews.findById(id).lean<ReviewDoc>();
    return doc ? toReview(doc) : null;
  }

  async mine(courseId: string, userId: string): Promise<reviewsV1.Review | null> {
    const doc = await this.reviews.findOne({ courseId, userId }).lean<ReviewDoc>();
    return doc ? toReview(doc) : null;
  }

  /** A course's shown reviews, newest first, one page; with the total shown. */
  async shown(courseId: string, page: number, pageSize: number): Promise<{ reviews: reviewsV1.Review[]; total: number }> {
    const filter = { courseId, hidden: false };
    const [docs, total] = await Promise.all([
      this.reviews
        .find(filter)
        .sort({ createdAt: -1, _id: 1 })
        .skip((page - 1) * pageSize)
        .limit(pageSize)
        .lean<ReviewDoc[]>(),
      this.reviews.countDocuments(filter),
    ]);
    return { reviews: docs.map(toReview), total };
  }

  /** The reply, once: null when the review has one already (or is gone). */
  async reply(id: string, reply: string, replierId: string): Promise<reviewsV1.Review | null> {
    const doc = await this.reviews
      .findOneAndUpdate({ _id: id, reply: '' }, { $set: { reply, replierId, repliedAt: new Date() } }, { returnDocument: 'after' })
      .lean<ReviewDoc>();
    return doc ? toReview(doc) : null;
  }

  /** Hides a review with the reason (hiding again keeps the first reason and time). */
  async hide(id: string, reason: string, adminId: string): Promise<reviewsV1.Review | null> {
    const doc = await this.reviews
      .findOneAndUpdate({ _id: id, hidden: false }, { $set: { hidden: true, hiddenReason: reason, hiddenAt: new Date(), hiddenBy: adminId } }, { returnDocument: 'after' })
      .lean<ReviewDoc>();
    if (doc) return toReview(doc);
    return this.byId(id);
  }

  /** Shows a hidden review again (a report restored, decision 0076). */
  async restore(id: string): Promise<reviewsV1.Review | null> {
    const doc = await this.reviews
      .findOneAndUpdate({ _id: id }, { $set: { hidden: false, hiddenReason: '', hiddenAt: null, hiddenBy: '' } }, { returnDocument: 'after' })
      .lean<ReviewDoc>();
    return doc ? toReview(doc) : null;
  }

  /** A page of the hidden reviews, the last hidden first. */
  async hiddenList(ask: PageAsk) {
    return mapPage(await documentPage<ReviewDoc>(this.reviews, 'reviews:hidden', { hidden: true }, ask, 'hiddenAt'), toReview);
  }

  /** A page of the shown reviews, newest first. */
  async recent(ask: PageAsk) {
    return mapPage(await documentPage<ReviewDoc>(this.reviews, 'reviews', { hidden: false }, ask), toReview);
  }

  /** The ratings of a course's shown reviews. */
  async shownRatings(courseId: string): Promise<number[]> {
    const docs = await this.reviews.find({ courseId, hidden: false }, { rating: 1 }).lean<{ rating: number }[]>();
    return docs.map((d) => d.rating);
  }

  /** Marks a course's figures to be sent; returns the mark (what clearing it compares with). */
  async markDirty(courseId: string): Promise<Date> {
    const mark = new Date();
    await this.figures.updateOne({ _id: courseId }, { $set: { dirtyAt: mark } }, { upsert: true });
    return mark;
  }

  /** Clears the mark if no later change set another. */
  async clearDirty(courseId: string, mark: Date): Promise<void> {
    await this.figures.updateOne({ _id: courseId, dirtyAt: mark }, { $set: { dirtyAt: null } });
  }

  /** Courses marked before `before` (their figures' send failed or was cut short), with their marks. */
  async dirtyCourses(before: Date, limit = 100): Promise<{ courseId: string; mark: Date }[]> {
    const docs = await this.figures.find({ dirtyAt: { $ne: null, $lt: before } }).limit(limit).lean<FiguresDoc[]>();
    return docs.map((d) => ({ courseId: d._id, mark: d.dirtyAt! }));
  }
}
