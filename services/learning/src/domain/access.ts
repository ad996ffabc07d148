/**
 * Who may play which lesson (spec §6; decision 0015), and how a purchase extends access. Pure
 * rules: the server decides, the UI only reflects them.
 */
import { UserRoles } from '@taal/contracts';

export const LESSON_STATUSES = ['open', 'login', 'paid'] as const;
export type LessonStatus = (typeof LESSON_STATUSES)[number];

/** Staff (admin, content) may play everything. */
const STAFF: number[] = [UserRoles.admin, UserRoles.content];

export interface Viewer {
  userType: number;
}

export type PlayDecision = 'play' | 'login' | 'purchase';

/**
 * open: everyone; login: any logged-in user; paid: an active enrolment, staff, or the
 * course's own instructor (`teachesCourse`: the viewer's instructor profile is the course's).
 */
export function mayPlay(status: LessonStatus, viewer: Viewer | null, activeEnrolment: boolean, teachesCourse = false): PlayDecision {
  if (status === 'open') return 'play';
  if (!viewer) return status === 'login' ? 'login' : 'purchase';
  if (status === 'login' || STAFF.includes(viewer.userType) || activeEnrolment) return 'play';
  if (viewer.userType === UserRoles.instructor && teachesCourse) return 'play';
  return 'purchase';
}

/** How a purchase extends access: one rule with commerce's check of what a purchase may extend (decision 0027). */
export { extendedExpiry } from '@taal/contracts';

export function isActive(expiresAt: Date, now: Date): boolean {
  return expiresAt.getTime() > now.getTime();
}

/** A lesson title: at least 2 characters after trimming (else LESSON_TITLE_REQUIRED). */
export function lessonTitleOk(title: string): boolean {
  const t = title.trim();
  return t.length >= 2 && t.length <= 200;
}

/** A stored video's name as the stream route takes it: our own, never a user's. */
export function isVideoFilename(name: string): boolean {
  return /^[a-z0-9-]{8,64}\.mp4$/.test(name);
}
