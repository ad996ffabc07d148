/**
 * Request bodies of the account calls, validated with zod and answering the specs' messages.
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
  EMAIL_PATTERN,
  hasControlCharacters,
  IdentityMessages as M,
  isEmail,
  isIsoDay,
  ISO_DAY_PATTERN,
  MAX_EMAIL_LOCAL_PART,
  todayInDhaka,
} from '@taal/contracts';

/** Text is trimmed before it is checked: a required field must not be blank. */
const NOT_BLANK = '\\S';
/** Control characters (C0, DEL, C1), line/paragraph separators and bidirectional marks. */
const CONTROL = CONTROL_CHARACTERS_PATTERN.slice(1, -1);
/** One line, not blank, none of those characters (names, addresses). */
const PLAIN_TEXT = `^[^${CONTROL}]*[^\\s${CONTROL}][^${CONTROL}]*$`;

/** A required text field: missing, not a string or blank all give `missing`; longer than `max` gives `tooLong`. */
const text = (missing: string, max: number, tooLong: string) =>
  z.string({ error: missing }).trim().min(1, { error: missing, abort: true }).max(max, { error: tooLong, abort: true });
const secret = (missing: string) => z.string({ error: missing }).min(1, { error: missing, abort: true });
const password = (missing: string) => secret(missing).max(L.password, { error: M.passwordTooLong, abort: true });
const optionalText = (max: number, tooLong: string, description: string) =>
  z
    .string()
    .trim()
    .max(max, tooLong)
    .optional()
    .transform((v) => v ?? '')
    .meta({ description });
/** A required text field as the document states it. */
const notBlank = (description?: string) => ({ pattern: NOT_BLANK, ...(description ? { description } : {}) });

/** Name: required, at most 100 characters, no control characters. */
const name = (missing: string) =>
  text(missing, L.name, M.nameTooLong)
    .refine((v) => !hasControlCharacters(v), M.nameInvalid)
    .meta({ pattern: PLAIN_TEXT, description: `Name: at most ${L.name} characters, no control characters` });
/** E-mail: required, at most 254 characters, exactly one address in the strict form. */
const email = (missing: string) =>
  text(missing, L.email, M.emailTooLong)
    .refine(isEmail, M.invalidEmail)
    .meta({
      minLength: 6,
      // The strict form of @taal/contracts' account rules, and a local part of at most 64 characters.
      pattern: EMAIL_PATTERN,
      allOf: [{ pattern: `^[^@]{1,${MAX_EMAIL_LOCAL_PART}}@` }],
      description: 'One address, local@domain.tld (no display name, no spaces); compared lower-cased',
    });
/** A new password as typed (not trimmed). */
const newPassword = (missing: string) => password(missing).min(6, M.passwordTooShort).meta({ description: 'At least 6 characters' });
const confirmPassword = (missing: string) => password(missing).meta({ minLength: 6, description: 'The same as password' });

/** Today in Bangladesh (UTC+6), YYYY-MM-DD. */
const today = (): string => todayInDhaka();

const signUpFields = {
  name: name(M.nameRequired),
  email: email(M.emailRequired),
  password: newPassword(M.passwordRequired),
  confirmPassword: confirmPassword(M.confirmPasswordRequired),
  dob: text(M.dobRequired, 10, M.dobInvalid)
    .refine((v) => isIsoDay(v), { error: M.dobInvalid, abort: true })
    .refine((v) => v <= today(), M.dobInFuture)
    .meta({ format: 'date', pattern: ISO_DAY_PATTERN, description: 'YYYY-MM-DD, a real day (years 1000-9999), not in the future (Dhaka time)' }),
  phone: text(M.phoneRequired, 1000, M.phoneTooLong)
    .regex(/^[0-9]+$/, { error: M.phoneDigitsOnly, abort: true })
    .max(L.phone, M.phoneTooLong)
    .meta({ description: 'Digits only' }),
  address: text(M.addressRequired, L.address, M.addressTooLong)
    .refine((v) => !hasControlCharacters(v), M.addressInvalid)
    .meta({ pattern: PLAIN_TEXT, description: `Address: at most ${L.address} characters, no control characters` }),
  refercode: optionalText(L.referCode, M.referCodeTooLong, 'Optional referral code (an unknown code is ignored)'),
  language: z.enum(['en', 'bn']).optional().meta({ description: "The interface language (en or bn, default en): the language of the user's e-mails" }),
};

