/** Pure identity rules: no I/O here, so they are unit-tested with plain values. */
import {
  AccountFieldLimits as Limits,
  dayStartUtc,
  dhakaDaysRange,
  hasControlCharacters,
  isEmail,
  isIsoDay,
  isUserRole,
  nameProblem as sharedNameProblem,
  parseDayRange,
  todayInDhaka,
  UserRoles as UserTypes,
} from '@taal/contracts';
import { Messages } from './messages';

/**
 * The e-mail and field-length rules live in @taal/contracts (account-rules.ts) so the gateway
 * checks exactly the same shapes; this domain is where they are enforced.
 */
export { AccountFieldLimits, emailDomain, hasControlCharacters, isEmail, normaliseEmail } from '@taal/contracts';

/** The roles are declared once, in @taal/contracts. */
export { UserRoles as UserTypes, type UserRole as UserType } from '@taal/contracts';

export const LOGIN_PROVIDERS = ['Google', 'Facebook'] as const;
export type LoginProvider = (typeof LOGIN_PROVIDERS)[number];

export const MIN_PASSWORD_LENGTH = 6;
export const MAX_PHOTO_BYTES = 5 * 1024 * 1024;

export const isUserType = isUserRole;

const blank = (value: string | undefined): boolean => value === undefined || value.trim() === '';
const tooLong = (value: string | undefined, max: number): boolean => (value ?? '').trim().length > max;

/** Name: the one name rule of @taal/contracts (also the contact form's); `missing` when blank. Null when fine. */
function nameProblem(value: string | undefined, missing: string): string | null {
  const problem = sharedNameProblem(value);
  return problem === 'required' ? missing : problem === 'tooLong' ? Messages.nameTooLong : problem === 'invalid' ? Messages.nameInvalid : null;
}

/** E-mail: required (`missing`), at most 254 characters, one address in the strict form. */
function emailProblem(value: string | undefined, missing: string): string | null {
  if (blank(value)) return missing;
  if (tooLong(value, Limits.email)) return Messages.emailTooLong;
  if (!isEmail(value!.trim())) return Messages.invalidEmail;
  return null;
}

/** Parses YYYY-MM-DD into a UTC date; null unless it names a real calendar day (the contracts' one day rule). */
export function parseIsoDate(value: string): Date | null {
  const day = value.trim();
  return isIsoDay(day) ? dayStartUtc(day) : null;
}

/** Bangladesh days (UTC+6) are declared once, in @taal/contracts (bangladesh-time.ts). */
export { todayInDhaka } from '@taal/contracts';

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
  referCode?: string;
}

/**
 * Storefront §5 sign-up rules, in form order: name (required, ≤ 100, no control
 * characters), email (required, ≤ 254, one address in the strict form), password
 * (required, ≤ 200), confirm password (required), then match and length, photo (required,
 * an image), date of birth (required, a real date, not in the future), phone (required,
 * digits only, ≤ 20), address (required, ≤ 500), referral code (optional, ≤ 32).
 */
export function validateSignUp(input: SignUpInput, today: string = todayInDhaka()): ValidationResult {
  const f: Record<string, string> = {};
  const name = nameProblem(input.name, Messages.nameRequired);
  if (name) f.name = name;
  const email = emailProblem(input.email, Messages.emailRequired);
  if (email) f.email = email;
  if (blank(input.password)) f.password = Messages.passwordRequired;
  else if (input.password!.length > Limits.password) f.password = Messages.passwordTooLong;
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
  else if (tooLong(input.phone, Limits.phone)) f.phone = Messages.phoneTooLong;
  if (blank(input.address)) f.address = Messages.addressRequired;
  else if (tooLong(input.address, Limits.address)) f.address = Messages.addressTooLong;
  else if (hasControlCharacters(input.address!)) f.address = Messages.addressInvalid;
  if (tooLong(input.referCode, Limits.referCode)) f.refercode = Messages.referCodeTooLong;
  return result(f);
}

