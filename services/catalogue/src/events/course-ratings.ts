import { MessagingEvents, messagingEventsV1 } from '@taal/contracts';
import { consumeDecoded, type EventBus, type Sql, type SqlExecutor, type Subscription } from '@taal/kit';
import type { Logger } from 'pino';
import { SCHEMA, toCourse, type CourseRow } from '../store/course-rows';
import { recordCoursesUpdated } from './course-events';

/**
 * A course's rating figures from messaging (decision 0048): `messaging.course_rating.changed`, once
 * per event (inbox), and only when its version is newer than the stored one, so a late or repeated
 * event never brings back older figures. A change is recorded as `catalogue.course.updated` in the
 * same transaction: the edge's cached course reads are dropped once the figures are stored.
 */
export function storeCourseRatings(sql: Sql, bus: EventBus, logger: Logger): Promise<Subscription> {
  return consumeDecoded(
    { sql, schema: SCHEMA, bus, group: 'catalogue.course-ratings', logger, type: MessagingEvents.courseRatingChanged, codec: messagingEventsV1.CourseRatingChanged },
    async (figures, tx) => {
      await applyCourseRating(tx, figures);
    },
  );
}

/** Stores the figures if newer; true when the course changed. */
export async function applyCourseRating(tx: SqlExecutor, f: messagingEventsV1.CourseRatingChanged): Promise<boolean> {
  if (f.ratingSum < 0 || f.ratingCount < 0 || f.ratingSum > f.ratingCount * 5) return false; // not figures of 1-5 ratings
  const { rows } = await tx.query<CourseRow>(
    `UPDATE catalogue.course SET rating_sum = $2, rating_count = $3, rating_version = $4
      WHERE id = $1 AND rating_version < $4 RETURNING *`,
    [f.courseId, f.ratingSum, f.ratingCount, f.version],
  );
  if (!rows[0]) return false;
  await recordCoursesUpdated(tx, [toCourse(rows[0])]);
  return true;
}
