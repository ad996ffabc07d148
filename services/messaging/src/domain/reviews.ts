/**
 * Course reviews' pure rules (issue 41, decision 0048): what a rating, a review's text, a reply and
 * a reason for hiding must hold, who may write a review, and how a course's figures are counted.
 */
import type { RefusalKey } from '@taal/contracts';
import { plainText as plainTextOf } from '@taal/kit';

export const ReviewLimits = { text: 2000, reply: 2000, reason: 500, name: 100 } as const;

/** Where a student stands in a course (learning's answer). */
export interface Standing {
  enrolled: boolean;
  completedLessons: number;
}

/** Who may review: an enrolment (even an expired one) and at least one completed lesson. */
export function reviewRefusal(standing: Standing): RefusalKey | null {
  if (!standing.enrolled) return 'REVIEW_NOT_ENROLLED';
  if (standing.completedLessons < 1) return 'REVIEW_NEEDS_LESSON';
  return null;
}

export function isRating(value: unknown): value is 1 | 2 | 3 | 4 | 5 {
  return typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= 5;
}

/**
 * A review's (or reply's, or reason's, or reviewer's name's) text as stored: the one plain-text
 * sanitiser (@taal/kit, decision 0064): no markup, however nested, no control, direction or
 * invisible characters, line ends made \n, at most one blank line in a row, trimmed, within `max`.
 */
export function plainText(input: string | undefined, max: number): string {
  return plainTextOf(input, max);
}

/** A course's figures from its shown reviews. */
export function figuresOf(ratings: readonly number[]): { sum: number; count: number } {
  return { sum: ratings.reduce((a, b) => a + b, 0), count: ratings.length };
}

/** The average shown (one decimal), 0 with no review. */
export function averageOf(sum: number, count: number): number {
  return count > 0 ? Math.round((sum / count) * 10) / 10 : 0;
}
