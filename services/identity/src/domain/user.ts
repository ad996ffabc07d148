/** Pure identity rules: no I/O here, so they are unit-tested with plain values. */
import {
  AccountFieldLimits as Limits,
  dayStartUtc,
  dhakaDayBounds,
  isEmail,
  isIsoDay,
  isUserRole,
  addressRefusal,
  ageRule,
  dobRefusal,
  guardianEmailRefusal,
  nameRefusal,
  phoneRefusal,
  parseDayRange,
  todayInDhaka,
  UserRoles,
  type RefusalKey,
} from '@taal/contracts';

/**
 * The e-mail and field-length rules live in @taal/contracts (account-rules.ts) so the gateway
 * checks exactly the same shapes; this domain is where they are enforced.
 */
export { AccountFieldLimits, cleanName, emailDomain, hasControlCharacters, isEmail, normaliseEmail } from '@taal/contracts';

/** The roles are declared once, in @taal/contracts. */
export { UserRoles, type UserRole } from '@taal/contracts';

export const LOGIN_PROVIDERS = ['Google', 'Facebook'] as const;
export type LoginProvider = (typeof LOGIN_PROVIDERS)[number];

export const MIN_PASSWORD_LENGTH = 6;
export const MAX_PHOTO_BYTES = 5 * 1024 * 1024;

export const isUserType = isUserRole;

const blank = (value: string | undefined): boolean => value === undefined || value.trim() === '';
const tooLong = (value: string | undefined, max: number): boolean => (value ?? '').trim().length > max;

/** Name: the one name rule of @taal/contracts (also the contact form's); `missing` when blank. Null when fine. */
function nameProblem(value: string | undefined, missing: RefusalKey | null): RefusalKey | null {
  const key = nameRefusal(value);
  return key === 'NAME_REQUIRED' ? missing : key;
}

/** E-mail: required (`missing`), at most 254 characters, one address in the strict form. */
function emailProblem(value: string | undefined, missing: RefusalKey | null): RefusalKey | null {
  if (blank(value)) return missing;
  if (tooLong(value, Limits.email)) return 'EMAIL_TOO_LONG';
  if (!isEmail(value!.trim())) return 'INVALID_EMAIL';
  return null;
}

/** Parses YYYY-MM-DD into a UTC date; null unless it names a real calendar day (the contracts' one day rule). */
export function parseIsoDate(value: string): Date | null {
  const day = value.trim();
  return isIsoDay(day) ? dayStartUtc(day) : null;
}

/** Bangladesh days (UTC+6) are declared once, in @taal/contracts (bangladesh-time.ts). */
export { todayInDhaka } from '@taal/contracts';

/** Field → refusal key of every problem; the first problem (in form order) is the headline, unless one is given. */
export interface ValidationResult {
  ok: boolean;
  headline?: RefusalKey;
  fields: Record<string, RefusalKey>;
}

function result(fields: Record<string, RefusalKey>, headline?: RefusalKey): ValidationResult {
  const first = Object.values(fields)[0];
  return first === undefined ? { ok: true, fields } : { ok: false, headline: headline ?? first, fields };
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
  /** A parent's or guardian's address: required when the date of birth makes the student 13 to 17 (decision 0047). */
  guardianEmail?: string;
}

/**
 * Storefront §5 sign-up rules, in form order: name (required, ≤ 100, no control
 * characters), email (required, ≤ 254, one address in the strict form), password
 * (required, ≤ 200), confirm password (required), then match and length, photo (required,
 * an image), date of birth (required, a real date, not in the future), phone (required,
 * digits only, ≤ 20), address (required, ≤ 500), referral code (optional, ≤ 32).
 */
export function validateSignUp(input: SignUpInput, today: string = todayInDhaka()): ValidationResult {
  const f: Record<string, RefusalKey> = {};
  const name = nameProblem(input.name, 'NAME_REQUIRED');
  if (name) f.name = name;
  const email = emailProblem(input.email, 'EMAIL_REQUIRED');
  if (email) f.email = email;
  if (blank(input.password)) f.password = 'PASSWORD_REQUIRED';
  else if (input.password!.length > Limits.password) f.password = 'PASSWORD_TOO_LONG';
  if (blank(input.confirmPassword)) f.confirmPassword = 'CONFIRM_PASSWORD_REQUIRED';
  if (!f.password && !f.confirmPassword) {
    if (input.password !== input.confirmPassword) f.confirmPassword = 'PASSWORD_MISMATCH';
    else if (input.password!.length < MIN_PASSWORD_LENGTH) f.password = 'PASSWORD_TOO_SHORT';
  }
  if (!input.photo?.present) f.photo = 'PHOTO_REQUIRED';
  else if (!input.photo.isImage) f.photo = 'PHOTO_NOT_IMAGE';
  Object.assign(f, detailProblems(input, today));
  // The terms' age rule on the day of sign-up (decision 0047).
  const age = f.dob ? 'none' : ageRule(input.dob!.trim(), today);
  if (age === 'tooYoung') f.dob = 'TOO_YOUNG';
  const guardian = age === 'guardian' ? guardianEmailRefusal(input.guardianEmail, input.email) : null;
  if (guardian) f.guardianEmail = guardian;
  if (tooLong(input.referCode, Limits.referCode)) f.refercode = 'REFER_CODE_TOO_LONG';
  return result(f);
}