/** Storefront §5. The photo is checked beside the body (multipart file). */
export const signUpSchema = z
  // Only the documented fields (signUpForm is strict): an unknown one is refused, not ignored.
  .strictObject(signUpFields)
  .refine((v) => v.password === v.confirmPassword, { path: ['confirmPassword'], error: M.passwordMismatch });

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
});
// The upload refuses unnamed parts, a second file and more than 20 fields (routes/user photoUpload).
export const SIGN_UP_ENCODING = { photo: { contentType: 'image/jpeg, image/png, image/gif, image/webp' } };

/** The order the sign-up form shows its fields in; the first problem is the headline. */
export const SIGN_UP_FIELDS = ['name', 'email', 'password', 'confirmPassword', 'photo', 'dob', 'phone', 'address', 'refercode', 'language'];

/** Storefront §5: any problem answers 'Email or password is missing!'. */
export const loginSchema = z.object({
  email: email(M.emailRequired),
  password: password(M.passwordRequired).meta({ minLength: 1 }),
});

const accountType = z
  .union([z.number(), z.string().trim()], { error: M.someFieldNotFilled })
  .refine((v) => v !== '', { error: M.someFieldNotFilled, abort: true })
  .transform(Number)
  .refine((v) => v === 1 || v === 2, M.invalidAccountType)
  .meta({ enum: [1, 2, '1', '2'], description: '1 admin, 2 content uploader' });

/** Back office §5 create account; the instructor is optional ('N/A' means none). */
export const createAccountSchema = z.object({
  name: name(M.someFieldNotFilled),
  email: email(M.someFieldNotFilled),
  password: newPassword(M.someFieldNotFilled),
  type: accountType,
  instructor: optionalText(L.instructor, M.instructorTooLong, 'Instructor profile id; empty or N/A for none').transform((v) =>
    v.toUpperCase() === 'N/A' ? '' : v,
  ),
});

/** Back office §5 admin-created instructor account. */
export const instructorAccountSchema = z.object({
  name: name(M.anyFieldMissing),
  email: email(M.anyFieldMissing),
  password: newPassword(M.anyFieldMissing),
  instructor: optionalText(L.instructor, M.instructorTooLong, 'Instructor profile id'),
});

/** Choosing a new password from the reset link. */
export const passwordResetSchema = z
  .object({
    token: text(M.anyFieldMissing, 4096, M.resetLinkInvalid).meta(notBlank('The token of the reset link')),
    password: newPassword(M.anyFieldMissing),
    confirmPassword: confirmPassword(M.anyFieldMissing),
  })
  .refine((v) => v.password === v.confirmPassword, { path: ['confirmPassword'], error: M.passwordMismatch });

/** Asking for a one-time sign-in link, and signing in with its token (decision 0005). */
export const signInLinkRequestSchema = z.object({ email: email(M.emailRequired) });
export const signInLinkSchema = z.object({ token: text(M.anyFieldMissing, 200, M.signInLinkInvalid).meta(notBlank('The token of the sign-in link')) });
export const refreshSchema = z.object({ refreshToken: text(M.anyFieldMissing, 200, M.sessionExpired).meta(notBlank()) });
export const googleLoginSchema = z.object({ tokenId: text(M.anyFieldMissing, 8192, M.socialLoginFailed).meta(notBlank('Google ID token')) });
export const facebookLoginSchema = z.object({
  accessToken: text(M.anyFieldMissing, 4096, M.socialLoginFailed).meta(notBlank('Facebook user access token')),
  userID: z
    .union([z.string(), z.number()], { error: M.anyFieldMissing })
    .transform(String)
    .pipe(text(M.anyFieldMissing, 64, M.socialLoginFailed))
    .meta({ anyOf: [{ type: 'string', minLength: 1, maxLength: 64, pattern: NOT_BLANK }, { type: 'number' }], description: 'Facebook user id' }),
});
