/**
 * The marketplace runs in Bangladesh: its days (date of birth "not in the future", analytics
 * ranges, the back office's default range) are Dhaka days. Bangladesh is UTC+6 all year (no
 * daylight saving), so a fixed offset is exact. Pure code without dependencies (browser-safe).
 *
 * This module is the one mechanism for Dhaka days, SQL included: a query over Dhaka days takes the
 * instants of `dhakaDayBounds` as parameters (`created_at >= $start AND created_at < $end`),
 * never an offset or a zone name of its own.
 */
import { dayStartUtc } from './days';

export const DHAKA_UTC_OFFSET_MS = 6 * 3_600_000;
/** The same zone by its IANA name, for what formats through Intl (the screens' dates and times, issue 55). */
export const DHAKA_TIME_ZONE = 'Asia/Dhaka';
const DAY_MS = 86_400_000;

/** The Dhaka day (YYYY-MM-DD) an instant falls on. */
export function dhakaDay(at: Date | string | number = new Date()): string {
  return new Date(new Date(at).getTime() + DHAKA_UTC_OFFSET_MS).toISOString().slice(0, 10);
}

/** The Dhaka wall-clock time (HH:MM, 24-hour) of an instant: a receipt's and a statement's time. */
export function dhakaTimeOfDay(at: Date | string | number): string {
  return new Date(new Date(at).getTime() + DHAKA_UTC_OFFSET_MS).toISOString().slice(11, 16);
}

/** Today's date (YYYY-MM-DD) in Dhaka. */
export function todayInDhaka(now: Date = new Date()): string {
  return dhakaDay(now);
}

/** The calendar day `days` after (negative: before) `day` (both YYYY-MM-DD). */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/**
 * The instants [start, end) covering the Dhaka days `first` to `last` inclusive, given as
 * UTC midnights of those calendar days (e.g. `Date.UTC(y, m, d)`).
 */
export function dhakaDaysRange(first: Date, last: Date): { start: Date; end: Date } {
  return { start: new Date(first.getTime() - DHAKA_UTC_OFFSET_MS), end: new Date(last.getTime() + DAY_MS - DHAKA_UTC_OFFSET_MS) };
}

/** The instants [start, end) covering the Dhaka days `first` to `last` (YYYY-MM-DD, inclusive; one day by default). */
export function dhakaDayBounds(first: string, last: string = first): { start: Date; end: Date } {
  return dhakaDaysRange(dayStartUtc(first), dayStartUtc(last));
}

const BENGALI_DIGITS = '০১২৩৪৫৬৭৮৯';

/** Text with its Latin digits written in Bengali digits (dates and amounts read in Bengali). */
export function bengaliDigits(text: string | number): string {
  return String(text).replace(/[0-9]/g, (d) => BENGALI_DIGITS[Number(d)]!);
}
