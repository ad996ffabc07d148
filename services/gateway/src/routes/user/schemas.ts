/** Request bodies of the account calls, validated with zod and answering the specs' messages. */
import { z } from 'zod';
import { IdentityMessages as M } from '@taal/contracts';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** A required text field: missing, not a string or blank all give `missing`. */
const text = (missing: string) => z.string({ error: missing }).trim().min(1, { error: missing, abort: true });
const secret = (missing: string) => z.string({ error: missing }).min(1, { error: missing, abort: true });
const optionalText = z
  .string()
  .trim()
  .max(200)
  .optional()
  .transform((v) => v ?? '');

/** Today in Bangladesh (UTC+6), YYYY-MM-DD. */
function today(): string {
  return new Date(Date.now() + 6 * 3_600_000).toISOString().slice(0, 10);
}

function isRealDay(value: string): boolean {
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

/** Storefront §5. The photo is checked beside the body (multipart file). */
export const signUpSchema = z
  .object({
    name: text(M.nameRequired).max(100),
    email: text(M.emailRequired).max(254).regex(EMAIL, M.invalidEmail),
    password: secret(M.passwordRequired).min(6, M.passwordTooShort).max(200),
    confirmPassword: secret(M.confirmPasswordRequired),
    dob: text(M.dobRequired)
      .refine((v) => /^\d{4}-\d{2}-\d{2}$/.test(v) && isRealDay(v), { error: M.dobInvalid, abort: true })
      .refine((v) => v <= today(), M.dobInFuture),
    phone: text(M.phoneRequired).max(20).regex(/^\d+$/, M.phoneDigitsOnly),
    address: text(M.addressRequired).max(500),
    refercode: optionalText,
  })
  .refine((v) => v.password === v.confirmPassword, { path: ['confirmPassword'], error: M.passwordMismatch });

/** The order the sign-up form shows its fields in; the first problem is the headline. */
export const SIGN_UP_FIELDS = ['name', 'email', 'password', 'confirmPassword', 'photo', 'dob', 'phone', 'address'];

/** Storefront §5: any problem answers 'Email or password is missing!'. */
export const loginSchema = z.object({
  email: text(M.emailRequired).max(254).regex(EMAIL, M.invalidEmail),
  password: secret(M.passwordRequired).max(200),
});

const accountType = z
  .union([z.number(), z.string().trim()], { error: M.someFieldNotFilled })
  .refine((v) => v !== '', { error: M.someFieldNotFilled, abort: true })
  .transform(Number)
  .refine((v) => v === 1 || v === 2, M.invalidAccountType);

/** Back office §5 create account; the instructor is optional ('N/A' means none). */
export const createAccountSchema = z.object({
  name: text(M.someFieldNotFilled).max(100),
  email: text(M.someFieldNotFilled).max(254).regex(EMAIL, M.invalidEmail),
  password: secret(M.someFieldNotFilled).min(6, M.passwordTooShort).max(200),
  type: accountType,
  instructor: optionalText.transform((v) => (v.toUpperCase() === 'N/A' ? '' : v)),
});

/** Back office §5 admin-created instructor account. */
export const instructorAccountSchema = z.object({
  name: text(M.anyFieldMissing).max(100),
  email: text(M.anyFieldMissing).max(254).regex(EMAIL, M.invalidEmail),
  password: secret(M.anyFieldMissing).min(6, M.passwordTooShort).max(200),
  instructor: optionalText,
});

/** Choosing a new password from the reset link. */
export const passwordResetSchema = z
  .object({
    token: text(M.anyFieldMissing).max(4096),
    password: secret(M.anyFieldMissing).min(6, M.passwordTooShort).max(200),
    confirmPassword: secret(M.anyFieldMissing),
  })
  .refine((v) => v.password === v.confirmPassword, { path: ['confirmPassword'], error: M.passwordMismatch });

export const refreshSchema = z.object({ refreshToken: text(M.anyFieldMissing).max(200) });
export const googleLoginSchema = z.object({ tokenId: text(M.anyFieldMissing).max(8192) });
export const facebookLoginSchema = z.object({
  accessToken: text(M.anyFieldMissing).max(4096),
  userID: z.union([z.string(), z.number()], { error: M.anyFieldMissing }).transform(String).pipe(text(M.anyFieldMissing).max(64)),
});
