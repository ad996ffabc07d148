// API errors as the reader's language (decision 0002): every error carries a stable `reason`
// (and `fieldReasons` for a rejected form); the screens translate those keys, never the
// English `message`, so rewording a server message cannot break the Bengali interface.
import type { TFunction } from 'i18next';
import { AccountFieldLimits } from '@taal/contracts/web';
import { ApiError } from '@taal/web-shared/api';
import { i18n } from '@taal/web-shared/i18n';

/** Translation key of each reason the screens know (reasons are the contracts' catalogue keys in CONSTANT_CASE). */
export const REASON_KEYS: Readonly<Record<string, string>> = {
  NAME_REQUIRED: 'auth.errors.nameRequired',
  EMAIL_REQUIRED: 'auth.errors.emailRequired',
  INVALID_EMAIL: 'auth.errors.invalidEmail',
  PASSWORD_REQUIRED: 'auth.errors.passwordRequired',
  CONFIRM_PASSWORD_REQUIRED: 'auth.errors.confirmPasswordRequired',
  PASSWORD_MISMATCH: 'auth.errors.passwordMismatch',
  PASSWORD_TOO_SHORT: 'auth.errors.passwordTooShort',
  PHOTO_REQUIRED: 'auth.errors.photoRequired',
  DOB_REQUIRED: 'auth.errors.dobRequired',
  PHONE_REQUIRED: 'auth.errors.phoneRequired',
  ADDRESS_REQUIRED: 'auth.errors.addressRequired',
  FILL_REQUIRED: 'auth.errors.fillRequired',
  EMAIL_TAKEN: 'auth.errors.emailTaken',
  DOB_IN_FUTURE: 'auth.errors.dobInFuture',
  DOB_INVALID: 'auth.errors.dobInvalid',
  PHONE_DIGITS_ONLY: 'auth.errors.phoneDigitsOnly',
  PHOTO_NOT_IMAGE: 'auth.errors.photoNotImage',
  NAME_TOO_LONG: 'auth.errors.nameTooLong',
  NAME_INVALID: 'auth.errors.nameInvalid',
  EMAIL_TOO_LONG: 'auth.errors.emailTooLong',
  PASSWORD_TOO_LONG: 'auth.errors.passwordTooLong',
  PHONE_TOO_LONG: 'auth.errors.phoneTooLong',
  ADDRESS_TOO_LONG: 'auth.errors.addressTooLong',
  ADDRESS_INVALID: 'auth.errors.addressInvalid',
  REFER_CODE_TOO_LONG: 'auth.errors.referCodeTooLong',
  TOO_MANY_SIGN_UPS: 'auth.errors.tooManySignUps',
  LOGIN_MISSING: 'auth.errors.loginMissing',
  LOGIN_FAILED: 'auth.errors.loginFailed',
  EMAIL_NOT_VERIFIED: 'auth.verify.notice',
  ACCOUNT_SUSPENDED: 'auth.errors.suspended',
  SESSION_EXPIRED: 'auth.errors.sessionExpired',
  TOO_MANY_LOGIN_ATTEMPTS: 'auth.errors.tooManyAttempts',
  LOGIN_DELAYED: 'auth.errors.loginDelayed',
  SIGN_IN_LINK_SENT: 'auth.login.linkSent',
  SIGN_IN_LINK_INVALID: 'auth.errors.signInLinkInvalid',
  TOO_MANY_MAIL_REQUESTS: 'auth.errors.tooManyMailRequests',
  TOO_MANY_REQUESTS: 'auth.errors.tooManyRequests',
  ANY_FIELD_MISSING: 'auth.errors.anyFieldMissing',
  RESET_LINK_INVALID: 'auth.errors.resetLinkInvalid',
  VERIFY_LINK_INVALID: 'auth.errors.verifyLinkInvalid',
  USER_NOT_FOUND: 'auth.errors.userNotFound',
  LOGIN_FIRST: 'auth.errors.loginFirst',
  SOME_FIELD_NOT_FILLED: 'adminUsers.create.missing',
  EMAIL_EXISTS: 'adminUsers.create.emailExists',
  INVALID_ACCOUNT_TYPE: 'adminUsers.create.invalidType',
  INVALID_DATE_RANGE: 'errors.invalidDateRange',
  INVALID_DAY: 'errors.invalidDay',
  INVALID_MONTH: 'errors.invalidMonth',
  COURSE_NOT_FOUND: 'errors.courseNotFound',
};

/** The values the translations interpolate (`{{name}}` = the longest name, …). */
export const ERROR_VALUES = { ...AccountFieldLimits };

/**
 * The translation key of a reason: its entry in the `refusals` namespace (the contracts'
 * catalogue, decision 0026), else a screen's own key for it, else none.
 */
export function reasonKey(reason: string | undefined): string | undefined {
  if (!reason) return undefined;
  if (i18n.exists(`refusals:${reason}`)) return `refusals:${reason}`;
  return REASON_KEYS[reason];
}

/** A refusal in the reader's language, by its key and the values its text interpolates. */
export function refusalMessage(t: TFunction, reason: string | undefined, params?: Record<string, string | number>): string | undefined {
  const key = reasonKey(reason);
  return key ? t(key, { ...ERROR_VALUES, ...params }) : undefined;
}

/** Whether `err` is an API refusal with this reason. */
export function hasReason(err: unknown, ...reasons: string[]): boolean {
  return err instanceof ApiError && reasons.includes(err.reason ?? '');
}

/**
 * An API failure in the reader's language: a known reason is translated, an unknown one shows
 * the server's text as it came; network errors and 5xx get `fallbackKey`.
 */
export function translateApiError(t: TFunction, err: unknown, fallbackKey = 'common.loadFailed'): string {
  if (!(err instanceof ApiError) || err.status >= 500) return t(fallbackKey);
  return refusalMessage(t, err.reason, err.params) ?? (err.message || t(fallbackKey));
}

/**
 * Per-field problems of a rejected form as translation keys (or the server's text for a
 * reason the screens do not know), to be shown with a `t` at render time.
 */
export function fieldErrorKeys(err: unknown): Record<string, string> {
  if (!(err instanceof ApiError) || !err.fields) return {};
  return Object.fromEntries(Object.entries(err.fields).map(([field, message]) => [field, reasonKey(err.fieldReasons?.[field]) ?? message]));
}
