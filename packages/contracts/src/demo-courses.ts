/**
 * The demo catalogue's course ids (fixed, so demo links and tests stay stable). The catalogue seeds
 * these courses; learning gives its demo lessons to these and to no other course (an admin's own
 * course gets none, and a grown catalogue is never listed whole for it).
 */
const DEMO_COURSE_COUNT = 14;

export const demoCourseId = (n: number): string => `00000000-0000-4000-9000-0000000000${String(n).padStart(2, '0')}`;

export const DEMO_COURSE_IDS: readonly string[] = Array.from({ length: DEMO_COURSE_COUNT }, (_, i) => demoCourseId(i + 1));
