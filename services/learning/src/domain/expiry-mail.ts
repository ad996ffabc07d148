/**
 * The expiry notices (3 days before, and on expiry): when they are due and the day as the student
 * reads it. Messaging writes the mails (decision 0023).
 */
import { bengaliDigits, dayMonthYear, dhakaDay } from '@taal/contracts';

export const EXPIRY_NOTICE_DAYS = 3;

export type NoticeKind = 'soon' | 'expired';

/** The day as the student reads it (Bangladesh time). */
export function dayOf(at: Date, language: 'en' | 'bn'): string {
  const day = dayMonthYear(dhakaDay(at));
  return language === 'bn' ? bengaliDigits(day) : day;
}
