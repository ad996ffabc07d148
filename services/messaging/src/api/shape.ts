import { z } from 'zod';
import { ServiceNames, type RefusalKey, type catalogueV1, type identityV1 } from '@taal/contracts';
import type { MassMails } from '../app/mass-mail';
import type { Messaging } from '../app/messaging';
import type { LessonQuestions } from '../app/questions';
import type { Reviews } from '../app/reviews';
import type { Conduct } from '../app/conduct';
import { callerFor, fail, ID_PATTERN, requireAuth, UserRoles, refusal, type TargetLimiter, type ServiceApi, type AccessTokenVerifier, type AuthenticatedCaller } from '@taal/edge';
import type { NotificationHub } from './live';
import type { WriteLimiters } from './limits';

/**
 * Contact messages, student ↔ instructor messages and notifications (storefront §7 `contact/*`,
 * `notification/*`; back office `/adminmessages`, `/manageNotification`; issue 13), answered by
 * the messaging service, which decides who may read and answer what. A student's message to an
 * instructor goes to `POST /contact/instructor/` (the spec does not show the path, decision 0019),
 * and `GET /notification/stream` pushes new notifications to an open page.
 */
export const uuid = () => z.string().regex(new RegExp(ID_PATTERN));
/** Not blank (`missing`): at least one visible character; longer than `max` is 'Too Long!'. */
export const text = (max: number, missing: RefusalKey) => z.string({ error: missing }).max(max, 'TEXT_TOO_LONG').regex(/\S/, missing);

/** Messaging's use cases (src/app), which its routes call directly: they run beside them (issue 52). */
export interface MessagingUseCases {
  messaging: Messaging;
  massMails: MassMails;
  questions: LessonQuestions;
  reviews: Reviews;
  conduct: Conduct;
}

/** How a route calls messaging's use cases: as messaging itself, for the caller the edge verified (issue 52). */
export const forCaller = (caller: AuthenticatedCaller) => callerFor(ServiceNames.messaging, caller);

export interface MessagingRouteDeps {
  messaging: Messaging;
  identity: ServiceApi<identityV1.IdentityServiceServer>;
  tokens: AccessTokenVerifier;
  catalogue: ServiceApi<catalogueV1.CatalogueServiceServer>;
  contactLimiter: TargetLimiter;
  /** Limits on what a signed-in user writes (decision 0063). */
  writes: WriteLimiters;
  hub: NotificationHub;
}

/** Who may call: admins, students, the instructor a message was sent to (or an admin), or the user themself. */
export function guards(tokens: AccessTokenVerifier) {
  return {
    admin: { label: 'admin only', check: requireAuth(tokens, UserRoles.admin) },
    student: { label: 'students only', check: requireAuth(tokens, UserRoles.student) },
    instructorOrAdmin: { label: 'the instructor it was sent to, or an admin', check: requireAuth(tokens, UserRoles.instructor, UserRoles.admin) },
    signedIn: { label: 'the user themself', check: requireAuth(tokens) },
  };
}

export const idOf = (what: string) => ({ id: { schema: uuid(), description: `The ${what} id (UUID)` } });
// Not an id: no such user (404), also for the admin, who may read anyone's.
export const notAnId = (key: 'USER_NOT_FOUND' | 'INSTRUCTOR_NOT_FOUND') => () => refusal(key);
export const userIdParam = { userId: { schema: uuid(), description: "The user's id: the caller's own", invalid: notAnId('USER_NOT_FOUND') } };
export const noSuchUser = { 404: fail('Not a user id') };
