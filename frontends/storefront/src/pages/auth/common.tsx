import './auth.css';
import { useState, type InputHTMLAttributes, type ReactNode } from 'react';
import type { TFunction } from 'i18next';
import { ApiError } from '@shared/api';
import { i18n } from '@shared/i18n';

export const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * The gateway answers the specs' messages in English; each known one has a translation key so
 * the bn interface shows it in Bengali. Unknown messages are shown as they came.
 */
const SERVER_MESSAGES: Record<string, string> = {
  '*Name required': 'auth.errors.nameRequired',
  '*Email required': 'auth.errors.emailRequired',
  '*Invalid email': 'auth.errors.invalidEmail',
  '*Password required': 'auth.errors.passwordRequired',
  '*Confirm password required': 'auth.errors.confirmPasswordRequired',
  "password didn't match": 'auth.errors.passwordMismatch',
  'password should be more than 5 character': 'auth.errors.passwordTooShort',
  '*Photo required': 'auth.errors.photoRequired',
  '*Date of birth required': 'auth.errors.dobRequired',
  '*Phone number required': 'auth.errors.phoneRequired',
  '*Address required': 'auth.errors.addressRequired',
  'Please fill all the required fields': 'auth.errors.fillRequired',
  'Email is already registered, please use login to continue.': 'auth.errors.emailTaken',
  'check your email to verification': 'auth.signup.success',
  '*Date of birth cannot be in the future': 'auth.errors.dobInFuture',
  '*Invalid date of birth': 'auth.errors.dobInvalid',
  '*Phone number must contain digits only': 'auth.errors.phoneDigitsOnly',
  '*Photo must be an image (JPEG, PNG, GIF or WebP) of at most 5 MB': 'auth.errors.photoNotImage',
  'Email or password is missing!': 'auth.errors.loginMissing',
  'Login Failed!! Please try with correct Credentials.': 'auth.errors.loginFailed',
  'Please check your email inbox/spam folder and verify your email': 'auth.verify.notice',
  'Your account is suspended. Please contact support.': 'auth.errors.suspended',
  'Your session has expired, please log in again': 'auth.errors.sessionExpired',
  'Too many failed login attempts. Please wait 15 minutes and try again.': 'auth.errors.tooManyAttempts',
  'Too many requests. Please wait a few minutes and try again.': 'auth.errors.tooManyRequests',
  'any of the field is missing': 'auth.errors.anyFieldMissing',
  'check your email': 'auth.forget.checkEmail',
  'This password reset link is invalid or has expired': 'auth.errors.resetLinkInvalid',
  'Your password has been changed, please log in': 'auth.reset.changed',
  'User verified successfully!!': 'auth.verify.verified',
  'This verification link is invalid or has expired': 'auth.errors.verifyLinkInvalid',
  'User not found': 'auth.errors.userNotFound',
};

export function translateServer(t: TFunction, message: string | undefined, fallbackKey = 'common.loadFailed'): string {
  if (!message) return t(fallbackKey);
  const key = SERVER_MESSAGES[message];
  return key ? t(key) : message;
}

/** An API failure as a translated message; network errors and 5xx get the generic one. */
export function errorMessage(t: TFunction, err: unknown, fallbackKey = 'common.loadFailed'): string {
  if (err instanceof ApiError && err.status < 500) return translateServer(t, err.message, fallbackKey);
  return t(fallbackKey);
}

/**
 * Per-field messages of a rejected form, as translation keys (or the server's text when it
 * has none); show them with `tr` so they follow a language switch.
 */
export function fieldErrors(err: unknown): Record<string, string> {
  if (!(err instanceof ApiError) || !err.fields) return {};
  return Object.fromEntries(Object.entries(err.fields).map(([k, v]) => [k, SERVER_MESSAGES[v] ?? v]));
}

/** A stored message: a translation key is translated now, anything else shown as it is. */
export function tr(t: TFunction, message: string | undefined): string | undefined {
  if (message === undefined) return undefined;
  return /^[a-zA-Z]+(\.[a-zA-Z]+)+$/.test(message) && i18n.exists(message) ? t(message) : message;
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
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}
