/**
 * One catalogue of refusals (decision 0026). Every refusal a service or the edge answers is
 * thrown from an entry: a stable key (CONSTANT_CASE), the HTTP status the edge answers, and
 * its text in English (the spec's exact words where the spec has them) and in Bengali.
 * The key travels with the refusal (gRPC metadata, then `reason` in the API body); the edge
 * never reads message text, and the screens translate by key only. Pure and browser-safe.
 *
 * The spec's exact words are kept even where they read as typos (issue 55, decision 0067): the
 * spec quotes them verbatim and clients may match them:
 * - "any of the field is missing" (ANY_FIELD_MISSING, VOUCHER_FIELDS_MISSING; both spec files);
 * - "check your email to verification" (IdentityMessages.signUpSuccess, the sign-up toast);
 * - "Course Update Successfully!!!" (CourseAdminMessages.courseUpdated, a back-office success).
 * Their Bengali texts are plain Bengali. spec-verbatim.test.ts checks the list against the spec.
 */

/** The statuses a refusal may have: a client error, or "try again later". */
export type RefusalStatus = 400 | 401 | 403 | 404 | 405 | 409 | 410 | 413 | 415 | 429 | 431 | 500 | 503 | 504;

export interface Refusal {
  readonly status: RefusalStatus;
  /** English, with `{{name}}` placeholders filled from the refusal's params. */
  readonly en: string;
  /** Bengali, with the same placeholders. */
  readonly bn: string;
}

/** The values a refusal's text interpolates (`{{amount}}`, `{{max}}`, …). */
export type RefusalParams = Readonly<Record<string, string | number>>;

export type RefusalLanguage = 'en' | 'bn';

/** Fills `{{name}}` placeholders; an unknown placeholder is left as written. */
export function interpolate(text: string, params?: RefusalParams): string {
  if (!params) return text;
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}

/** A reason key: upper-case letters, digits and underscores. */
export const REASON_KEY_PATTERN = '^[A-Z][A-Z0-9_]{0,63}$';
