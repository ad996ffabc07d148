// The login state lives in local storage (spec §4): the access token, the rotating refresh
// token, the user type and the user. It is trusted only once the server has vouched for it
// (see auth.ts: `verifySession`); guards wait for that, the header reads storage for speed.
// This module is a Module Federation singleton (mf-shared.mjs): its state is the page's. Other
// tabs follow through local storage and window events.
import { UserRoles } from '@taal/contracts/web';
import type { components } from './api-types';

/** A user as the gateway shows it (the document's User schema). */
export type SessionUser = components['schemas']['User'];

/** What login, social login and refresh answer. */
export type LoginResult = components['schemas']['Session'];

export interface Session {
  loggedIn: boolean;
  token: string | null;
  type: number | null;
  name: string | null;
  /** The API path of the user's photo (versioned), or null. */
  photo: string | null;
  cartCount: number;
}

export const STORAGE_KEYS = { token: 'token', refreshToken: 'refreshToken', type: 'type', user: 'user', login: 'login' } as const;

export function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    /* storage full or disabled: the session lives for this page only */
  }
}

export function getSession(): Session {
  const token = read(STORAGE_KEYS.token);
  const type = Number(read(STORAGE_KEYS.type));
  let name: string | null = null;
  let photo: string | null = null;
  let cartCount = 0;
  try {
    const user = JSON.parse(read(STORAGE_KEYS.user) ?? 'null') as { name?: string; photo?: string } | null;
    name = user?.name ?? null;
    photo = user?.photo || null;
    const cart = JSON.parse(read('cart') ?? '[]') as unknown[];
    cartCount = Array.isArray(cart) ? cart.length : 0;
  } catch {
    /* ignore malformed storage */
  }
  return { loggedIn: Boolean(token), token, type: Number.isFinite(type) && type > 0 ? type : null, name, photo, cartCount };
}

export function storedUser(): SessionUser | null {
  try {
    return JSON.parse(read(STORAGE_KEYS.user) ?? 'null') as SessionUser | null;
  } catch {
    return null;
  }
}

export const SESSION_EVENT = 'taal:session';

export function notifySession(): void {
  window.dispatchEvent(new Event(SESSION_EVENT));
}

/** Stores what a login (or a token refresh) answered. */
export function saveLogin(result: LoginResult): void {
  write(STORAGE_KEYS.token, result.token);
  write(STORAGE_KEYS.refreshToken, result.refreshToken);
  write(STORAGE_KEYS.type, String(result.user?.type || result.type));
  write(STORAGE_KEYS.user, JSON.stringify(result.user));
  write(STORAGE_KEYS.login, 'true');
}

/** Keeps the stored copy of the user in step with what the server said. */
export function saveUser(user: SessionUser): void {
  write(STORAGE_KEYS.type, String(user.type));
  write(STORAGE_KEYS.user, JSON.stringify(user));
}

/** Forgets the session: all of local storage is cleared (the language stays in its cookie). */
export function clearSession(): void {
  try {
    window.localStorage.clear();
  } catch {
    /* ignore */
  }
}

/** The server's last word on the stored token, shared by every bundle (see auth.ts). */
export interface CheckState {
  token: string | null;
  promise: Promise<SessionUser | null> | null;
  result: SessionUser | null | undefined;
}
const sessionCheck: CheckState = { token: null, promise: null, result: undefined };
export const checkState = (): CheckState => sessionCheck;

/** Records that the server vouched for `token` as `user` (login, refresh, check). */
export function markVerified(token: string | null, user: SessionUser | null): void {
  const state = checkState();
  state.token = token;
  state.result = user;
  state.promise = Promise.resolve(user);
}

/** Where a user of this type lands from the user menu. */
export function isInstructor(user: Pick<SessionUser, 'type' | 'instructor'> | null | undefined): boolean {
  return Boolean(user && user.type === UserRoles.instructor && user.instructor);
}
