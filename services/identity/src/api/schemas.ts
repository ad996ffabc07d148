/**
 * Request bodies of the account calls, validated with zod; each check is worded as a key of
 * the refusal catalogue (refusals/identity.ts, decision 0026), the specs' messages.
 * The shapes are the identity domain's (@taal/contracts account-rules), checked here first so
 * a form gets every message at once; identity enforces them again.
 *
 * The OpenAPI document is generated from these schemas (openapi.ts). What zod cannot say in
 * JSON Schema (a refinement, or a check made after trimming) each field states with `.meta()`
 * beside the check, so a request valid per the document is never refused as malformed:
 * `pattern: '\\S'` is "not blank". Lengths are counted in UTF-16 code units.
 */
import { z } from 'zod';
import {
  AccountFieldLimits as L,
  CONTROL_CHARACTERS_PATTERN,
  EMAIL_LOCAL_PART_PATTERN,
  EMAIL_PATTERN,
  hasControlCharacters,
  isEmail,
  isIsoDay,
  ISO_DAY_PATTERN,
  NAME_PATTERN,
  nameProblem,
  todayInDhaka,
  type RefusalKey,
} from '@taal/contracts';

/** Text is trimmed before it is checked: a required field must not be blank. */
const NOT_BLANK = '\\S';
/** Control characters (C0, DEL, C1), line/paragraph separators and bidirectional marks. */
const CONTROL = CONTROL_CHARACTERS_PATTERN.slice(1, -1);
/** One line, not blank, none of those characters (addresses). */
const PLAIN_TEXT = `^[^${CONTROL}]*[^\\s${CONTROL}][^${CONTROL}]*$`;

/** A required text field: missing, not a string or blank all give `missing`; longer than `max` gives `tooLong`. */
const text = (missing: RefusalKey, max: number, tooLong: RefusalKey) =>
  z.string({ error: missing }).trim().min(1, { error: missing, abort: true }).max(max, { error: tooLong, abort: true });
const secret = (missing: RefusalKey) => z.string({ error: missing }).min(1, { error: missing, abort: true });
const password = (missing: RefusalKey) => secret(missing).max(L.password, { error: 'PASSWORD_TOO_LONG', abort: true });
const optionalText = (max: number, tooLong: RefusalKey, description: string) =>
  z
    .string()
    .trim()
    .max(max, tooLong)
    .optional()
    .transform((v) => v ?? '')
    .meta({ description });
/** A required text field as the document states it. */
const notBlank = (description?: string) => ({ pattern: NOT_BLANK, ...(description ? { description } : {}) });

/**
 * Name: required, at most 100 characters, none of the invisible or formatting characters of the
 * one name rule (@taal/contracts name-rule.ts, decision 0039), checked on the value as sent
 * (before trimming), as the document's pattern states it.
 */
const name = (missing: RefusalKey) =>
  z
    .string({ error: missing })
    .refine((v) => nameProblem(v) !== 'invalid', { error: 'NAME_INVALID', abort: true })
    .trim()
    .min(1, { error: missing, abort: true })
    .max(L.name, { error: 'NAME_TOO_LONG', abort: true })
    .meta({
      pattern: NAME_PATTERN,
      description: `Name: at most ${L.name} characters, no control, invisible or formatting characters (a zero-width joiner or non-joiner only between two Bengali, Devanagari or Arabic-script letters)`,
    });
/** E-mail: required, at most 254 characters, exactly one address in the strict form. */
const email = (missing: RefusalKey) =>
  text(missing, L.email, 'EMAIL_TOO_LONG')
    .refine(isEmail, 'INVALID_EMAIL')
    .meta({
      minLength: 6,
      // The strict form of @taal/contracts' account rules, and a local part of at most 64 characters.
      pattern: EMAIL_PATTERN,
      allOf: [{ pattern: EMAIL_LOCAL_PART_PATTERN }],
      description: 'One address, local@domain.tld (no display name, no spaces); compared lower-cased',
    });
