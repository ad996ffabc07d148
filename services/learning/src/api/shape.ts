import { z } from 'zod';
import { ServiceNames, type learningV1, type catalogueV1, type identityV1 } from '@taal/contracts';
import { type FileStore } from '@taal/kit';
import type { Certificates } from '../app/certificates';
import type { Exams } from '../app/exams';
import type { Learning } from '../app/learning';
import type { Practicals } from '../app/practicals';
import type { Practice } from '../app/practice';
import { callerFor, ID_PATTERN, optionalAuth, requireAuth, UserRoles, type AuthenticatedCaller, type ServiceApi, type AccessTokenVerifier } from '@taal/edge';

/**
 * Lessons, their videos, the classroom and expired subscriptions (spec §7 `course/secure-course/`,
 * `video/{filename}`, `course/status/`, `/course-invalidate`; issue 9), answered by the learning
 * service. Who may play what is learning's decision; the edge only streams a file for a URL that
 * learning signed for exactly that file (decision 0015).
 */
export const uuid = () => z.string().regex(new RegExp(ID_PATTERN));

/** A lesson's HLS transcoding job (decision 0032). */
const HLS_STATES = ['queued', 'running', 'ready', 'failed'] as const;
const HlsJobSchema = z
  .object({
    state: z.enum(HLS_STATES),
    percent: z.int().min(0).max(100).meta({ description: 'Progress of the current attempt (100 when ready)' }),
    attempts: z.int().min(0).meta({ description: 'Attempts started so far' }),
  })
  .meta({ id: 'HlsJob' });

export const LessonSchema = z
  .object({
    _id: z.string(),
    course: z.string(),
    position: z.int(),
    originalname: z.string().meta({ description: 'The lesson title (the spec’s field name)' }),
    status: z.enum(['open', 'login', 'paid']),
    filename: z.string(),
    size: z.int().min(0),
    duration: z.number().min(0).meta({ description: 'Seconds' }),
    playable: z.boolean().meta({ description: 'Whether the caller may play it now' }),
    hls: HlsJobSchema.nullable().meta({ description: 'Its adaptive-streaming ladder’s transcoding job, for admin and content; null for others and for a lesson without video' }),
  })
  .meta({ id: 'Lesson' });
export const toLesson = (l: learningV1.Lesson) => ({
  _id: l.id,
  course: l.courseId,
  position: l.position,
  originalname: l.title,
  status: l.status as 'open' | 'login' | 'paid',
  filename: l.filename,
  size: l.size,
  duration: l.durationSeconds,
  playable: l.playable,
  hls: l.hls ? { state: l.hls.state as (typeof HLS_STATES)[number], percent: l.hls.percent, attempts: l.hls.attempts } : null,
});


/** Learning's use cases (src/app), which its routes call directly: they run beside them (issue 52). */
export interface LearningUseCases {
  learning: Learning;
  certificates: Certificates;
  exams: Exams;
  practicals: Practicals;
  practice: Practice;
}

/** How a route calls learning's use cases: as learning itself, for the caller the edge verified (none: a visitor; issue 52). */
export const forCaller = (caller: AuthenticatedCaller | null) => callerFor(ServiceNames.learning, caller);

/** Largest lesson video accepted (413 above it). */
export const MAX_LESSON_VIDEO_BYTES = 2 * 1024 ** 3;

export interface LearningRouteDeps {
  learning: Learning;
  certificates: Certificates;
  identity: ServiceApi<identityV1.IdentityServiceServer>;
  tokens: AccessTokenVerifier;
  catalogue: ServiceApi<catalogueV1.CatalogueServiceServer>;
  /** Where lesson videos are (the same files port learning stores them in). */
  files: FileStore;
  /** Default MAX_LESSON_VIDEO_BYTES. */
  maxVideoBytes?: number;
}

/** Who may call: anyone (a signed-in user sees what they may play), students, or the admin and content roles. */
export function guards(tokens: AccessTokenVerifier) {
  return {
    anyone: { label: 'anyone; a signed-in user sees what they may play', check: optionalAuth(tokens), optional: true },
    student: { label: 'students only', check: requireAuth(tokens, UserRoles.student) },
    staff: { label: 'admin and content only', check: requireAuth(tokens, UserRoles.admin, UserRoles.content) },
  };
}
