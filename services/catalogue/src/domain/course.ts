/** Pure catalogue rules: no I/O here, so they are unit-tested with plain values. */

import { COURSE_CATEGORIES, COURSE_LEVELS, COURSE_TIERS as TIERS, type CourseCategory, type CourseLevel, type CourseTier as Tier } from '@taal/contracts';

export { COURSE_CATEGORIES, COURSE_LEVELS, TIERS, type CourseCategory, type CourseLevel, type Tier };

/** At most this many featured instructors are shown publicly. */
export const FEATURED_INSTRUCTOR_LIMIT = 10;

export function isCategory(value: string): value is CourseCategory {
  return (COURSE_CATEGORIES as readonly string[]).includes(value);
}

/**
 * The spec spells the level "advance" in places and "advanced" in others; we store
 * "advanced" and accept either on the way in.
 */
export function normaliseLevel(value: string): CourseLevel | null {
  const lower = value.trim().toLowerCase();
  if (lower === 'advance') return 'advanced';
  return (COURSE_LEVELS as readonly string[]).includes(lower) ? (lower as CourseLevel) : null;
}

/** The discount beside a tier price and integer poisha as taka text, written once in @taal/contracts. */
export { discountPercent, poishaToTaka as formatTaka } from '@taal/contracts';

/** Public visibility: only published courses reach visitors, unless the caller may see drafts. */
export function isVisible(course: { published: boolean }, includeUnpublished: boolean): boolean {
  return course.published || includeUnpublished;
}
