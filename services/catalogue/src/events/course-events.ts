import { CatalogueEvents, catalogueEventsV1, type catalogueV1 } from '@taal/contracts';
import { createEnvelope, enqueueEvent } from '@taal/kit';
import type { SqlExecutor } from '@taal/kit';
import { SCHEMA } from '../store/catalogue-store';

/** Records `catalogue.course.updated` for each course in the caller's transaction (outbox). */
export async function recordCoursesUpdated(tx: SqlExecutor, courses: readonly catalogueV1.Course[]): Promise<void> {
  for (const course of courses) {
    await enqueueEvent(
      tx,
      SCHEMA,
      createEnvelope({
        type: CatalogueEvents.courseUpdated,
        key: course.id,
        payload: catalogueEventsV1.CourseUpdated.encode({ course }).finish(),
      }),
    );
  }
}
