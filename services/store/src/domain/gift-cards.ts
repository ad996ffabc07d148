/**
 * Gift-card rules (spec §8, §9; decision on the store): pure, no I/O.
 *
 * A secret code is 100 random bits written as 20 characters of Crockford's base32 in groups of
 * four (`ABCD-EFGH-JKMN-PQRS-TVWX`); only its sha256 is stored. sha256 without salt or stretching
 * is enough here because the input is uniformly random with 100 bits: stretching protects
 * low-entropy secrets (passwords) against guessing, which cannot work on 2^100 candidates.
 */
import { createHash } from 'node:crypto';
import { bengaliDigits, dhakaDay, giftCardTextProblem, isEmail, GiftCardTextLimits, nameProblem, type RefusalKey } from '@taal/contracts';

/** Crockford's base32 alphabet (no I, L, O, U: nothing to misread when typed). */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export const CODE_CHARS = 20;
export const CODE_BITS = CODE_CHARS * 5;

export const GIFT_CARD_VALIDITY_DAYS = 365;
export const MIN_PHONE_LENGTH = 11;
export const MAX_QUANTITY = 100;

export const StoreMessages = {
  categoryCreated: 'category created successfully',
  categoryUpdated: 'category updated successfully',
  categoryDeleted: 'category deleted successfully',
  productAdded: 'Product added successfully!',
  productUpdated: 'Product updated successfully!',
  productDeleted: 'Product deleted successfully!',
} as const;

/** A new secret code from `random` (at least 13 bytes; 100 bits are used). */
export function codeFromBytes(random: Uint8Array): string {
  if (random.length < 13) throw new Error('a code needs 13 random bytes');
  let bits = 0n;
  for (const b of random.subarray(0, 13)) bits = (bits << 8n) | BigInt(b);
  let out = '';
  for (let i = 0; i < CODE_CHARS; i++) {
    out += ALPHABET[Number(bits & 31n)];
    bits >>= 5n;
  }
  return out.match(/.{4}/g)!.join('-');
}

/** What the user typed, as stored: upper case, no spaces or dashes, O→0 and I/L→1 (Crockford). */
export function normaliseCode(typed: string): string {
  return typed
    .toUpperCase()
    .replace(/[\s-]/g, '')
    .replace(/O/g, '0')
    .replace(/[IL]/g, '1');
}

/** Whether the typed text can be a code at all (a malformed one is never looked up). */
export function isWellFormedCode(typed: string): boolean {
  const n = normaliseCode(typed);
  return n.length === CODE_CHARS && [...n].every((c) => ALPHABET.includes(c));
}

export function hashCode(typed: string): string {
  return createHash('sha256').update(`taal-gift-card:${normaliseCode(typed)}`).digest('hex');
}

export function validityOf(now: Date): { validFrom: Date; validTo: Date } {
  return { validFrom: now, validTo: new Date(now.getTime() + GIFT_CARD_VALIDITY_DAYS * 86_400_000) };
}

export type RedeemRefusal = 'unknown' | 'used' | 'expired' | 'not-yet-valid';

/** Each reason a card may not be redeemed, as its refusal. */
export const REDEEM_REFUSALS = {
  unknown: 'GIFT_CARD_UNKNOWN',
  used: 'GIFT_CARD_USED',
  expired: 'GIFT_CARD_EXPIRED',
  'not-yet-valid': 'GIFT_CARD_NOT_YET_VALID',
} as const satisfies Record<RedeemRefusal, RefusalKey>;

/** Whether a card found by its code may be redeemed now. */
export function redeemRefusal(
  card: { used: boolean; validFrom: Date; validTo: Date } | null,
  now: Date,
): RedeemRefusal | null {
  if (!card) return 'unknown';
  if (card.used) return 'used';
  if (now.getTime() > card.validTo.getTime()) return 'expired';
  if (now.getTime() < card.validFrom.getTime()) return 'not-yet-valid';
  return null;
}

/** A store order's total: price × quantity, poisha. */
export function orderTotal(price: number, quantity: number): number {
  if (!Number.isSafeInteger(price) || price <= 0) throw new Error('price must be positive poisha');
  if (!Number.isInteger(quantity) || quantity < 1 || quantity > MAX_QUANTITY) throw new Error('bad quantity');
  return price * quantity;
}

/** Spec §5's rules for a gift-card order; field → refusal key, empty when valid. */
export function orderProblems(o: {
  forMyself: boolean;
  quantity: number;
  userPhone: string;
  giftCardFrom: string;
  giftCardMessage: string;
  shipping: { name: string; email: string; phone: string };
}): Record<string, RefusalKey> {
  const problems: Record<string, RefusalKey> = {};
  const required = 'THIS_IS_REQUIRED';
  // Text that goes on the card and into its mails (a Subject too): decision 0018's characters and lengths.
  const text = (field: string, value: string, max: number) => {
    const problem = giftCardTextProblem(value, max);
    if (problem) problems[field] = problem === 'invalid' ? 'GIFT_CARD_TEXT_INVALID' : 'TOO_LONG';
  };
  // The sender's and the receiver's names: the one name rule of sign-up and every name form
  // (nameProblem, name-rule.ts; issue 55), within the card's shorter limit.
  const name = (field: string, value: string, max: number) => {
    const problem = nameProblem(value, max);
    if (problem) problems[field] = problem === 'required' ? required : problem === 'tooLong' ? 'TOO_LONG' : 'NAME_INVALID';
  };
  const phone = (field: string, value: string) => {
    if (!value.trim()) problems[field] = required;
    else if (value.trim().length < MIN_PHONE_LENGTH) problems[field] = 'TOO_SHORT';
  };
  if (!Number.isInteger(o.quantity) || o.quantity < 1) problems.quantity = 'QUANTITY_TOO_SMALL';
  else if (o.quantity > MAX_QUANTITY) problems.quantity = 'QUANTITY_TOO_LARGE';
  if (o.forMyself) {
    phone('userPhone', o.userPhone);
  } else {
    name('shippingAddressName', o.shipping.name, GiftCardTextLimits.receiverName);
    name('giftCardFrom', o.giftCardFrom, GiftCardTextLimits.senderName);
    phone('shippingAddressPhone', o.shipping.phone);
    if (!o.shipping.email.trim()) problems.shippingAddressEmail = required;
    else if (!isEmail(o.shipping.email.trim())) problems.shippingAddressEmail = 'ENTER_VALID_EMAIL';
  }
  text('giftCardMessage', o.giftCardMessage, GiftCardTextLimits.message);
  return problems;
}


/** A route slug: lower-case letters, digits and dashes. */
export function isParam(value: string): boolean {
  return /^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(value) && value.length <= 80;
}

/** A card's last day as its reader reads it: the Dhaka day (yyyy-mm-dd; Bengali digits in Bengali). */
export function dayOf(d: Date, language: 'en' | 'bn'): string {
  const day = dhakaDay(d);
  return language === 'bn' ? bengaliDigits(day) : day;
}
