import type { Logger } from 'pino';
import { reviewsV1 as reviewsV1Defs, type reviewsV1 } from '@taal/contracts';
import { startPeriodicJob, unaryHandler, type DocumentStore, type EventBus } from '@taal/kit';
import { Reviews } from '../app/reviews';
import { ReviewDocuments } from '../store/reviews';
import type { CourseInstructors, LearningLookup } from './lookups';
import { page } from './messaging-service';

/** gRPC adapter of the review use cases (src/app/reviews.ts). */
export function reviewsGrpcService(r: Reviews): reviewsV1.ReviewServiceServer {
  return {
    writeReview: unaryHandler(async (req: reviewsV1.WriteReviewRequest, ctx) => r.write(ctx, req)),
    listCourseReviews: unaryHandler(async (req: reviewsV1.ListCourseReviewsRequest) => r.courseReviews(req)),
    getMyReview: unaryHandler(async (req: reviewsV1.GetMyReviewRequest, ctx) => r.mine(ctx, req.courseId)),
    replyReview: unaryHandler(async (req: reviewsV1.ReplyReviewRequest, ctx) => ({ review: await r.reply(ctx, req) })),
    hideReview: unaryHandler(async (req: reviewsV1.HideReviewRequest, ctx) => ({ review: await r.hide(ctx, req) })),
    listHiddenReviews: unaryHandler(async (req: reviewsV1.ListHiddenReviewsRequest, ctx) => page(await r.hiddenList(ctx, req), (reviews, next) => ({ reviews, next }))),
    listRecentReviews: unaryHandler(async (req: reviewsV1.ListRecentReviewsRequest, ctx) => page(await r.recent(ctx, req), (reviews, next) => ({ reviews, next }))),
  };
}

/** Reviews' part of messaging's start: their documents' indexes, the resend job, and the gRPC service to serve. */
export async function startReviews(deps: {
  documents: DocumentStore;
  bus: EventBus;
  learning?: LearningLookup;
  /** Who a course's instructor is (the catalogue): who may reply to its reviews. */
  courses?: CourseInstructors;
  logger: Logger;
  resendIntervalMs?: number;
}): Promise<{
  service: { definition: typeof reviewsV1Defs.ReviewServiceService; implementation: reviewsV1.ReviewServiceServer };
  store: ReviewDocuments;
  reviews: Reviews;
  stop(): Promise<void>;
}> {
  const store = new ReviewDocuments(deps.documents.connection);
  await store.init();
  const reviews = new Reviews(store, deps.bus, deps.learning, deps.courses, deps.logger);
  const job = startPeriodicJob({
    name: 'course rating resend',
    intervalMs: deps.resendIntervalMs ?? 5000,
    logger: deps.logger,
    run: async () => {
      const sent = await reviews.resendMarked();
      if (sent > 0) deps.logger.info({ sent }, 'course ratings sent again');
    },
  });
  return {
    service: { definition: reviewsV1Defs.ReviewServiceService, implementation: reviewsGrpcService(reviews) },
    store,
    reviews,
    stop: () => job.stop(),
  };
}
