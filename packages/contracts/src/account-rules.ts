/**
 * The account field rules, in one place: the identity service enforces them (its domain
 * re-exports this module) and the gateway checks the same shapes before calling it. Pure
 * code without dependencies, so any package (or a browser bundle) may import it.
 */
import { isIsoDay, wholeYearsBetween } from './days';
import { normaliseMailbox } from './mailbox';
import { isCleanName } from './name-rule';

export { cleanName, isCleanName, NAME_OR_BLANK_PATTERN, NAME_PATTERN, withoutRefusedCharacters } from './name-rule';

/** Longest value each account form field accepts (characters, after trimming). */
export const AccountFieldLimits = {
  name: 100,
  /** RFC 5321: a forward path is at most 256 octets including the angle brackets. */
  email: 254,
  password: 200,
  phone: 20,
  address: 500,
  /** Referral codes are 8 characters; anything much longer is not one. */
  referCode: 32,
  instructor: 200,
} as const;

/** Longest local part (before the @) of an address (RFC 5321). */
export const MAX_EMAIL_LOCAL_PART = 64;

/**
 * One address in a strict form: `local@domain.tld`.
 * - local part: the dot-atom of RFC 5322 (letters, digits and ! # $ % & ' * + / = ? ^ _ ` { | } ~ -,
 *   dots only between them), at most 64 characters; no quoted strings, no comments;
 * - domain: dot-separated labels of letters, digits and inner hyphens (≤ 63 each), ending in
 *   a top-level label of letters (or an `xn--` IDN label); no IP literals.
 * So no display names (`Name <a@b.org>`), no lists or commas, no spaces or control characters.
 */
const LOCAL = "[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*";
const LABEL = '[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?';
const TLD = '(?:[A-Za-z]{2,63}|xn--[A-Za-z0-9-]{1,59})';
export const EMAIL_PATTERN = `^${LOCAL}@(?:${LABEL}\\.)+${TLD}$`;
/** The local part's limit as a pattern, for documents that state EMAIL_PATTERN beside it. */
export const EMAIL_LOCAL_PART_PATTERN = `^[^@]{1,${MAX_EMAIL_LOCAL_PART}}@`;
const EMAIL = new RegExp(EMAIL_PATTERN);

/** True when `value` (already trimmed) is exactly one address in the strict form above. */
export function isEmail(value: string): boolean {
  if (value.length > AccountFieldLimits.email || !EMAIL.test(value)) return false;
  return value.indexOf('@') <= MAX_EMAIL_LOCAL_PART;
}

/** E-mail addresses are compared and stored trimmed and lower-cased. */
export function normaliseEmail(value: string): string {
  return value.trim().toLowerCase();
}

/** The domain of an address (lower-cased), '' when there is none. */
export function emailDomain(value: string): string {
  const at = value.lastIndexOf('@');
  return at < 0 ? '' : normaliseEmail(value.slice(at + 1));
}

/**
 * Control characters (C0, DEL, C1), line/paragraph separators and the bidirectional
 * embedding/override/isolate marks that can disguise text. Addresses must not contain them
 * (names follow the stricter rule of name-rule.ts).
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/u;
export const CONTROL_CHARACTERS_PATTERN = CONTROL.source;

export function hasControlCharacters(value: string): boolean {
  return CONTROL.test(value);
}

export type NameProblem = 'required' | 'tooLong' | 'invalid';

/**
 * The one rule for a person's name, wherever one is typed (sign-up, profile, the back office's
 * accounts and instructors, the contact form): required, at most `max` characters once trimmed
 * (`AccountFieldLimits.name` unless the form has its own), and none of the invisible or
 * formatting characters of name-rule.ts (NAME_PATTERN; decision 0039) anywhere in the value as
 * sent. Null when the name is fine.
 */
export function nameProblem(value: string | undefined, max: number = AccountFieldLimits.name): NameProblem | null {
  const trimmed = (value ?? '').trim();
  if (!trimmed) return 'required';
  if (trimmed.length > max) return 'tooLong';
  if (!isCleanName(value!)) return 'invalid';
  return null;
}

/*
 * The sign-up rules of the fields a user may later change on the Profile tab (storefront §5):
 * one function per field, answering the refusal key of its problem (null when fine). Identity's
 * sign-up and profile checks and the screens' own checks all call these, so the rule and its
 * message are the same everywhere.
 */