/** A new password as typed (not trimmed). */
const newPassword = (missing: RefusalKey) => password(missing).min(6, 'PASSWORD_TOO_SHORT').meta({ description: 'At least 6 characters' });
const confirmPassword = (missing: RefusalKey) => password(missing).meta({ minLength: 6, description: 'The same as password' });

/** Today in Bangladesh (UTC+6), YYYY-MM-DD. */
const today = (): string => todayInDhaka();

const signUpFields = {
  name: name('NAME_REQUIRED'),
  email: email('EMAIL_REQUIRED'),
  password: newPassword('PASSWORD_REQUIRED'),
  confirmPassword: confirmPassword('CONFIRM_PASSWORD_REQUIRED'),
  dob: text('DOB_REQUIRED', 10, 'DOB_INVALID')
    .refine((v) => isIsoDay(v), { error: 'DOB_INVALID', abort: true })
    .refine((v) => v <= today(), 'DOB_IN_FUTURE')
    .meta({ format: 'date', pattern: ISO_DAY_PATTERN, description: 'YYYY-MM-DD, a real day (years 1000-9999), not in the future (Dhaka time)' }),
  phone: text('PHONE_REQUIRED', 1000, 'PHONE_TOO_LONG')
    // Bengali digits are digits (stored as 0-9), and "+880…" keeps its plus (issue 40).
    .regex(/^\+?[0-9\u09E6-\u09EF]+$/, { error: 'PHONE_DIGITS_ONLY', abort: true })
    .max(L.phone, 'PHONE_TOO_LONG')
    .meta({ description: 'Digits only (0-9 or Bengali ০-৯, stored as 0-9), a leading + allowed' }),
  address: text('ADDRESS_REQUIRED', L.address, 'ADDRESS_TOO_LONG')
    .refine((v) => !hasControlCharacters(v), 'ADDRESS_INVALID')
    .meta({ pattern: PLAIN_TEXT, description: `Address: at most ${L.address} characters, no control characters` }),
  refercode: optionalText(L.referCode, 'REFER_CODE_TOO_LONG', 'Optional referral code (an unknown code is ignored)'),
  language: z.enum(['en', 'bn']).optional().meta({ description: "The interface language (en or bn, default en): the language of the user's e-mails" }),
  guardianEmail: optionalText(
    L.email,
    'GUARDIAN_EMAIL_INVALID',
    "A parent's or guardian's address: required (valid, not the student's own) when the date of birth makes the student 13 to 17; ignored otherwise (decision 0047). Under 13 is refused (TOO_YOUNG)",
  ),
};

/** Storefront §5. The photo is checked beside the body (multipart file). */
export const signUpSchema = z
  // Only the documented fields (signUpForm is strict): an unknown one is refused, not ignored.
  .strictObject(signUpFields)
  .refine((v) => v.password === v.confirmPassword, { path: ['confirmPassword'], error: 'PASSWORD_MISMATCH' });

export const MAX_PHOTO_BYTES = 5 * 1024 * 1024;

/** The sign-up form as the document states it: the form's fields and the photo, nothing else. */
export const signUpForm = z.strictObject({
  name: signUpFields.name,
  email: signUpFields.email,
  password: signUpFields.password,
  confirmPassword: signUpFields.confirmPassword,
  photo: z.custom<Express.Multer.File>().meta({
    type: 'string',
    format: 'binary',
    minLength: 1,
    maxLength: MAX_PHOTO_BYTES,
    description: 'An image file (JPEG, PNG, GIF, WebP; decoded and re-encoded), not empty, at most 5 MB',
  }),
  dob: signUpFields.dob,
  phone: signUpFields.phone,
  address: signUpFields.address,
  refercode: signUpFields.refercode,
  language: signUpFields.language,
  guardianEmail: signUpFields.guardianEmail,
});
// The upload refuses unnamed parts, a second file and more than 20 fields (routes/user photoUpload).
export const SIGN_UP_ENCODING = { photo: { contentType: 'image/jpeg, image/png, image/gif, image/webp' } };

