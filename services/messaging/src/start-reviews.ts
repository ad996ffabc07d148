import type { Logger } from 'pino';
import { startPeriodicJob, type DocumentStore, type EventBus } from '@taal/kit';
import { Reviews } from './app/reviews';
import type { CourseInstructors, LearningLookup } from './grpc/lookups';
import { ReviewDocuments } from './store/reviews';

/** Reviews' part of messaging's start: their documents' indexes and the resend job. */
export async function startReviews(deps: {
  documents: DocumentStore;
  bus: EventBus;
  learning?: LearningLookup;
  /** Who a course's instructor is (the catalogue): who may reply to its reviews. */
  courses?: CourseInstructors;
  logger: Logger;
  resendIntervalMs?: number;
}): Promise<{
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
    store,
    reviews,
    stop: () => job.stop(),
  };
}
