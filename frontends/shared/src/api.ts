// Tiny client for the gateway's JSON API: { success: true, data } or { success: false, message, code }.
import type { Course, Instructor, UpcomingCourse } from './types';

export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code?: string,
  ) {
    super(message);
  }
}

const API_BASE = '/api/v1/';
const cache = new Map<string, { at: number; promise: Promise<unknown> }>();
const TTL_MS = 60_000;

async function request<T>(path: string, init?: RequestInit): Promise<T> {
  const res = await fetch(API_BASE + path, { headers: { Accept: 'application/json' }, ...init });
  let body: { success?: boolean; data?: T; message?: string; code?: string } | undefined;
  try {
    body = await res.json();
  } catch {
    body = undefined;
  }
  if (!res.ok || !body || body.success !== true) {
    throw new ApiError(body?.message ?? `Request failed (${res.status})`, res.status, body?.code);
  }
  return body.data as T;
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

export function apiPost<T>(path: string, body: unknown): Promise<T> {
  return request<T>(path, {
    method: 'POST',
    headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
}

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