/** The order the sign-up form shows its fields in; the first problem is the headline. */
export const SIGN_UP_FIELDS = ['name', 'email', 'password', 'confirmPassword', 'photo', 'dob', 'phone', 'address', 'guardianEmail', 'refercode', 'language'];

/** Storefront §5: any problem answers 'Email or password is missing!'. */
export const loginSchema = z.object({
  email: email('EMAIL_REQUIRED'),
  password: password('PASSWORD_REQUIRED').meta({ minLength: 1 }),
});

const accountType = z
  .union([z.number(), z.string().trim()], { error: 'SOME_FIELD_NOT_FILLED' })
  .refine((v) => v !== '', { error: 'SOME_FIELD_NOT_FILLED', abort: true })
  .transform(Number)
  .refine((v) => v === 1 || v === 2, 'INVALID_ACCOUNT_TYPE')
  .meta({ enum: [1, 2, '1', '2'], description: '1 admin, 2 content uploader' });

/** Back office §5 create account; the instructor is optional ('N/A' means none). */
export const createAccountSchema = z.object({
  name: name('SOME_FIELD_NOT_FILLED'),
  email: email('SOME_FIELD_NOT_FILLED'),
  password: newPassword('SOME_FIELD_NOT_FILLED'),
  type: accountType,
  instructor: optionalText(L.instructor, 'INSTRUCTOR_TOO_LONG', 'Instructor profile id; empty or N/A for none').transform((v) =>
    v.toUpperCase() === 'N/A' ? '' : v,
  ),
});

/** Back office §5 admin-created instructor account. */
export const instructorAccountSchema = z.object({
  name: name('ANY_FIELD_MISSING'),
  email: email('ANY_FIELD_MISSING'),
  password: newPassword('ANY_FIELD_MISSING'),
  instructor: optionalText(L.instructor, 'INSTRUCTOR_TOO_LONG', 'Instructor profile id'),
});

/** Choosing a new password from the reset link. */
export const passwordResetSchema = z
  .object({
    token: text('ANY_FIELD_MISSING', 4096, 'RESET_LINK_INVALID').meta(notBlank('The token of the reset link')),
    password: newPassword('ANY_FIELD_MISSING'),
    confirmPassword: confirmPassword('ANY_FIELD_MISSING'),
  })
  .refine((v) => v.password === v.confirmPassword, { path: ['confirmPassword'], error: 'PASSWORD_MISMATCH' });

/** Asking for a one-time sign-in link, and signing in with its token (decision 0005). */
export const signInLinkRequestSchema = z.object({ email: email('EMAIL_REQUIRED') });
export const signInLinkSchema = z.object({ token: text('ANY_FIELD_MISSING', 200, 'SIGN_IN_LINK_INVALID').meta(notBlank('The token of the sign-in link')) });
export const refreshSchema = z.object({ refreshToken: text('ANY_FIELD_MISSING', 200, 'SESSION_EXPIRED').meta(notBlank()) });
export const googleLoginSchema = z.object({ tokenId: text('ANY_FIELD_MISSING', 8192, 'LOGIN_FAILED').meta(notBlank('Google ID token')) });
export const facebookLoginSchema = z.object({
  accessToken: text('ANY_FIELD_MISSING', 4096, 'LOGIN_FAILED').meta(notBlank('Facebook user access token')),
  userID: z
    .union([z.string(), z.number()], { error: 'ANY_FIELD_MISSING' })
    .transform(String)
    .pipe(text('ANY_FIELD_MISSING', 64, 'LOGIN_FAILED'))
    .meta({ anyOf: [{ type: 'string', minLength: 1, maxLength: 64, pattern: NOT_BLANK }, { type: 'number' }], description: 'Facebook user id' }),
});