/** Name: required, at most 100 characters, no invisible or formatting characters (name-rule.ts). */
export function nameRefusal(value: string | undefined): 'NAME_REQUIRED' | 'NAME_TOO_LONG' | 'NAME_INVALID' | null {
  const problem = nameProblem(value);
  return problem === 'required' ? 'NAME_REQUIRED' : problem === 'tooLong' ? 'NAME_TOO_LONG' : problem === 'invalid' ? 'NAME_INVALID' : null;
}

/**
 * A phone number as typed, as it is checked and stored (issue 40): Bengali digits (০-৯, what a
 * Bengali keyboard types) are digits and become 0-9; a leading + (an international number,
 * "+880…") is kept. Anything else stays, and the rule refuses it (never dropped unseen).
 */
export function normalisePhone(value: string | undefined): string {
  return latinDigits((value ?? '').trim());
}

/** Bengali digits (০-৯) as Latin ones; anything else kept (a phone, a number typed on a Bengali page). */
export function latinDigits(text: string): string {
  return text.replace(/[\u09E6-\u09EF]/g, (d) => String(d.charCodeAt(0) - 0x09e6));
}

/** Phone: required, digits only (0-9 or ০-৯; a leading + allowed), at most 20 characters. */
export function phoneRefusal(value: string | undefined): 'PHONE_REQUIRED' | 'PHONE_DIGITS_ONLY' | 'PHONE_TOO_LONG' | null {
  const phone = normalisePhone(value);
  if (!phone) return 'PHONE_REQUIRED';
  if (!/^\+?[0-9]+$/.test(phone)) return 'PHONE_DIGITS_ONLY';
  if (phone.length > AccountFieldLimits.phone) return 'PHONE_TOO_LONG';
  return null;
}

/** Address: required, at most 500 characters, no control characters. */
export function addressRefusal(value: string | undefined): 'ADDRESS_REQUIRED' | 'ADDRESS_TOO_LONG' | 'ADDRESS_INVALID' | null {
  const address = (value ?? '').trim();
  if (!address) return 'ADDRESS_REQUIRED';
  if (address.length > AccountFieldLimits.address) return 'ADDRESS_TOO_LONG';
  if (hasControlCharacters(value!)) return 'ADDRESS_INVALID';
  return null;
}

/** Date of birth: required, a real YYYY-MM-DD day, not after `today` (a YYYY-MM-DD day in Dhaka). */
export function dobRefusal(value: string | undefined, today: string): 'DOB_REQUIRED' | 'DOB_INVALID' | 'DOB_IN_FUTURE' | null {
  const dob = (value ?? '').trim();
  if (!dob) return 'DOB_REQUIRED';
  if (!isIsoDay(dob)) return 'DOB_INVALID';
  if (dob > today) return 'DOB_IN_FUTURE';
  return null;
}

/** The terms' age rule (decision 0047): under 13 cannot sign up; 13 to 17 need a guardian's approval before buying. */
export const MIN_SIGN_UP_AGE = 13;
export const GUARDIAN_UNTIL_AGE = 18;

/** Whole years from `dob` to `today` (both YYYY-MM-DD): a birthday counts from its own day (29 February: from 1 March in other years). */
export function ageOn(dob: string, today: string): number {
  return wholeYearsBetween(dob, today);
}

/** What the age rule asks of a valid date of birth on `today`: refused (under 13), a guardian (13-17), or nothing. */
export function ageRule(dob: string, today: string): 'tooYoung' | 'guardian' | 'none' {
  const age = ageOn(dob, today);
  if (age < MIN_SIGN_UP_AGE) return 'tooYoung';
  return age < GUARDIAN_UNTIL_AGE ? 'guardian' : 'none';
}

/**
 * The guardian's e-mail of a 13-17-year-old: required, a valid address, and another mailbox than
 * the student's own: compared as the one mailbox normaliser (normaliseMailbox, as referrals count
 * people) sees them, so a plus-alias (`me+mum@…`) or, for gmail.com, a dotted spelling of the
 * student's own address is refused with GUARDIAN_EMAIL_SAME.
 */
export function guardianEmailRefusal(value: string | undefined, studentEmail: string | undefined): 'GUARDIAN_EMAIL_REQUIRED' | 'GUARDIAN_EMAIL_INVALID' | 'GUARDIAN_EMAIL_SAME' | null {
  const guardian = normaliseEmail(value ?? '');
  if (!guardian) return 'GUARDIAN_EMAIL_REQUIRED';
  if (guardian.length > AccountFieldLimits.email || !isEmail(guardian)) return 'GUARDIAN_EMAIL_INVALID';
  const student = normaliseEmail(studentEmail ?? '');
  if (guardian === student || normaliseMailbox(guardian) === normaliseMailbox(student)) return 'GUARDIAN_EMAIL_SAME';
  return null;
}
