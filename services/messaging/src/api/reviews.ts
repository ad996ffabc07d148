import { z } from 'zod';
import type { identityV1, reviewsV1 } from '@taal/contracts';
import { reencodeImage, type ImageRules } from '@taal/kit';
import { answer, dateTime, envelope, fail, ID_PATTERN, callerOf, requireAuth, UserRoles, refusal, ok, defineRoute, tooMany, type RouteSpec, type ServiceApi, type AccessTokenVerifier, type AuthenticatedCaller } from '@taal/edge';
import type { Reviews } from '../app/reviews';
import type { WriteLimiters } from './limits';
import { forCaller } from './shape';
import { LIST_BOUNDS, listRoutes } from './pages';

/**
 * Course ratings and reviews (issue 41, decision 0048), answered by messaging's review service,
 * which decides who may write, reply and hide: a student enrolled in the course with a completed
 * lesson writes (and edits) their one review, the course's instructor replies once, an admin hides
 * with a reason. The course's average and count travel to the catalogue and come with the course.
 */
const uuid = () => z.string().regex(new RegExp(ID_PATTERN));

const ReviewSchema = z
  .object({
    _id: z.string(),
    course: z.string().meta({ description: 'The course id' }),
    name: z.string().meta({ description: "The student's name as shown (no user id: a reviewer is named by name and photo)" }),
    photo: z.string().meta({
      description: "The student's photo as published with the review: a data: URL (image/webp or image/jpeg, about 96 px) taken when it was written or last edited; empty when none",
    }),
    rating: z.int().min(1).max(5),
    text: z.string().meta({ description: 'Plain text (markup and control characters removed); may be empty' }),
    reply: z.string().meta({ description: "The instructor's reply; empty while none" }),
    repliedAt: z.union([dateTime(), z.literal('')]),
    createdAt: dateTime(),
    updatedAt: dateTime(),
  })
  .meta({ id: 'Review' });
const HiddenReviewSchema = ReviewSchema.extend({
  user: z.string().meta({ description: "The student's user id (back office only)" }),
  hidden: z.boolean(),
  hiddenReason: z.string().meta({ description: 'Why an admin hid it; empty while shown' }),
  hiddenAt: z.union([dateTime(), z.literal('')]),
}).meta({ id: 'AdminReview' });

const toReview = (r: reviewsV1.Review) => ({
  _id: r.id,
  course: r.courseId,
  name: r.userName,
  photo: r.userPhoto,
  rating: r.rating,
  text: r.text,
  reply: r.reply,
  repliedAt: r.repliedAt,
  createdAt: r.createdAt,
  updatedAt: r.updatedAt,
});
const toAdminReview = (r: reviewsV1.Review) => ({ ...toReview(r), user: r.userId, hidden: r.hidden, hiddenReason: r.hiddenReason, hiddenAt: r.hiddenAt });

/** The thumbnail a review shows of its writer: about 96 px of WebP, a few KB, as a data: URL. */
const REVIEW_PHOTO: ImageRules = { maxWidth: 96, maxHeight: 96, format: 'webp', quality: 70, maxOutputBytes: 16_000 };

/**
 * The caller's own photo (identity lets a user read their own; decision 0006) made a small
 * thumbnail published with their review; '' when they have none or it cannot be read.
 */
async function ownPhotoThumbnail(identity: ServiceApi<identityV1.IdentityServiceServer>, caller: AuthenticatedCaller): Promise<string> {
  try {
    const { data } = await identity.getUserPhoto({ id: caller.userId }, caller);
    if (!data || data.length === 0) return '';
    const thumb = await reencodeImage(data, REVIEW_PHOTO);
    return `data:${thumb.contentType};base64,${thumb.data.toString('base64')}`;
  } catch {
    return '';
  }
}

