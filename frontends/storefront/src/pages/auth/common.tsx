import './auth.css';
import { useState, type InputHTMLAttributes, type ReactNode } from 'react';
import type { TFunction } from 'i18next';
import { ERROR_VALUES, fieldErrorKeys, translateApiError } from '@taal/web-shared/errors';
import { i18n } from '@taal/web-shared/i18n';
import { localDay } from '@taal/contracts/web';

/** The one e-mail rule (@taal/contracts account-rules), as identity enforces it. */
export { isEmail } from '@taal/contracts/web';

/** An API failure as a translated message (by its reason key); network errors and 5xx get the generic one. */
export function errorMessage(t: TFunction, err: unknown, fallbackKey = 'common.loadFailed'): string {
  return translateApiError(t, err, fallbackKey);
}

/**
 * Per-field messages of a rejected form, as translation keys (by their reason keys; the
 * server's text for a reason without one); show them with `tr` so they follow a language switch.
 */
export function fieldErrors(err: unknown): Record<string, string> {
  return fieldErrorKeys(err);
}

/** A stored message: a translation key (a screen's, or a refusal's `refusals:KEY`) is translated now, anything else shown as it is. */
export function tr(t: TFunction, message: string | undefined): string | undefined {
  if (message === undefined) return undefined;
  return /^(?:[a-zA-Z]+(\.[a-zA-Z]+)+|refusals:[A-Z][A-Z0-9_]*)$/.test(message) && i18n.exists(message) ? t(message, ERROR_VALUES) : message;
}

export function FieldError({ id, message }: { id: string; message?: string }) {
  if (!message) return null;
  return (
    <span className="input-error" id={id} data-testid={`error-${id.replace(/-error$/, '')}`}>
      {message}
    </span>
  );
}

export function Field({
  name,
  label,
  error,
  children,
}: {
  name: string;
  label: string;
  error?: string;
  children: ReactNode;
}) {
  return (
    <label className={error ? 'has-error' : undefined} htmlFor={`f-${name}`}>
      <span>{label}</span>
      {children}
      <FieldError id={`${name}-error`} message={error} />
    </label>
  );
}

/** A password input with a show/hide toggle (spec §2). */
export function PasswordInput({
  showLabel,
  hideLabel,
  ...props
}: InputHTMLAttributes<HTMLInputElement> & { showLabel: string; hideLabel: string }) {
  const [shown, setShown] = useState(false);
  return (
    <span className="password-input">
      <input {...props} type={shown ? 'text' : 'password'} />
      <button
        type="button"
        className="password-toggle"
        aria-label={shown ? hideLabel : showLabel}
        aria-pressed={shown}
        data-testid={`toggle-${props.name ?? 'password'}`}
        onClick={() => setShown((s) => !s)}
      >
        {shown ? hideLabel : showLabel}
      </button>
    </span>
  );
}

export function AuthCard({ title, children, testId, wide = false }: { title: string; children: ReactNode; testId: string; wide?: boolean }) {
  return (
    <div className={`auth-page ${wide ? 'auth-wide' : ''}`} data-testid={testId}>
      <div className="card auth-card">
        <h1>{title}</h1>
        {children}
      </div>
    </div>
  );
}

/** YYYY-MM-DD of today in the browser's time zone (the date input's `max`). */
export function todayIso(): string {
  return localDay();
}