/** Storefront §5 login: both fields present and the e-mail well formed, else one message. */
export function validateLogin(input: { email?: string; password?: string }): ValidationResult {
  const f: Record<string, string> = {};
  const email = emailProblem(input.email, Messages.emailRequired);
  if (email) f.email = email;
  if (blank(input.password)) f.password = Messages.passwordRequired;
  else if (input.password!.length > Limits.password) f.password = Messages.passwordTooLong;
  return result(f, Messages.loginMissing);
}

/** Password of an account made by an admin: at least 6 and at most 200 characters. */
function staffPasswordProblem(password: string): string | null {
  if (password.length < MIN_PASSWORD_LENGTH) return Messages.passwordTooShort;
  if (password.length > Limits.password) return Messages.passwordTooLong;
  return null;
}

/** The fields both admin account forms share, once all are given: name, email, password, instructor. */
function staffAccountProblems(
  f: Record<string, string>,
  input: { name?: string; email?: string; password?: string; instructor?: string },
): void {
  const name = nameProblem(input.name, '');
  if (name) f.name = name;
  const email = emailProblem(input.email, '');
  if (email) f.email = email;
  const password = staffPasswordProblem(input.password!);
  if (password) f.password = password;
  if (tooLong(input.instructor, Limits.instructor)) f.instructor = Messages.instructorTooLong;
}

/**
 * Back office §5 create account: name, email, password and type (1 or 2) all given, then
 * the same shapes as sign-up (name ≤ 100 without control characters, one strict address
 * ≤ 254, password 6–200) and an instructor of at most 200 characters.
 */
export function validateCreateAccount(input: {
  name?: string;
  email?: string;
  password?: string;
  type?: number;
  instructor?: string;
}): ValidationResult {
  const f: Record<string, string> = {};
  if (blank(input.name)) f.name = Messages.someFieldNotFilled;
  if (blank(input.email)) f.email = Messages.someFieldNotFilled;
  if (blank(input.password)) f.password = Messages.someFieldNotFilled;
  if (input.type === undefined || input.type === 0) f.type = Messages.someFieldNotFilled;
  if (Object.keys(f).length > 0) return result(f);
  staffAccountProblems(f, input);
  if (input.type !== UserTypes.admin && input.type !== UserTypes.content) f.type = Messages.invalidAccountType;
  return result(f);
}

/** Back office §5 admin-created instructor account: name, email, password (6–200), same shapes as above. */
export function validateInstructorAccount(input: {
  name?: string;
  email?: string;
  password?: string;
  instructor?: string;
}): ValidationResult {
  const f: Record<string, string> = {};
  if (blank(input.name)) f.name = Messages.anyFieldMissing;
  if (blank(input.email)) f.email = Messages.anyFieldMissing;
  if (blank(input.password)) f.password = Messages.anyFieldMissing;
  if (Object.keys(f).length > 0) return result(f);
  staffAccountProblems(f, input);
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
  else {
    const password = staffPasswordProblem(input.password!);
    if (password) f.password = password;
  }
  return result(f);
}

/**
 * Photos are decoded and encoded again by the kit (`reencodeImage`: JPEG, PNG, GIF or WebP
 * in, at most 5 MB; a JPEG of at most 1000 × 1000 and 1 MB out, without metadata).
 */
export const PHOTO_RULES = { maxInputBytes: MAX_PHOTO_BYTES, maxWidth: 1000, maxHeight: 1000, format: 'jpeg', quality: 80 } as const;

/**
 * Files key of a re-encoded photo. The `-re` mark tells them from photos stored before
 * re-encoding existed, which are re-encoded when served instead.
 */
export function reencodedPhotoKey(userId: string, random: string, extension: string): string {
  return `users/${userId}/photo-${random}-re.${extension}`;
}

export function isReencodedPhotoKey(key: string): boolean {
  return /\/photo-[0-9a-f]+-re\.(jpg|webp)$/.test(key);
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
  const range = parseDayRange(startDate, endDate);
  return range && dhakaDaysRange(dayStartUtc(range.from), dayStartUtc(range.to));
}
