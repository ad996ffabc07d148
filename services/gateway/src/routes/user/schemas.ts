/**
 * Request bodies of the account calls, validated with zod and answering the specs' messages.
 * The shapes are the identity domain's (@taal/contracts account-rules), checked here first so
 * a form gets every message at once; identity enforces them again.
 */
import { z } from 'zod';
import { AccountFieldLimits as L, hasControlCharacters, IdentityMessages as M, isEmail, todayInDhaka } from '@taal/contracts';

/** A required text field: missing, not a string or blank all give `missing`; longer than `max` gives `tooLong`. */
const text = (missing: string, max: number, tooLong: string) =>
  z.string({ error: missing }).trim().min(1, { error: missing, abort: true }).max(max, { error: tooLong, abort: true });
const secret = (missing: string) => z.string({ error: missing }).min(1, { error: missing, abort: true });
const password = (missing: string) => secret(missing).max(L.password, { error: M.passwordTooLong, abort: true });
const optionalText = (max: number, tooLong: string) =>
  z
    .string()
    .trim()
    .max(max, tooLong)
    .optional()
    .transform((v) => v ?? '');

/** Name: required, at most 100 characters, no control characters. */
const name = (missing: string) => text(missing, L.name, M.nameTooLong).refine((v) => !hasControlCharacters(v), M.nameInvalid);
/** E-mail: required, at most 254 characters, exactly one address in the strict form. */
const email = (missing: string) => text(missing, L.email, M.emailTooLong).refine(isEmail, M.invalidEmail);

/** Today in Bangladesh (UTC+6), YYYY-MM-DD. */
const today = (): string => todayInDhaka();

function isRealDay(value: string): boolean {
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

/** Storefront §5. The photo is checked beside the body (multipart file). */
export const signUpSchema = z
  .object({
    name: name(M.nameRequired),
    email: email(M.emailRequired),
    password: password(M.passwordRequired).min(6, M.passwordTooShort),
    confirmPassword: password(M.confirmPasswordRequired),
    dob: text(M.dobRequired, 10, M.dobInvalid)
      .refine((v) => /^\d{4}-\d{2}-\d{2}$/.test(v) && isRealDay(v), { error: M.dobInvalid, abort: true })
      .refine((v) => v <= today(), M.dobInFuture),
    phone: text(M.phoneRequired, 1000, M.phoneTooLong)
      .regex(/^\d+$/, { error: M.phoneDigitsOnly, abort: true })
      .max(L.phone, M.phoneTooLong),
    address: text(M.addressRequired, L.address, M.addressTooLong).refine((v) => !hasControlCharacters(v), M.addressInvalid),
    refercode: optionalText(L.referCode, M.referCodeTooLong),
  })
  .refine((v) => v.password === v.confirmPassword, { path: ['confirmPassword'], error: M.passwordMismatch });

/** The order the sign-up form shows its fields in; the first problem is the headline. */
export const SIGN_UP_FIELDS = ['name', 'email', 'password', 'confirmPassword', 'photo', 'dob', 'phone', 'address', 'refercode'];

/** Storefront §5: any problem answers 'Email or password is missing!'. */
export const loginSchema = z.object({
  email: email(M.emailRequired),
  password: password(M.passwordRequired),
});

const accountType = z
  .union([z.number(), z.string().trim()], { error: M.someFieldNotFilled })
  .refine((v) => v !== '', { error: M.someFieldNotFilled, abort: true })
  .transform(Number)
  .refine((v) => v === 1 || v === 2, M.invalidAccountType);

/** Back office §5 create account; the instructor is optional ('N/A' means none). */
export const createAccountSchema = z.object({
  name: name(M.someFieldNotFilled),
  email: email(M.someFieldNotFilled),
  password: password(M.someFieldNotFilled).min(6, M.passwordTooShort),
  type: accountType,
  instructor: optionalText(L.instructor, M.instructorTooLong).transform((v) => (v.toUpperCase() === 'N/A' ? '' : v)),
});

/** Back office §5 admin-created instructor account. */
export const instructorAccountSchema = z.object({
  name: name(M.anyFieldMissing),
  email: email(M.anyFieldMissing),
  password: password(M.anyFieldMissing).min(6, M.passwordTooShort),
  instructor: optionalText(L.instructor, M.instructorTooLong),
});

/** Choosing a new password from the reset link. */
export const passwordResetSchema = z
  .object({
    token: text(M.anyFieldMissing, 4096, M.resetLinkInvalid),
    password: password(M.anyFieldMissing).min(6, M.passwordTooShort),
    confirmPassword: password(M.anyFieldMissing),
  })
  .refine((v) => v.password === v.confirmPassword, { path: ['confirmPassword'], error: M.passwordMismatch });

export const refreshSchema = z.object({ refreshToken: text(M.anyFieldMissing, 200, M.sessionExpired) });
export const googleLoginSchema = z.object({ tokenId: text(M.anyFieldMissing, 8192, M.socialLoginFailed) });
export const facebookLoginSchema = z.object({
  accessToken: text(M.anyFieldMissing, 4096, M.socialLoginFailed),
  userID: z
    .union([z.string(), z.number()], { error: M.anyFieldMissing })
    .transform(String)
    .pipe(text(M.anyFieldMissing, 64, M.socialLoginFailed)),
});
