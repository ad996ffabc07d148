// API errors in the reader's language (decision 0026): every refusal carries its catalogue key as
// `reason` (and `fieldReasons` for a rejected form, `params` for the values its text fills); the
// screens translate those keys through the `refusals` namespace (the catalogue's texts, written by
// the build), never the English `message`, so rewording a server message cannot break Bengali.
import type { TFunction } from 'i18next';
import { AccountFieldLimits } from '@taal/contracts/web';
import { ApiError } from '@taal/web-shared/api';
import { i18n } from '@taal/web-shared/i18n';

/** The values the translations interpolate (`{{name}}` = the longest name, …). */
export const ERROR_VALUES = { ...AccountFieldLimits };

/** The translation key of a reason: its entry in the `refusals` namespace, when the catalogue has it. */
export function reasonKey(reason: string | undefined): string | undefined {
  return reason && i18n.exists(`refusals:${reason}`) ? `refusals:${reason}` : undefined;
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
 * An API failure in the reader's language: the refusal's catalogue text; network errors, 5xx
 * and a reason this build does not know get `fallbackKey`.
 */
export function translateApiError(t: TFunction, err: unknown, fallbackKey = 'common.loadFailed'): string {
  if (!(err instanceof ApiError) || err.status >= 500) return t(fallbackKey);
  return refusalMessage(t, err.reason, err.params) ?? t(fallbackKey);
}

/** Per-field problems of a rejected form as translation keys, to be shown with a `t` at render time. */
export function fieldErrorKeys(err: unknown): Record<string, string> {
  if (!(err instanceof ApiError) || !err.fieldReasons) return {};
  return Object.fromEntries(Object.entries(err.fieldReasons).map(([field, reason]) => [field, reasonKey(reason) ?? 'refusals:INVALID_VALUE']));
}
