/**
 * The expiry notices (3 days before, and on expiry): when they are due and the day as the student
 * reads it. Messaging writes the mails (decision 0023).
 */
import { bengaliDigits, dhakaDay } from '@taal/contracts';

export const EXPIRY_NOTICE_DAYS = 3;

export type NoticeKind = 'soon' | 'expired';

/** The day as the student reads it (Bangladesh time). */
export function dayOf(at: Date, language: 'en' | 'bn'): string {
  const day = dhakaDay(at).split('-').reverse().join('-');
  return language === 'bn' ? bengaliDigits(day) : day;
}
