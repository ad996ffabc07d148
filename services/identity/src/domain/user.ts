/** Pure identity rules: no I/O here, so they are unit-tested with plain values. */
import { Messages } from './messages';

export const UserTypes = { admin: 1, content: 2, instructor: 3, student: 4 } as const;
export type UserType = (typeof UserTypes)[keyof typeof UserTypes];

export const LOGIN_PROVIDERS = ['Google', 'Facebook'] as const;
export type LoginProvider = (typeof LOGIN_PROVIDERS)[number];

export const MIN_PASSWORD_LENGTH = 6;
export const MAX_PHOTO_BYTES = 5 * 1024 * 1024;

export function isUserType(value: number): value is UserType {
  return Number.isInteger(value) && value >= 1 && value <= 4;
}

/** The storefront's e-mail pattern, slightly stricter: something@something.tld, no spaces. */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isEmail(value: string): boolean {
  return value.length <= 254 && EMAIL.test(value);
}

/** E-mail addresses are compared and stored trimmed and lower-cased. */
export function normaliseEmail(value: string): string {
  return value.trim().toLowerCase();
}

const blank = (value: string | undefined): boolean => value === undefined || value.trim() === '';

/** Parses YYYY-MM-DD into a UTC date; null unless it names a real calendar day. */
export function parseIsoDate(value: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value.trim());
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d) return null;
  return date;
}

/** Today's date (YYYY-MM-DD) in Bangladesh (UTC+6, no DST), where the marketplace runs. */
export function todayInDhaka(now: Date = new Date()): string {
  return new Date(now.getTime() + 6 * 3_600_000).toISOString().slice(0, 10);
}

/** Field → message of every problem; the first problem (in form order) is the headline message. */
export interface ValidationResult {
  ok: boolean;
  message: string;
  fields: Record<string, string>;
}

function result(fields: Record<string, string>, headline?: string): ValidationResult {
  const first = Object.values(fields)[0];
  return first === undefined ? { ok: true, message: '', fields } : { ok: false, message: headline ?? first, fields };
}

export interface SignUpInput {
  name?: string;
  email?: string;
  password?: string;
  confirmPassword?: string;
  /** Whether a photo was sent, and whether it is an acceptable image. */
  photo?: { present: boolean; isImage: boolean };
  dob?: string;
  phone?: string;
  address?: string;
}

/**
 * Storefront §5 sign-up rules, in form order: name, email (required, pattern), password
 * (required), confirm password (required), then match and length, photo (required, an
 * image), date of birth (required, a real date, not in the future), phone (required,
 * digits only), address (required).
 */
export function validateSignUp(input: SignUpInput, today: string = todayInDhaka()): ValidationResult {
  const f: Record<string, string> = {};
  if (blank(input.name)) f.name = Messages.nameRequired;
  if (blank(input.email)) f.email = Messages.emailRequired;
  else if (!isEmail(input.email!.trim())) f.email = Messages.invalidEmail;
  if (blank(input.password)) f.password = Messages.passwordRequired;
  if (blank(input.confirmPassword)) f.confirmPassword = Messages.confirmPasswordRequired;
  if (!f.password && !f.confirmPassword) {
    if (input.password !== input.confirmPassword) f.confirmPassword = Messages.passwordMismatch;
    else if (input.password!.length < MIN_PASSWORD_LENGTH) f.password = Messages.passwordTooShort;
  }
  if (!input.photo?.present) f.photo = Messages.photoRequired;
  else if (!input.photo.isImage) f.photo = Messages.photoNotImage;
  if (blank(input.dob)) f.dob = Messages.dobRequired;
  else {
    const dob = parseIsoDate(input.dob!);
    if (!dob) f.dob = Messages.dobInvalid;
    else if (input.dob!.trim() > today) f.dob = Messages.dobInFuture;
  }
  if (blank(input.phone)) f.phone = Messages.phoneRequired;
  else if (!/^\d+$/.test(input.phone!.trim())) f.phone = Messages.phoneDigitsOnly;
  if (blank(input.address)) f.address = Messages.addressRequired;
  return result(f);
}

/** Storefront §5 login: both fields present and the e-mail well formed, else one message. */
export function validateLogin(input: { email?: string; password?: string }): ValidationResult {
  const f: Record<string, string> = {};
  if (blank(input.email)) f.email = Messages.emailRequired;
  else if (!isEmail(input.email!.trim())) f.email = Messages.invalidEmail;
  if (blank(input.password)) f.password = Messages.passwordRequired;
  return result(f, Messages.loginMissing);
}

