/**
 * Course reviews' pure rules (issue 41, decision 0048): what a rating, a review's text, a reply and
 * a reason for hiding must hold, who may write a review, and how a course's figures are counted.
 */
import type { RefusalKey } from '@taal/contracts';

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

// C0/C1 controls (but tab and line feed), bidirectional marks, overrides and isolates, and the byte
// order mark are kept out: a review is plain text, shown as text, in English or Bengali (whose
// letters and the zero-width (non-)joiner U+200C/U+200D Bengali spelling needs are kept).
const BIDI_AND_BOM = new Set([0x200e, 0x200f, 0x202a, 0x202b, 0x202c, 0x202d, 0x202e, 0x2066, 0x2067, 0x2068, 0x2069, 0xfeff]);
const isKept = (ch: string) => {
  const c = ch.codePointAt(0)!;
  if (c === 0x09 || c === 0x0a) return true;
  return c >= 0x20 && !(c >= 0x7f && c <= 0x9f) && !BIDI_AND_BOM.has(c);
};
const TAGS = /<\/?[A-Za-z!][^<>]*>/g;

/**
 * A review's (or reply's, or reason's) text as stored: plain text without markup or control
 * characters, line ends made \n, at most two blank lines in a row, trimmed, within `max`.
 */
export function plainText(input: string | undefined, max: number): string {
  const stripped = (input ?? '')
    .replace(/\r\n?/g, '\n')
    .replace(TAGS, '');
  const text = [...stripped]
    .filter(isKept)
    .join('')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  return [...text].slice(0, max).join('');
}

/** A course's figures from its shown reviews. */
export function figuresOf(ratings: readonly number[]): { sum: number; count: number } {
  return { sum: ratings.reduce((a, b) => a + b, 0), count: ratings.length };
}

/** The average shown (one decimal), 0 with no review. */
export function averageOf(sum: number, count: number): number {
  return count > 0 ? Math.round((sum / count) * 10) / 10 : 0;
}
