/**
 * Day strings. The spec's API dates are dash-separated day-month-year (`22-5-2022`); the
 * services speak YYYY-MM-DD (Bangladesh days). Both forms are read; anything else is refused.
 */
import { parseDay } from '@taal/contracts';

const pad = (n: number) => String(n).padStart(2, '0');

/** A real calendar day (years 0001-9999) as YYYY-MM-DD, or null: the contracts' one day rule. */
export { parseDay };

/** 'YYYY-MM' or 'MM-YYYY' → its first and last day, or null. */
export function monthRange(text: string): { from: string; to: string; month: string } | null {
  const a = /^(\d{4})-(\d{1,2})$/.exec(text.trim());
  const b = /^(\d{1,2})-(\d{4})$/.exec(text.trim());
  const [y, m] = a ? [Number(a[1]), Number(a[2])] : b ? [Number(b[2]), Number(b[1])] : [0, 0];
  if (!y || m < 1 || m > 12) return null;
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return { from: `${y}-${pad(m)}-01`, to: `${y}-${pad(m)}-${pad(last)}`, month: `${y}-${pad(m)}` };
}
