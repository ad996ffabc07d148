/**
 * Money, written once (decision 0001): every amount is an integer number of poisha (1 BDT = 100
 * poisha). This module is the one place poisha become taka text and taka text becomes poisha,
 * and where the largest amount the API takes is set; services (mails, PDFs, the card gateway's
 * fields), the edge's money schemas and the frontends all call it. Pure code (browser-safe).
 */
import { bengaliDigits } from './bangladesh-time';

/** The largest amount any route takes: BDT 10,000,000,000.00 (a form's poisha text has at most 12 digits). */
export const MAX_AMOUNT_POISHA = 1_000_000_000_000;

/**
 * An amount typed in taka (BDT), as the back office shows money: a positive or zero number with
 * at most two decimals ('1500', '1500.5', '1500.50'). Read digit by digit into whole poisha,
 * never through floating point; null for anything else (a sign, an exponent, more decimals,
 * more than 11 whole digits).
 */
export const TAKA_PATTERN = '^[0-9]{1,11}(?:\\.[0-9]{1,2})?$';
const TAKA = new RegExp(TAKA_PATTERN);

export function takaToPoisha(text: string): number | null {
  const value = text.trim();
  if (!TAKA.test(value)) return null;
  const [whole, fraction = ''] = value.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/** A whole number of poisha as a form sends it ('150000'): 1 to 12 digits. */
export const POISHA_TEXT_PATTERN = '^[0-9]{1,12}$';
const POISHA_TEXT = new RegExp(POISHA_TEXT_PATTERN);

/** A form's poisha text as a number; null unless it is 1 to 12 digits. */
export function poishaOfText(text: string): number | null {
  const value = text.trim();
  return POISHA_TEXT.test(value) ? Number(value) : null;
}

/**
 * A taka amount that arrived as a JSON number (the card gateway's fields keep its unit, BDT;
 * decision 0028) in whole poisha. Rounded to the nearest poisha: 12.345 is 1235.
 */
export function poishaOfTaka(taka: number): number {
  return Math.round(taka * 100);
}

/** Poisha as a taka number, the unit of the card gateway's JSON fields (decision 0028); the inverse of poishaOfTaka. */
export function takaOfPoisha(poisha: number): number {
  return poisha / 100;
}

/**
 * Integer poisha as taka with two decimals and Latin digits, exactly (no floating point):
 * 123450 → '1234.50', -5 → '-0.05'; with `grouping`, '1,234.50' (the statements' form).
 * Throws on a value that is not integer poisha.
 */
export function poishaToTaka(poisha: number, options: { grouping?: boolean } = {}): string {
  if (!Number.isSafeInteger(poisha)) throw new RangeError(`amount must be integer poisha, got ${poisha}`);
  const abs = Math.abs(poisha);
  const whole = Math.floor(abs / 100);
  return `${poisha < 0 ? '-' : ''}${options.grouping ? whole.toLocaleString('en-US') : whole}.${String(abs % 100).padStart(2, '0')}`;
}

/**
 * Money as every screen and every PDF writes it (issue 55: one form, decision 0067): thousands
 * grouped three by three, two decimals, in the language's digits: '2,500.00', bn '২,৫০০.০০'.
 */
export function takaText(poisha: number, language: string): string {
  const taka = poishaToTaka(Math.round(Number(poisha) || 0), { grouping: true });
  return language.startsWith('bn') ? bengaliDigits(taka) : taka;
}

/** An amount with its unit, as screens and PDFs write it: 'BDT 2,500.00', bn '২,৫০০.০০ টাকা'. */
export function moneyText(poisha: number, language: string): string {
  const taka = takaText(poisha, language);
  return language.startsWith('bn') ? `${taka} টাকা` : `BDT ${taka}`;
}

/** The spec's discount beside a price: round(price / oldPrice × 100 − 100) percent; null without a usable old price. */
export function discountPercent(price: number, oldPrice: number): number | null {
  if (!Number.isFinite(price) || !Number.isFinite(oldPrice) || oldPrice <= 0) return null;
  return Math.round((price / oldPrice) * 100 - 100);
}

/**
 * A voucher's discount on what is left to pay (storefront §5): `percent` of `remainder`, rounded
 * in the customer's favour (ceil), never more than the remainder. Commerce charges it; the
 * storefront shows it before the order.
 */
export function voucherDiscount(remainder: number, percent: number): number {
  return Math.min(remainder, Math.ceil((remainder * percent) / 100));
}
