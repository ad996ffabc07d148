// A course's lessons, the signed video URLs and the student's progress through the typed gateway
// client (decision 0015): the server decides who plays what, the page only shows it.
import { answer, ApiError, authApi, publicApi, type ApiPaths } from '@taal/web-shared/api';
import { formatClock } from '@taal/web-shared/format';

type Ok<P extends keyof ApiPaths, M extends 'get' | 'post'> = ApiPaths[P][M] extends { responses: { 200: { content: { 'application/json': { data: infer B } } } } } ? B : never;

export type SecureCourse = Ok<'/api/v1/course/secure-course/{id}', 'get'>;
export type Lesson = SecureCourse['lessons'][number];
export type Enrolment = NonNullable<SecureCourse['enrolment']>;
export type LessonProgress = SecureCourse['progress'][number];
export type Playback = Ok<'/api/v1/lesson/{id}/playback', 'get'>;
export type ProgressBody = ApiPaths['/api/v1/lesson/{id}/progress']['post']['requestBody']['content']['application/json'];

/** The player's speeds (spec §2, course view). */
export const SPEEDS = [0.25, 0.5, 0.75, 1, 1.25, 1.5, 1.75, 2] as const;
/** The player's starting volume (spec §2). */
export const DEFAULT_VOLUME = 0.3;
/** Rewind and forward jump (spec §2). */
export const JUMP_SECONDS = 10;
/** How often progress is reported while playing. */
export const REPORT_EVERY_MS = 10_000;
/** The server takes at most this much practice time in one report. */
export const MAX_PRACTICE_PER_REPORT = 3600;

export const learning = {
  /**
   * The lessons with `playable` for the caller, the caller's enrolment and progress. A stale
   * token that cannot be refreshed is dropped by the client; the visitor's view is asked then.
   */
  secureCourse: async (courseId: string): Promise<SecureCourse> => {
    const params = { params: { path: { id: courseId } } };
    try {
      return (await answer(authApi.GET('/api/v1/course/secure-course/{id}', params))).data;
    } catch (err) {
      if (err instanceof ApiError && err.status === 401) return (await answer(publicApi.GET('/api/v1/course/secure-course/{id}', params))).data;
      throw err;
    }
  },
  /** A signed URL of the lesson's video (20 minutes) and where the student left off. */
  playback: async (lessonId: string): Promise<Playback> =>
    (await answer(authApi.GET('/api/v1/lesson/{id}/playback', { params: { path: { id: lessonId } } }))).data,
  /** Stores the position, `completed`, and adds practice seconds (students). `keepalive` survives leaving the page. */
  progress: async (lessonId: string, body: ProgressBody, keepalive = false): Promise<LessonProgress> =>
    (await answer(authApi.POST('/api/v1/lesson/{id}/progress', { params: { path: { id: lessonId } }, body, keepalive }))).data,
};

/** "1:05", or "1:02:05" from an hour on (in the page's digits: the shared formatter). */
export const clock = (seconds: number): string => formatClock(seconds);

/** The next speed up or down the list from `rate` (clamped at the ends). */
export function stepSpeed(rate: number, direction: 1 | -1): number {
  const i = SPEEDS.findIndex((s) => Math.abs(s - rate) < 1e-6);
  const at = i < 0 ? SPEEDS.indexOf(1) : i;
  return SPEEDS[Math.min(SPEEDS.length - 1, Math.max(0, at + direction))]!;
}
