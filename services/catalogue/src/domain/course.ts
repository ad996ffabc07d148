/** Pure catalogue rules: no I/O here, so they are unit-tested with plain values. */

export const COURSE_CATEGORIES = ['Guitar', 'Bass Guitar', 'Drums', 'Piano & Keyboard', 'Sound Engineering'] as const;
export type CourseCategory = (typeof COURSE_CATEGORIES)[number];

export const COURSE_LEVELS = ['beginner', 'intermediate', 'advanced'] as const;
export type CourseLevel = (typeof COURSE_LEVELS)[number];

export const TIERS = ['silver', 'gold', 'diamond'] as const;
export type Tier = (typeof TIERS)[number];

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

/**
 * Discount shown beside a tier price: round(price / oldPrice * 100 - 100), so a
 * price below the old price gives a negative percentage (e.g. -20). No old price, no discount.
 */
export function discountPercent(price: number, oldPrice: number): number | null {
  if (!Number.isFinite(price) || !Number.isFinite(oldPrice) || oldPrice <= 0) return null;
  return Math.round((price / oldPrice) * 100 - 100);
}

/** Amounts are integer poisha; this formats them as the storefront shows them: "1250.00". */
export function formatTaka(poisha: number): string {
  if (!Number.isSafeInteger(poisha)) throw new RangeError(`amount must be integer poisha, got ${poisha}`);
  const sign = poisha < 0 ? '-' : '';
  const abs = Math.abs(poisha);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** Public visibility: only published courses reach visitors, unless the caller may see drafts. */
export function isVisible(course: { published: boolean }, includeUnpublished: boolean): boolean {
  return course.published || includeUnpublished;
}
