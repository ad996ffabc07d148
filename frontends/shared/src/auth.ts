// The server-validated session (spec §4: a stored login is valid only if its token verifies).
// `verifySession` asks the gateway who the token belongs to (`GET user/me`, refreshing the
// access token once if needed) and is shared by every bundle (this package is a Module Federation
// singleton), so the shell's check at start-up also serves the remotes' guards.
import { useEffect, useState } from 'react';
import { answer, ApiError, authApi, publicApi } from '@taal/web-shared/api';
import { checkState, clearSession, markVerified, notifySession, read, saveLogin, saveUser, SESSION_EVENT, STORAGE_KEYS, type LoginResult, type SessionUser } from '@taal/web-shared/session';

export type Verified = { state: 'checking' } | { state: 'done'; user: SessionUser | null };

async function check(): Promise<SessionUser | null> {
  const token = read(STORAGE_KEYS.token);
  if (!token) return null;
  try {
    const { data }: { data: SessionUser } = await answer(authApi.GET('/api/v1/user/me'));
    // Another account signed in (this tab or another) while the answer was on its way: the answer is
    // about the session before it, and the new account's stored user stays.
    if (read(STORAGE_KEYS.token) === token) saveUser(data);
    return data;
  } catch (err) {
    // A dead session (expired, revoked, suspended) is forgotten; a server hiccup is not.
    if (err instanceof ApiError && (err.status === 401 || err.status === 403)) {
      clearSession();
      markVerified(null, null);
      notifySession();
    } else checkState().promise = null; // try again next time
    return null;
  }
}

/** The user the server vouches for, or null. Checked once per stored token. */
export function verifySession(): Promise<SessionUser | null> {
  const state = checkState();
  const token = read(STORAGE_KEYS.token);
  if (state.promise && state.token === token) return state.promise;
  state.token = token;
  state.result = undefined;
  const promise = check().then((user) => {
    if (state.promise === promise) {
      state.result = user;
      // A refresh during the check stored a new token: it is the same session.
      state.token = read(STORAGE_KEYS.token);
    }
    return user;
  });
  state.promise = promise;
  return promise;
}

/** The last verified answer, when there is one for the stored token. */
export function verifiedNow(): SessionUser | null | undefined {
  const state = checkState();
  return state.token === read(STORAGE_KEYS.token) ? state.result : undefined;
}

/**
 * Re-renders on session changes; `checking` until the server has answered the first time
 * (later re-checks keep the last answer on screen until the new one arrives).
 */
export function useVerifiedSession(): Verified {
  const [value, setValue] = useState<Verified>(() => {
    const now = verifiedNow();
    return now === undefined ? { state: 'checking' } : { state: 'done', user: now };
  });
  useEffect(() => {
    let live = true;
    const run = () => {
      const now = verifiedNow();
      if (now !== undefined) setValue({ state: 'done', user: now });
      else void verifySession().then(() => live && setValue({ state: 'done', user: verifiedNow() ?? null }));
    };
    run();
    const onStorage = (e: StorageEvent) => (e.key === null || e.key === STORAGE_KEYS.token) && run();
    window.addEventListener(SESSION_EVENT, run);
    window.addEventListener('storage', onStorage);
    return () => {
      live = false;
      window.removeEventListener(SESSION_EVENT, run);
      window.removeEventListener('storage', onStorage);
    };
  }, []);
  return value;
}

/** Stores a successful login (e-mail, Google or Facebook) as the verified session. */
export function acceptLogin(result: LoginResult): void {
  clearSession();
  saveLogin(result);
  markVerified(result.token, result.user);
  notifySession();
}

export async function login(email: string, password: string): Promise<LoginResult> {
  const { data }: { data: LoginResult } = await answer(publicApi.POST('/api/v1/user/login/', { body: { email, password } }));
  acceptLogin(data);
  return data;
}

/** E-mails a one-time sign-in link (decision 0005: the way in while failed logins delay the account). */
export async function requestSignInLink(email: string): Promise<void> {
  await answer(publicApi.POST('/api/v1/user/login-link', { body: { email } }));
}

/** Signs in with the token of a mailed sign-in link (each link works once). */
export async function signInWithLink(token: string): Promise<LoginResult> {
  const { data }: { data: LoginResult } = await answer(publicApi.POST('/api/v1/user/login-link/session', { body: { token } }));
  acceptLogin(data);
  return data;
}

export async function socialLogin(provider: 'google', body: { tokenId: string }): Promise<LoginResult>;
export async function socialLogin(provider: 'facebook', body: { accessToken: string; userID: string }): Promise<LoginResult>;
export async function socialLogin(provider: 'google' | 'facebook', body: object): Promise<LoginResult> {
  const { data }: { data: LoginResult } = await answer(
    provider === 'google'
      ? publicApi.POST('/api/v1/user/googlelogin', { body: body as { tokenId: string } })
      : publicApi.POST('/api/v1/user/fblogin', { body: body as { accessToken: string; userID: string } }),
  );
  acceptLogin(data);
  return data;
}

/**
 * Logout (spec §2): the server revokes the session, then all of local storage is cleared
 * (user, user courses, login flag, tokens) and the caller goes to /.
 */
export async function logout(): Promise<void> {
  const token = read(STORAGE_KEYS.token);
  if (token) {
    try {
      await answer(publicApi.POST('/api/v1/user/logout', { headers: { Authorization: `Bearer ${token}` } }));
    } catch {
      /* already dead or offline: forget it locally anyway */
    }
  }
  clearSession();
  markVerified(null, null);
  notifySession();
}
