import { CatalogueEvents, catalogueEventsV1, type catalogueV1 } from '@taal/contracts';
import { createEnvelope, enqueueEvent } from '@taal/kit';
import type { SqlExecutor } from '@taal/kit';
import { SCHEMA } from '../store/course-rows';

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

/** Records `catalogue.course.deleted` (a discarded draft) in the caller's transaction. */
export async function recordCourseDeleted(tx: SqlExecutor, id: string): Promise<void> {
  await enqueueEvent(
    tx,
    SCHEMA,
    createEnvelope({ type: CatalogueEvents.courseDeleted, key: id, payload: catalogueEventsV1.CourseDeleted.encode({ id }).finish() }),
  );
}

/** Records `catalogue.instructor.updated` for each instructor in the caller's transaction. */
export async function recordInstructorsUpdated(tx: SqlExecutor, instructors: readonly catalogueV1.Instructor[]): Promise<void> {
  for (const instructor of instructors) {
    await enqueueEvent(
      tx,
      SCHEMA,
      createEnvelope({
        type: CatalogueEvents.instructorUpdated,
        key: instructor.id,
        payload: catalogueEventsV1.InstructorUpdated.encode({ instructor }).finish(),
      }),
    );
  }
}

/** Records `catalogue.upcoming.updated` (added, or deleted) in the caller's transaction. */
export async function recordUpcomingChanged(tx: SqlExecutor, course: catalogueV1.UpcomingCourse, deleted: boolean): Promise<void> {
  await enqueueEvent(
    tx,
    SCHEMA,
    createEnvelope({
      type: CatalogueEvents.upcomingUpdated,
      key: course.id,
      payload: catalogueEventsV1.UpcomingCourseChanged.encode({ course, deleted }).finish(),
    }),
  );
}