const writeBody = z.object({
  rating: z.int({ error: 'RATING_REQUIRED' }).min(1, 'RATING_REQUIRED').max(5, 'RATING_REQUIRED').meta({ description: 'Stars, 1 to 5' }),
  text: z.string().max(2000, 'TEXT_TOO_LONG').optional().meta({ description: 'The review (optional), plain text' }),
});
const replyBody = z.object({ reply: z.string({ error: 'REPLY_REQUIRED' }).max(2000, 'TEXT_TOO_LONG').regex(/\S/, 'REPLY_REQUIRED') });
const hideBody = z.object({ reason: z.string({ error: 'HIDE_REASON_REQUIRED' }).max(500, 'TEXT_TOO_LONG').regex(/\S/, 'HIDE_REASON_REQUIRED') });
const pageNumber = (what: string) => ({ schema: z.string().regex(/^[1-9][0-9]{0,3}$/), description: what });

export interface ReviewRouteDeps {
  reviews: Reviews;
  identity: ServiceApi<identityV1.IdentityServiceServer>;
  tokens: AccessTokenVerifier;
  /** Limits on what a user writes (decision 0063). */
  writes: WriteLimiters;
}

export function reviewRoutes({ reviews, identity, tokens, writes }: ReviewRouteDeps): RouteSpec[] {
  const admin = { label: 'admin only', check: requireAuth(tokens, UserRoles.admin) };
  const student = { label: 'students only', check: requireAuth(tokens, UserRoles.student) };
  const instructor = { label: "the course's instructor only", check: requireAuth(tokens, UserRoles.instructor) };
  const courseParam = { courseId: { schema: uuid(), description: 'The course id (UUID)', invalid: () => refusal('COURSE_NOT_FOUND') } };
  const reviewParam = { id: { schema: uuid(), description: 'The review id (UUID)', invalid: () => refusal('REVIEW_NOT_FOUND') } };

  return [
    ...(['hidden', 'recent'] as const).flatMap((which) =>
      listRoutes({
        path: `/review/${which}`,
        pagePath: `/review/${which}/page`,
        summary: which === 'hidden' ? 'Hidden reviews with the reason each was hidden, the last hidden first (back office)' : 'The latest shown reviews of every course, newest first (back office: where one is hidden)',
        auth: admin,
        bound: LIST_BOUNDS.reviews,
        item: HiddenReviewSchema,
        toApi: toAdminReview,
        read: async (_req, res, _param, page) => {
          return which === 'hidden' ? reviews.hiddenList(forCaller(callerOf(res)), page) : reviews.recent(forCaller(callerOf(res)), page);
        },
      }),
    ),
    defineRoute({
      method: 'get',
      path: '/review/course/{courseId}',
      summary: "A course's shown reviews, newest first, a page at a time, with their total and the sum of their ratings",
      params: courseParam,
      query: { page: pageNumber('1-based page (default 1)'), pageSize: pageNumber('Reviews per page, at most 50 (default 10)') },
      fairUse: 'reads',
      responses: {
        200: answer(
          envelope(
            z.object({
              reviews: z.array(ReviewSchema),
              total: z.int().min(0),
              average: z.number().min(0).max(5).meta({ description: 'One decimal; 0 with none' }),
              page: z.int().min(1),
              pageSize: z.int().min(1),
            }),
          ),
        ),
        404: fail('Not a course id'),
      },
      handler: async ({ req, res, param }) => {
        const page = Number(req.query.page ?? 1);
        const pageSize = Math.min(Number(req.query.pageSize ?? 10), 50);
        const found = await reviews.courseReviews({ courseId: param('courseId'), page, pageSize });
        const average = found.total > 0 ? Math.round((found.ratingSum / found.total) * 10) / 10 : 0;
        res.json(ok({ reviews: found.reviews.map(toReview), total: found.total, average, page, pageSize }));
      },
    }),
    defineRoute({
      method: 'get',
      path: '/review/course/{courseId}/mine',
      summary: "The caller's review of a course, if any, and whether they may write one now (enrolled, with a completed lesson)",
      auth: student,
      params: courseParam,
      responses: {
        200: answer(
          envelope(
            z.object({
              review: ReviewSchema.nullable(),
              eligible: z.boolean(),
              reason: z.string().meta({ description: 'When not eligible: REVIEW_NOT_ENROLLED or REVIEW_NEEDS_LESSON' }),
            }),
          ),
        ),
        404: fail('Not a course id'),
      },
      handler: async ({ res, param }) => {
        const found = await reviews.mine(forCaller(callerOf(res)), param('courseId'));
        res.json(ok({ review: found.review ? toReview(found.review) : null, eligible: found.eligible, reason: found.reason }));
      },
    }),
    defineRoute({
      method: 'post',
      path: '/review/course/{courseId}',
      summary: "Rates and reviews a course (the caller's one review of it: a second call edits it). 201 when written, 200 when edited",
      auth: student,
      params: courseParam,
      body: { schema: writeBody },
      responses: {
        200: answer(envelope(ReviewSchema), 'Edited'),
        201: answer(envelope(ReviewSchema), 'Written'),
        400: fail('No rating from 1 to 5 (RATING_REQUIRED), or a text too long'),
        403: fail('Not enrolled in the course (REVIEW_NOT_ENROLLED), or no lesson completed yet (REVIEW_NEEDS_LESSON)'),
        404: fail('Not a course id'),
        429: tooMany('Too many reviews written or edited by this student within the hour, or of this course (TOO_MANY_REVIEWS)'),
      },
      handler: async ({ res, param, body }) => {
        const caller = callerOf(res);
        const { review, edited } = await writes.review.run(caller.userId, param('courseId'), async () => {
          const { user } = await identity.getUser({ id: caller.userId }, caller);
          // Named by name and photo, as published with the review (issue 50), never by user id.
          const userPhoto = user?.photo ? await ownPhotoThumbnail(identity, caller) : '';
          return reviews.write(forCaller(caller), { courseId: param('courseId'), rating: body.rating, text: body.text ?? '', userName: user?.name ?? '', userPhoto });
        });
        res.status(edited ? 200 : 201).json(ok(toReview(review!)));
      },
    }),
    defineRoute({
      method: 'post',
      path: '/review/{id}/reply',
      summary: "The course's instructor replies to a review, once",
      auth: instructor,
      params: reviewParam,
      body: { schema: replyBody },
      responses: {
        200: answer(envelope(ReviewSchema)),
        400: fail('A blank (REPLY_REQUIRED: nothing left once markup is removed) or too long reply'),
        403: fail('Not the instructor of the review’s course (NOT_YOUR_COURSE_REVIEW)'),
        404: fail('Review not found'),
        409: fail('The review already has a reply (REVIEW_ALREADY_REPLIED)'),
        429: tooMany('Too many replies to reviews from this instructor within the hour (TOO_MANY_REVIEW_REPLIES)'),
      },
      handler: async ({ res, param, body }) => {
        const caller = callerOf(res);
        const review = await writes.reviewReply.run(caller.userId, param('id'), () => reviews.reply(forCaller(caller), { id: param('id'), reply: body.reply }));
        res.json(ok(toReview(review)));
      },
    }),
    defineRoute({
      method: 'post',
      path: '/review/{id}/hide',
      summary: "Hides a review with the reason (kept on record, shown to admins): it leaves the course's page and figures",
      auth: admin,
      params: reviewParam,
      body: { schema: hideBody },
      responses: {
        200: answer(envelope(HiddenReviewSchema)),
        400: fail('A blank (HIDE_REASON_REQUIRED: nothing left once markup is removed) or too long reason'),
        404: fail('Review not found'),
      },
      handler: async ({ res, param, body }) => {
        const review = await reviews.hide(forCaller(callerOf(res)), { id: param('id'), reason: body.reason });
        res.json(ok(toAdminReview(review)));
      },
    }),
  ];
}
