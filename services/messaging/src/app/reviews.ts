/**
 * Course reviews' use cases (issue 41, decision 0048). Who may do what is decided here from the
 * verified caller (decision 0008): a student writes their own review once eligible (learning says
 * so, asked with the student's own token), the course's instructor replies once, an admin hides.
 * Every change that moves a course's figures sends them to the catalogue (versioned event).
 */
import type { Logger } from 'pino';
import { MessagingEvents, messagingEventsV1, type reviewsV1 } from '@taal/contracts';
import { createEnvelope, refuse, refuseFields, requireIdentity, UserRoles, type CallerIdentity, type EventBus } from '@taal/kit';
import { figuresOf, isRating, plainText, ReviewLimits, reviewRefusal } from '../domain/reviews';
import type { CourseInstructors, LearningLookup } from '../grpc/lookups';
import type { ReviewDocuments } from '../store/reviews';
import type { PageAsk } from '../store/pages';
import { conductCheck } from '../domain/rules';

/** The caller, and their own access token for asking learning about their enrolment (decision 0008). */
type Ctx = { identity: CallerIdentity | null; accessToken?: string };
const { admin: ADMIN, instructor: INSTRUCTOR, student: STUDENT } = UserRoles;
const MAX_PAGE_SIZE = 50;

/** Versions grow with time; the counter keeps two figures of one millisecond apart. */
let versionCounter = 0;
function nextVersion(): number {
  versionCounter = (versionCounter + 1) % 1000;
  return Date.now() * 1000 + versionCounter;
}

export class Reviews {
  constructor(
    private readonly store: ReviewDocuments,
    private readonly bus: EventBus,
    private readonly learning: LearningLookup | undefined,
    private readonly courses: CourseInstructors | undefined,
    private readonly logger: Logger,
  ) {}

  /** Why the caller may not review the course now (a refusal key), or null. */
  private async refusalFor(ctx: Ctx, courseId: string) {
    if (!this.learning || !ctx.accessToken) return 'REVIEW_NOT_ENROLLED' as const;
    const standing = await this.learning.standing(ctx.accessToken, courseId);
    return reviewRefusal(standing);
  }

  async write(ctx: Ctx, req: reviewsV1.WriteReviewRequest) {
    const me = requireIdentity(ctx, STUDENT);
    if (!isRating(req.rating)) throw refuseFields({ rating: 'RATING_REQUIRED' }, 'RATING_REQUIRED');
    if ([...(req.text ?? '')].length > ReviewLimits.text) throw refuseFields({ text: 'TEXT_TOO_LONG' }, 'TEXT_TOO_LONG');
    const conduct = conductCheck('text', plainText(req.text, ReviewLimits.text));
    if (!conduct.ok) throw refuseFields(conduct.fields, conduct.headline);
    const refusal = await this.refusalFor(ctx, req.courseId);
    if (refusal) throw refuse(refusal);
    const written = await this.store.write({
      courseId: req.courseId,
      userId: me.userId,
      userName: plainText(req.userName, ReviewLimits.name),
      userPhoto: reviewPhoto(req.userPhoto),
      rating: req.rating,
      text: plainText(req.text, ReviewLimits.text),
    });
    await this.sendFigures(req.courseId);
    return written;
  }

  async courseReviews(req: reviewsV1.ListCourseReviewsRequest) {
    const pageSize = Math.min(Math.max(req.pageSize || 10, 1), MAX_PAGE_SIZE);
    const page = Math.max(req.page || 1, 1);
    const [{ reviews, total }, ratings] = await Promise.all([this.store.shown(req.courseId, page, pageSize), this.store.shownRatings(req.courseId)]);
    return { reviews: reviews.map(publicReview), total, ratingSum: figuresOf(ratings).sum };
  }

  async mine(ctx: Ctx, courseId: string) {
    const me = requireIdentity(ctx, STUDENT);
    const review = await this.store.mine(courseId, me.userId);
    const reason = await this.refusalFor(ctx, courseId);
    return { review: review ?? undefined, eligible: reason === null, reason: reason ?? '' };
  }