/** The details a user may change later (Profile tab), each by its sign-up rule. */
export interface ProfileDetails {
  name?: string;
  dob?: string;
  phone?: string;
  address?: string;
}

/** Field → refusal key of the date of birth, phone and address; `onlyGiven`: fields left undefined are not checked. */
function detailProblems(input: ProfileDetails, today: string, onlyGiven = false): Record<string, RefusalKey> {
  const f: Record<string, RefusalKey> = {};
  const check = (field: 'dob' | 'phone' | 'address', key: RefusalKey | null) => {
    if (key && !(onlyGiven && input[field] === undefined)) f[field] = key;
  };
  check('dob', dobRefusal(input.dob, today));
  check('phone', phoneRefusal(input.phone));
  check('address', addressRefusal(input.address));
  return f;
}

/**
 * The Profile tab's details (storefront §2): only the fields given are checked, each with its
 * sign-up rule and message (name, date of birth, phone, address); the e-mail is not among them.
 */
export function validateProfileDetails(input: ProfileDetails, today: string = todayInDhaka()): ValidationResult {
  const f: Record<string, RefusalKey> = {};
  if (input.name !== undefined) {
    const name = nameRefusal(input.name);
    if (name) f.name = name;
  }
  Object.assign(f, detailProblems(input, today, true));
  return result(f);
}

/** Storefront §5 login: both fields present and the e-mail well formed, else one message. */
export function validateLogin(input: { email?: string; password?: string }): ValidationResult {
  const f: Record<string, RefusalKey> = {};
  const email = emailProblem(input.email, 'EMAIL_REQUIRED');
  if (email) f.email = email;
  if (blank(input.password)) f.password = 'PASSWORD_REQUIRED';
  else if (input.password!.length > Limits.password) f.password = 'PASSWORD_TOO_LONG';
  return result(f, 'LOGIN_MISSING');
}

/** Password of an account made by an admin: at least 6 and at most 200 characters. */
function staffPasswordProblem(password: string): RefusalKey | null {
  if (password.length < MIN_PASSWORD_LENGTH) return 'PASSWORD_TOO_SHORT';
  if (password.length > Limits.password) return 'PASSWORD_TOO_LONG';
  return null;
}

/** The fields both admin account forms share, once all are given: name, email, password, instructor. */
function staffAccountProblems(
  f: Record<string, RefusalKey>,
  input: { name?: string; email?: string; password?: string; instructor?: string },
): void {
  const name = nameProblem(input.name, null);
  if (name) f.name = name;
  const email = emailProblem(input.email, null);
  if (email) f.email = email;
  const password = staffPasswordProblem(input.password!);
  if (password) f.password = password;
  if (tooLong(input.instructor, Limits.instructor)) f.instructor = 'INSTRUCTOR_TOO_LONG';
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
  const f: Record<string, RefusalKey> = {};
  if (blank(input.name)) f.name = 'SOME_FIELD_NOT_FILLED';
  if (blank(input.email)) f.email = 'SOME_FIELD_NOT_FILLED';
  if (blank(input.password)) f.password = 'SOME_FIELD_NOT_FILLED';
  if (input.type === undefined || input.type === 0) f.type = 'SOME_FIELD_NOT_FILLED';
  if (Object.keys(f).length > 0) return result(f);
  staffAccountProblems(f, input);
  if (input.type !== UserRoles.admin && input.type !== UserRoles.content) f.type = 'INVALID_ACCOUNT_TYPE';
  return result(f);
}

/** Back office §5 admin-created instructor account: name, email, password (6–200), same shapes as above. */
export function validateInstructorAccount(input: {
  name?: string;
  email?: string;
  password?: string;
  instructor?: string;
}): ValidationResult {
  const f: Record<string, RefusalKey> = {};
  if (blank(input.name)) f.name = 'ANY_FIELD_MISSING';
  if (blank(input.email)) f.email = 'ANY_FIELD_MISSING';
  if (blank(input.password)) f.password = 'ANY_FIELD_MISSING';
  if (Object.keys(f).length > 0) return result(f);
  staffAccountProblems(f, input);
  return result(f);
}

/** Choosing a new password from a reset link: both fields, matching, at least 6 characters. */
export function validateNewPassword(input: { token?: string; password?: string; confirmPassword?: string }): ValidationResult {
  const f: Record<string, RefusalKey> = {};
  if (blank(input.token)) f.token = 'ANY_FIELD_MISSING';
  if (blank(input.password)) f.password = 'ANY_FIELD_MISSING';
  if (blank(input.confirmPassword)) f.confirmPassword = 'ANY_FIELD_MISSING';
  if (Object.keys(f).length > 0) return result(f);
  if (input.password !== input.confirmPassword) f.confirmPassword = 'PASSWORD_MISMATCH';
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
  return range && dhakaDayBounds(range.from, range.to);
}
