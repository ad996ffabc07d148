// Money and date formatting (spec §9: BDT with 2 decimals; weekday, month day, year, hour:minute AM/PM).

/** Poisha (integer, 1 BDT = 100 poisha) to a "1234.50" string. */
export function poishaToBdt(poisha: number): string {
  return (Number(poisha || 0) / 100).toFixed(2);
}

/** Discount percentage as the spec defines it: round(price / oldPrice * 100 - 100); null when there is no old price. */
export function discountPercent(price: number, oldPrice: number): number | null {
  if (!oldPrice || oldPrice <= 0 || !Number.isFinite(price)) return null;
  return Math.round((price / oldPrice) * 100 - 100);
}

const dateLocale = (lng: string) => (lng.startsWith('bn') ? 'bn-BD' : 'en-US');

/** "Monday, January 3, 2022, 10:05 AM" (bn: the same order with Bengali names and digits). */
export function formatDateTime(iso: string | number | Date, lng = 'en'): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  const parts = new Intl.DateTimeFormat(dateLocale(lng), {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    hour12: true,
  }).formatToParts(d);
  const get = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  const period = d.getHours() < 12 ? 'AM' : 'PM';
  return `${get('weekday')}, ${get('month')} ${get('day')}, ${get('year')}, ${get('hour')}:${get('minute')} ${period}`;
}

/** "January 3, 2022" for joined dates and the like. */
export function formatDate(iso: string | number | Date, lng = 'en'): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  const parts = new Intl.DateTimeFormat(dateLocale(lng), { month: 'long', day: 'numeric', year: 'numeric' }).formatToParts(d);
  const get = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('month')} ${get('day')}, ${get('year')}`;
}
