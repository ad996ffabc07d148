import type { UserRole } from '@taal/contracts';
import { refuse } from './errors';

/** The roles, declared once in @taal/contracts (`UserRoles`); re-exported so a service's checks name them the same way. */
export { UserRoles, type UserRole } from '@taal/contracts';

/**
 * The user a call acts for, read from the user's access token after the receiving service
 * verified it (auth/caller-auth.ts); never taken from plain metadata.
 */
export interface CallerIdentity {
  userId: string;
  userType: UserRole;
  /** For an instructor account linked to an instructor profile (catalogue id): that profile. */
  instructorId?: string;
  /** The session the access token belongs to (its `sid`), e.g. to keep it when ending the others. */
  sessionId?: string;
}

/**
 * Returns the caller identity, throwing UNAUTHENTICATED when there is none and
 * PERMISSION_DENIED when its type is not among `allowed` (any type if none given).
 */
export function requireIdentity(
  ctx: { identity: CallerIdentity | null },
  ...allowed: UserRole[]
): CallerIdentity {
  if (!ctx.identity) throw refuse('LOGIN_FIRST');
  if (allowed.length > 0 && !allowed.includes(ctx.identity.userType)) throw refuse('PERMISSION_DENIED');
  return ctx.identity;
}