/** Back office §5 create account: name, email, password and type (1 or 2) all given. */
export function validateCreateAccount(input: {
  name?: string;
  email?: string;
  password?: string;
  type?: number;
}): ValidationResult {
  const f: Record<string, string> = {};
  if (blank(input.name)) f.name = Messages.someFieldNotFilled;
  if (blank(input.email)) f.email = Messages.someFieldNotFilled;
  if (blank(input.password)) f.password = Messages.someFieldNotFilled;
  if (input.type === undefined || input.type === 0) f.type = Messages.someFieldNotFilled;
  if (Object.keys(f).length > 0) return result(f);
  if (!isEmail(input.email!.trim())) f.email = Messages.invalidEmail;
  if (input.type !== UserTypes.admin && input.type !== UserTypes.content) f.type = Messages.invalidAccountType;
  if (input.password!.length < MIN_PASSWORD_LENGTH) f.password = Messages.passwordTooShort;
  return result(f);
}

/** Back office §5 admin-created instructor account: name, email, password (≥ 6). */
export function validateInstructorAccount(input: { name?: string; email?: string; password?: string }): ValidationResult {
  const f: Record<string, string> = {};
  if (blank(input.name)) f.name = Messages.anyFieldMissing;
  if (blank(input.email)) f.email = Messages.anyFieldMissing;
  if (blank(input.password)) f.password = Messages.anyFieldMissing;
  if (Object.keys(f).length > 0) return result(f);
  if (!isEmail(input.email!.trim())) f.email = Messages.invalidEmail;
  if (input.password!.length < MIN_PASSWORD_LENGTH) f.password = Messages.passwordTooShort;
  return result(f);
}

/** Choosing a new password from a reset link: both fields, matching, at least 6 characters. */
export function validateNewPassword(input: { token?: string; password?: string; confirmPassword?: string }): ValidationResult {
  const f: Record<string, string> = {};
  if (blank(input.token)) f.token = Messages.anyFieldMissing;
  if (blank(input.password)) f.password = Messages.anyFieldMissing;
  if (blank(input.confirmPassword)) f.confirmPassword = Messages.anyFieldMissing;
  if (Object.keys(f).length > 0) return result(f);
  if (input.password !== input.confirmPassword) f.confirmPassword = Messages.passwordMismatch;
  else if (input.password!.length < MIN_PASSWORD_LENGTH) f.password = Messages.passwordTooShort;
  return result(f);
}

/** Recognises the image formats a browser shows from their first bytes; null for anything else. */
export function sniffImageType(bytes: Uint8Array): 'image/jpeg' | 'image/png' | 'image/gif' | 'image/webp' | null {
  const b = bytes;
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'image/jpeg';
  if (b.length >= 8 && [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((v, i) => b[i] === v)) return 'image/png';
  if (b.length >= 6 && String.fromCharCode(...b.subarray(0, 6)).match(/^GIF8[79]a$/)) return 'image/gif';
  if (
    b.length >= 12 &&
    String.fromCharCode(...b.subarray(0, 4)) === 'RIFF' &&
    String.fromCharCode(...b.subarray(8, 12)) === 'WEBP'
  )
    return 'image/webp';
  return null;
}

export const PHOTO_EXTENSIONS: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/gif': 'gif',
  'image/webp': 'webp',
};

/** A photo is acceptable when its bytes are a known image format and it is at most 5 MB. */
export function isAcceptablePhoto(bytes: Uint8Array): boolean {
  return bytes.length > 0 && bytes.length <= MAX_PHOTO_BYTES && sniffImageType(bytes) !== null;
}

/** Student ids are `TS-` and a number from a database sequence (unique and never reused). */
export function formatStudentId(sequence: number): string {
  return `TS-${sequence}`;
}

/** Referral codes: 8 characters without look-alikes (no 0/O, 1/I/L). */
const REFERRAL_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const REFERRAL_CODE_LENGTH = 8;

export function referralCodeFrom(random: Uint8Array): string {
  if (random.length < REFERRAL_CODE_LENGTH) throw new RangeError('need at least 8 random bytes');
  let code = '';
  for (let i = 0; i < REFERRAL_CODE_LENGTH; i++) code += REFERRAL_ALPHABET[random[i]! % REFERRAL_ALPHABET.length];
  return code;
}

export function normaliseReferralCode(value: string | undefined): string {
  return (value ?? '').trim().toUpperCase();
}

/**
 * A date-range bound of the analytics calls. The back office writes dates as DD-MM-YYYY;
 * YYYY-MM-DD is accepted too. Days are Bangladesh days (UTC+6): a range covers
 * [start 00:00, end + 1 day 00:00) in Dhaka time. Null when either date is not a real day
 * or the range is reversed.
 */
export function analyticsRange(startDate: string, endDate: string): { start: Date; end: Date } | null {
  const parse = (value: string): Date | null => {
    const dmy = /^(\d{1,2})-(\d{1,2})-(\d{4})$/.exec(value.trim());
    const iso = dmy ? `${dmy[3]}-${dmy[2]!.padStart(2, '0')}-${dmy[1]!.padStart(2, '0')}` : value.trim();
    return parseIsoDate(iso);
  };
  const start = parse(startDate);
  const end = parse(endDate);
  if (!start || !end || end < start) return null;
  const SIX_HOURS = 6 * 3_600_000;
  return { start: new Date(start.getTime() - SIX_HOURS), end: new Date(end.getTime() + 86_400_000 - SIX_HOURS) };
}
