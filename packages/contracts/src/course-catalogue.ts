/**
 * A course's category and level. A module of their own, apart from
 * the tiers' purchase rules (course-access.ts): a bundle that lists or filters courses (the
 * storefront's course list, /allcourses' first visit) takes these two lists without the rules only
 * the course view and the cart need. Browser-safe, no dependencies.
 */

/** A course's instrument, in the order of the spec's lists (storefront §3, back office §5). */
export const COURSE_CATEGORIES = ['Guitar', 'Bass Guitar', 'Drums', 'Piano & Keyboard', 'Sound Engineering'] as const;
export type CourseCategory = (typeof COURSE_CATEGORIES)[number];

export const COURSE_LEVELS = ['beginner', 'intermediate', 'advanced'] as const;
export type CourseLevel = (typeof COURSE_LEVELS)[number];
