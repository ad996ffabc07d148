// Numbers, money, dates, times and durations in the page's language (spec §9: BDT with 2 decimals;
// weekday, month day, year, hour:minute AM/PM). The one formatter every screen uses: in Bengali the
// digits are Bengali (০-৯) and so are the names, including AM/PM (which Intl leaves in Latin for bn).
// Money is written as the PDFs write it, by the same function (`moneyText` of the contracts:
// "BDT 2,500.00", "২,৫০০.০০ টাকা"), and every date and time is Bangladesh's (contracts' DHAKA_TIME_ZONE),
// whatever the device's zone (issue 55, decision 0067).
// Without an explicit language, the shared i18next instance's current language is used, so a
// component that re-renders on a language change (useTranslation) formats in the new one.
import i18next, { type FormatterModule } from 'i18next';
import { bengaliDigits, DHAKA_TIME_ZONE, moneyText, poishaToTaka, takaText } from '@taal/contracts/web';

/** The page's language now. */
export function pageLanguage(): string {
  return i18next.resolvedLanguage ?? i18next.language ?? 'en';
}

const isBengali = (lng: string) => lng.startsWith('bn');
/** The Intl locale of a page language. */
export const localeOf = (lng = pageLanguage()) => (isBengali(lng) ? 'bn-BD' : 'en-US');

/** A number in the language's digits; no thousands separators (as the spec's figures), at most 2 decimals unless told. */
export function formatNumber(n: number, lng = pageLanguage(), options: Intl.NumberFormatOptions = {}): string {
  return new Intl.NumberFormat(localeOf(lng), { useGrouping: false, maximumFractionDigits: 2, ...options }).format(n);
}

/** Latin digits inside an already composed text (a DD-MM-YYYY day, a "2026-01" month) in the language's digits. */
export function localDigits(text: string, lng = pageLanguage()): string {
  return isBengali(lng) ? bengaliDigits(text) : text;
}

/** Poisha (integer, 1 BDT = 100 poisha) to "1,234.50" (bn "১,২৩৪.৫০"): the PDFs' figures too. */
export function poishaToBdt(poisha: number, lng = pageLanguage()): string {
  return takaText(poisha, lng);
}

/** Poisha as money with its unit, as the receipts print it: "BDT 1,234.50" (bn "১,২৩৪.৫০ টাকা"). */
export function formatMoney(poisha: number, lng = pageLanguage()): string {
  return moneyText(poisha, lng);
}

/** Poisha as a form field's value ("1234.50", Latin digits: what the field is read back as). */
export function poishaToInput(poisha: number): string {
  return poishaToTaka(Math.round(Number(poisha || 0)));
}

/** Discount percentage as the spec defines it: round(price / oldPrice * 100 - 100); null when there is no old price. */
export { discountPercent } from '@taal/contracts/web';

// CLDR's Bengali keeps "AM"/"PM"; Bengali writes পূর্বাহ্ণ / অপরাহ্ণ.
const BN_DAY_PERIOD = { AM: 'পূর্বাহ্ণ', PM: 'অপরাহ্ণ' } as const;

function parts(d: Date, lng: string, options: Intl.DateTimeFormatOptions) {
  // Bangladesh's time, not the device's (issue 55).
  const all = new Intl.DateTimeFormat(localeOf(lng), { ...options, timeZone: DHAKA_TIME_ZONE }).formatToParts(d);
  return (type: Intl.DateTimeFormatPartTypes) => all.find((p) => p.type === type)?.value ?? '';
}

const toDate = (iso: string | number | Date) => {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? null : d;
};

/** "10:05 AM" (bn "১০:০৫ পূর্বাহ্ণ"). */
export function formatTime(iso: string | number | Date, lng = pageLanguage()): string {
  const d = toDate(iso);
  if (!d) return '';
  const get = parts(d, lng, { hour: 'numeric', minute: '2-digit', hour12: true });
  // The day period of the Dhaka hour, as Intl gives it ("AM"/"PM" in both locales), in Bengali words for bn.
  const p = /^p/i.test(get('dayPeriod')) ? 'PM' : 'AM';
  return `${get('hour')}:${get('minute')} ${isBengali(lng) ? BN_DAY_PERIOD[p] : p}`;
}

/**
 * "Monday, January 3, 2022, 10:05 AM" (bn: the same order with Bengali names and digits), in
 * Bangladesh time; `zone` says so where it matters (an order's time): "…, 10:05 AM (Bangladesh time)".
 */
export function formatDateTime(iso: string | number | Date, lng = pageLanguage(), options: { zone?: boolean } = {}): string {
  const d = toDate(iso);
  if (!d) return '';
  const get = parts(d, lng, { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' });
  const text = `${get('weekday')}, ${get('month')} ${get('day')}, ${get('year')}, ${formatTime(d, lng)}`;
  return options.zone ? `${text} (${i18next.t('common.bangladeshTime', { lng })})` : text;
}

/** "January 3, 2022" for joined dates and the like. */
export function formatDate(iso: string | number | Date, lng = pageLanguage()): string {
  const d = toDate(iso);
  if (!d) return '';
  const get = parts(d, lng, { month: 'long', day: 'numeric', year: 'numeric' });
  return `${get('month')} ${get('day')}, ${get('year')}`;
}

/** A duration as a clock, "m:ss" or "h:mm:ss" (bn in Bengali digits). */
export function formatClock(seconds: number, lng = pageLanguage()): string {
  const s = Math.max(0, Math.floor(Number.isFinite(seconds) ? seconds : 0));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const ss = String(s % 60).padStart(2, '0');
  return localDigits(h > 0 ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`, lng);
}

/** "30 days" (bn "৩০ দিন"). */
export function formatDays(count: number, lng = pageLanguage()): string {
  return i18next.t('common.days', { count, lng });
}

/** A validity typed as text ("365 days", "1 day"): in the page's language when it is a number of days, else as typed. */
export function formatValidity(text: string, lng = pageLanguage()): string {
  const m = /^\s*(\d+)\s*days?\s*$/i.exec(text);
  return m ? formatDays(Number(m[1]), lng) : text;
}

/**
 * i18next's formatter (the shell installs it with interpolation.alwaysFormat): every number a
 * translation interpolates ({{count}}, {{days}}, {{max, number}}) is written in the language's digits.
 */
export const numberFormatter: FormatterModule = {
  type: 'formatter',
  init: () => undefined,
  add: () => undefined,
  addCached: () => undefined,
  format: (value: unknown, format?: string, lng?: string) =>
    typeof value === 'number' && (!format || format === 'number') ? formatNumber(value, lng ?? pageLanguage()) : (value as string),
};
