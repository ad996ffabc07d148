/**
 * Days as the API takes them: the one rule every service and the gateway read a day with.
 * Two forms: YYYY-MM-DD, and the spec's day-month-year (`22-5-2022`, `05-12-2024`). A day is
 * a real Gregorian calendar day of the years 1000 to 9999 (a four-digit year): `0000-01-01`
 * is refused like `2023-02-30`. Year 0 does not exist and the databases refuse it; the first
 * centuries do not fit the calendar's four digits either once a range is moved to Dhaka time
 * (0001-01-01 00:00 in Dhaka is a day of 1 BC in UTC), and no date of this marketplace is
 * older than a thousand years (decision 0025).
 *
 * The rule is written as regular expressions, so the OpenAPI document states exactly what the
 * gateway accepts (`ISO_DAY_PATTERN`, `API_DAY_PATTERN`), and the parsers below use the same
 * expressions. Pure code without dependencies (browser-safe).
 */

/** A year 1000-9999. */
const YEAR = '[1-9][0-9]{3}';
/** A leap year 1000-9999: divisible by 4 and not by 100, or by 400. */
const LEAP_YEAR = '(?:[1-9][0-9](?:0[48]|[2468][048]|[13579][26])|(?:[2468][048]|[13579][26])00)';

/** Month and day pairs as `month-day`, two digits each, or one or two (`z` = an optional leading zero). */
function monthDays(z: '0' | '0?'): { monthDay: string; dayMonth: string } {
  const upTo = (last: 28 | 30 | 31) => `(?:${z}[1-9]|1[0-9]|2${last === 28 ? '[0-8]' : '[0-9]'}${last === 30 ? '|30' : last === 31 ? '|3[01]' : ''})`;
  const long = `(?:${z}[13578]|1[02])`;
  const short = `(?:${z}[469]|11)`;
  const feb = `${z}2`;
  const pairs: Array<[string, string]> = [
    [long, upTo(31)],
    [short, upTo(30)],
    [feb, upTo(28)],
  ];
  return {
    monthDay: pairs.map(([m, d]) => `${m}-${d}`).join('|'),
    dayMonth: pairs.map(([m, d]) => `${d}-${m}`).join('|'),
  };
}

const two = monthDays('0');
const loose = monthDays('0?');
const ISO_DAY = `${YEAR}-(?:${two.monthDay})|${LEAP_YEAR}-02-29`;
const DMY_DAY = `(?:${loose.dayMonth})-${YEAR}|29-0?2-${LEAP_YEAR}`;

/** A real day as YYYY-MM-DD, years 1000-9999 (what the services store and answer). */
export const ISO_DAY_PATTERN = `^(?:${ISO_DAY})$`;
/** A real day as YYYY-MM-DD or day-month-year (D-M-YYYY, DD-MM-YYYY), years 1000-9999. */
export const API_DAY_PATTERN = `^(?:${ISO_DAY}|${DMY_DAY})$`;
/** A real month as YYYY-MM, years 1000-9999. */
export const ISO_MONTH_PATTERN = `^${YEAR}-(?:0[1-9]|1[0-2])$`;

const ISO_DAY_RE = new RegExp(ISO_DAY_PATTERN);
const API_DAY_RE = new RegExp(API_DAY_PATTERN);
const pad = (n: string) => n.padStart(2, '0');

/** Whether `value` is a real day written YYYY-MM-DD. */
export function isIsoDay(value: string): boolean {
  return ISO_DAY_RE.test(value);
}

/** A real day (YYYY-MM-DD or day-month-year) as YYYY-MM-DD; null for anything else. */
export function parseDay(text: string): string | null {
  const value = text.trim();
  if (!API_DAY_RE.test(value)) return null;
  if (ISO_DAY_RE.test(value)) return value;
  const [d, m, y] = value.split('-') as [string, string, string];
  return `${y}-${pad(m)}-${pad(d)}`;
}

/** A first and last day (either form, inclusive) as YYYY-MM-DD; null unless both are real days and the last is not before the first. */
export function parseDayRange(first: string, last: string): { from: string; to: string } | null {
  const from = parseDay(first);
  const to = parseDay(last);
  return from && to && from <= to ? { from, to } : null;
}

/**
 * A YYYY-MM-DD day (or the date part of an RFC 3339 time) as the spec writes days: DD-MM-YYYY
 * (`22-05-2022`), which `parseDay` reads back; '' for ''.
 */
export function dayMonthYear(day: string): string {
  if (!day) return '';
  const [y, m, d] = day.slice(0, 10).split('-') as [string, string, string];
  return `${d}-${m}-${y}`;
}

/** The calendar day (YYYY-MM-DD) a Date falls on in the runtime's own time zone (a browser's day). */
export function localDay(at: Date = new Date()): string {
  return `${at.getFullYear()}-${pad(String(at.getMonth() + 1))}-${pad(String(at.getDate()))}`;
}

/** Whole years from `from` to `to` (both YYYY-MM-DD): an anniversary counts from its own day (29 February: from 1 March in other years). */
export function wholeYearsBetween(from: string, to: string): number {
  const [fy, fm, fd] = from.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = to.split('-').map(Number) as [number, number, number];
  return ty - fy - (tm < fm || (tm === fm && td < fd) ? 1 : 0);
}

/** The UTC midnight starting a YYYY-MM-DD day. */
export function dayStartUtc(day: string): Date {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const date = new Date(0);
  date.setUTCFullYear(y, m - 1, d);
  return date;
}