  async reply(ctx: Ctx, req: reviewsV1.ReplyReviewRequest) {
    const me = requireIdentity(ctx, INSTRUCTOR);
    const review = await this.store.byId(req.id);
    if (!review || review.hidden) throw refuse('REVIEW_NOT_FOUND');
    const instructorId = await this.courses?.instructorOf(review.courseId);
    if (!me.instructorId || !instructorId || me.instructorId !== instructorId) throw refuse('NOT_YOUR_COURSE_REVIEW');
    const text = plainText(req.reply, ReviewLimits.reply);
    if (!text) throw refuseFields({ reply: 'REPLY_REQUIRED' }, 'REPLY_REQUIRED');
    const conduct = conductCheck('reply', text);
    if (!conduct.ok) throw refuseFields(conduct.fields, conduct.headline);
    if (review.reply) throw refuse('REVIEW_ALREADY_REPLIED');
    const replied = await this.store.reply(req.id, text, me.userId);
    if (!replied) throw refuse('REVIEW_ALREADY_REPLIED');
    return publicReview(replied);
  }

  async hide(ctx: Ctx, req: reviewsV1.HideReviewRequest) {
    const me = requireIdentity(ctx, ADMIN);
    const reason = plainText(req.reason, ReviewLimits.reason);
    if (!reason) throw refuseFields({ reason: 'HIDE_REASON_REQUIRED' }, 'HIDE_REASON_REQUIRED');
    const hidden = await this.store.hide(req.id, reason, me.userId);
    if (!hidden) throw refuse('REVIEW_NOT_FOUND');
    await this.sendFigures(hidden.courseId);
    return hidden;
  }

  async hiddenList(ctx: Ctx, ask: PageAsk) {
    requireIdentity(ctx, ADMIN);
    return this.store.hiddenList(ask);
  }

  async recent(ctx: Ctx, ask: PageAsk) {
    requireIdentity(ctx, ADMIN);
    return this.store.recent(ask);
  }

  /**
   * Sends the course's current figures (decision 0048): marked first, counted, published with a
   * new version, then unmarked unless a later change marked it again. A failure leaves the mark
   * for `resendMarked`; the catalogue keeps the highest version it has seen.
   */
  async sendFigures(courseId: string, mark?: Date): Promise<void> {
    const marked = mark ?? (await this.store.markDirty(courseId));
    try {
      const version = nextVersion();
      const { sum, count } = figuresOf(await this.store.shownRatings(courseId));
      const payload = messagingEventsV1.CourseRatingChanged.encode({ courseId, ratingSum: sum, ratingCount: count, version }).finish();
      await this.bus.publish([createEnvelope({ type: MessagingEvents.courseRatingChanged, key: courseId, payload })]);
      await this.store.clearDirty(courseId, marked);
    } catch (err) {
      this.logger.warn({ err, courseId }, 'a course rating could not be sent now: the job sends it again');
    }
  }

  /** The job: courses still marked a few seconds after their change get their figures sent again. */
  async resendMarked(): Promise<number> {
    const due = await this.store.dirtyCourses(new Date(Date.now() - 5000));
    for (const { courseId, mark } of due) await this.sendFigures(courseId, mark);
    return due.length;
  }
}

/** What visitors see: never a hidden review's reason (a shown review has none). */
/** What anyone may see of a review: not who hid it or why, and not the reviewer's user id (named by name and photo; issue 50). */
function publicReview(r: reviewsV1.Review): reviewsV1.Review {
  return { ...r, userId: '', hiddenReason: '', hiddenAt: '' };
}

/** The largest photo a review keeps: a thumbnail's data: URL (the edge sends about 96 px of WebP, a few KB). */
const MAX_REVIEW_PHOTO_CHARS = 32_000;
const PHOTO_DATA_URL = /^data:image\/(?:webp|jpeg);base64,[A-Za-z0-9+/]+={0,2}$/;

/** The reviewer's photo as published with the review: a small WebP or JPEG data: URL, anything else ''. */
function reviewPhoto(value: string | undefined): string {
  const photo = value ?? '';
  return photo.length <= MAX_REVIEW_PHOTO_CHARS && PHOTO_DATA_URL.test(photo) ? photo : '';
}
