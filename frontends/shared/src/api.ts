// Tiny client for the gateway's JSON API: { success: true, data, message? } or
// { success: false, message, code, reason, fields?, fieldReasons? } (decision 0002; screens
// translate `reason`/`fieldReasons` with errors.ts). Protected calls send the user's access token
// (`Authorization: Bearer …`); when one answers 401 the rotating refresh token is used once
// (one refresh at a time across every bundle and tab) and the call is retried.
import type { Course, Instructor, UpcomingCourse } from '@taal/web-shared/types';
import { clearSession, markVerified, notifySession, read, saveLogin, STORAGE_KEYS, type LoginResult } from '@taal/web-shared/session';

export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code?: string,
    readonly fields?: Record<string, string>,
    /** The stable key to translate (never match `message`, it is English and may be reworded). */
    readonly reason?: string,
    /** Field → reason key of a rejected form. */
    readonly fieldReasons?: Record<string, string>,
  ) {
    super(message);
  }
}

export const API_BASE = '/api/v1/';
const cache = new Map<string, { at: number; promise: Promise<unknown> }>();
const TTL_MS = 60_000;

export interface ApiAnswer<T> {
  data: T;
  message?: string;
}

interface Body<T> {
  success?: boolean;
  data?: T;
  message?: string;
  code?: string;
  reason?: string;
  fields?: Record<string, string>;
  fieldReasons?: Record<string, string>;
}

async function parse<T>(res: Response): Promise<ApiAnswer<T>> {
  let body: Body<T> | undefined;
  try {
    body = (await res.json()) as Body<T>;
  } catch {
    body = undefined;
  }
  if (!res.ok || !body || body.success !== true) {
    throw new ApiError(body?.message ?? `Request failed (${res.status})`, res.status, body?.code, body?.fields, body?.reason ?? body?.code, body?.fieldReasons);
  }
  return { data: body.data as T, message: body.message };
}

const withAuth = (init: RequestInit, token: string | null): RequestInit => {
  const headers = new Headers(init.headers);
  if (!headers.has('Accept')) headers.set('Accept', 'application/json');
  if (token) headers.set('Authorization', `Bearer ${token}`);
  return { ...init, headers };
};

// ---- Token refresh: one at a time for every bundle (shell and remotes) and every tab ----
// This module is a Module Federation singleton, so its state is shared by every bundle.

let refreshing: Promise<boolean> | null = null;

async function doRefresh(failedToken: string | null): Promise<boolean> {
  const current = read(STORAGE_KEYS.token);
  // Another bundle or tab refreshed meanwhile: use its token (the old refresh token is spent).
  if (current && current !== failedToken) return true;
  const refreshToken = read(STORAGE_KEYS.refreshToken);
  if (!refreshToken) return false;
  let res: Response;
  try {
    res = await fetch(`${API_BASE}user/refresh`, {
      method: 'POST',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
      body: JSON.stringify({ refreshToken }),
    });
  } catch {
    return false; // offline: keep the session, the call fails
  }
  try {
    const { data } = await parse<LoginResult>(res);
    saveLogin(data);
    markVerified(data.token, data.user);
    notifySession();
    return true;
  } catch (err) {
    if (err instanceof ApiError && err.status < 500) {
      clearSession();
      markVerified(null, null);
      notifySession();
    }
    return false;
  }
}

/** Uses the refresh token once; true when a new access token is stored. */
export function refreshSession(failedToken: string | null): Promise<boolean> {
  const locks = (navigator as Navigator & { locks?: LockManager }).locks;
  if (locks?.request) return locks.request('taal-auth-refresh', async (): Promise<boolean> => await doRefresh(failedToken)) as unknown as Promise<boolean>;
  refreshing ??= doRefresh(failedToken).finally(() => {
    refreshing = null;
  });
  return refreshing;
}

export interface RequestOptions {
  /** Send the access token (and refresh it once on 401). */
  auth?: boolean;
}

export async function apiRequest<T>(path: string, init: RequestInit = {}, options: RequestOptions = {}): Promise<ApiAnswer<T>> {
  const token = options.auth ? read(STORAGE_KEYS.token) : null;
  let res = await fetch(API_BASE + path, withAuth(init, token));
  if (res.status === 401 && options.auth && token) {
    if (await refreshSession(token)) res = await fetch(API_BASE + path, withAuth(init, read(STORAGE_KEYS.token)));
  }
  return parse<T>(res);
}

async function request<T>(path: string, init?: RequestInit): Promise<T> {
  return (await apiRequest<T>(path, init)).data;
}

/** GET with a short in-memory cache shared by every component of one app. */
export function apiGet<T>(path: string): Promise<T> {
  const hit = cache.get(path);
  if (hit && Date.now() - hit.at < TTL_MS) return hit.promise as Promise<T>;
  const promise = request<T>(path);
  cache.set(path, { at: Date.now(), promise });
  promise.catch(() => cache.delete(path));
  return promise;
}

const jsonInit = (method: string, body: unknown): RequestInit => ({
  method,
  headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
  body: JSON.stringify(body),
});

export function apiPost<T>(path: string, body: unknown): Promise<T> {
  return request<T>(path, jsonInit('POST', body));
}

/** Public POST that keeps the answer's message. */
export function apiPostAnswer<T>(path: string, body: unknown): Promise<ApiAnswer<T>> {
  return apiRequest<T>(path, jsonInit('POST', body));
}

/** A multipart form (never cached); the browser sets the boundary. */
export function apiPostForm<T>(path: string, form: FormData, options: RequestOptions = {}): Promise<ApiAnswer<T>> {
  return apiRequest<T>(path, { method: 'POST', body: form }, options);
}

/** Calls that need the signed-in user's token. */
export const authApi = {
  get: <T>(path: string) => apiRequest<T>(path, { method: 'GET' }, { auth: true }),
  post: <T>(path: string, body?: unknown) => apiRequest<T>(path, body === undefined ? { method: 'POST' } : jsonInit('POST', body), { auth: true }),
  /** A protected file (photo, receipt) as an object URL; revoke it when done. */
  async blobUrl(path: string): Promise<string> {
    const url = path.startsWith('/') ? path : API_BASE + path;
    const token = read(STORAGE_KEYS.token);
    let res = await fetch(url, withAuth({}, token));
    if (res.status === 401 && token && (await refreshSession(token))) res = await fetch(url, withAuth({}, read(STORAGE_KEYS.token)));
    if (!res.ok) throw new ApiError(`Request failed (${res.status})`, res.status);
    return URL.createObjectURL(await res.blob());
  },
};

export function clearApiCache(): void {
  cache.clear();
}

const list = <T>(p: Promise<T[]>) => p.then((v) => (Array.isArray(v) ? v : []));

export const api = {
  courses: () => list(apiGet<Course[]>('course/')),
  featuredCourses: () => list(apiGet<Course[]>('course/featured/')),
  upcomingCourses: () => list(apiGet<UpcomingCourse[]>('course/upcoming')),
  course: (id: string) => apiGet<Course>(`course/${encodeURIComponent(id)}/`),
  instructors: () => list(apiGet<Instructor[]>('instructor/')),
  featuredInstructors: () => list(apiGet<Instructor[]>('instructor/featured/')),
  instructor: (id: string) => apiGet<Instructor>(`instructor/${encodeURIComponent(id)}/`),
};
