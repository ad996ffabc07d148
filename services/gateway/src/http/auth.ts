import type { Request, RequestHandler, Response } from 'express';
import { IdentityMessages } from '@taal/contracts';
import { isGrpcStatusError, type CallerIdentity, type CallerUserType } from '@taal/kit';
import type { IdentityApi } from '../clients/identity';
import { HttpError } from './errors';

export interface AuthenticatedCaller extends CallerIdentity {
  sessionId: string;
  accessToken: string;
}

/** The user's own access token: `Authorization: Bearer <token>`, or the spec's `auth-token` header. */
export function accessTokenOf(req: Request): string | null {
  const authorization = req.get('authorization');
  const bearer = authorization && /^Bearer\s+(\S+)$/i.exec(authorization.trim())?.[1];
  const token = bearer || req.get('auth-token')?.trim();
  return token ? token : null;
}

export function callerOf(res: Response): AuthenticatedCaller {
  const caller = res.locals.caller as AuthenticatedCaller | undefined;
  if (!caller) throw new HttpError(401, 'UNAUTHENTICATED', IdentityMessages.loginFirst);
  return caller;
}

/**
 * THE authentication middleware: asks identity about the token on every protected request
 * (signature, expiry, live session, user not suspended), so a suspension or logout takes
 * effect at once. `roles` lists the user types allowed (1 admin, 2 content, 3 instructor,
 * 4 student); no token or a dead one → 401, another role → 403.
 */
export function requireAuth(identity: IdentityApi, ...roles: CallerUserType[]): RequestHandler {
  return (req, res, next) => {
    const token = accessTokenOf(req);
    if (!token) {
      next(new HttpError(401, 'UNAUTHENTICATED', IdentityMessages.loginFirst));
      return;
    }
    identity.authenticate({ accessToken: token }).then(
      (who) => {
        if (roles.length > 0 && !roles.includes(who.type as CallerUserType)) {
          next(new HttpError(403, 'PERMISSION_DENIED', IdentityMessages.permissionDenied));
          return;
        }
        res.locals.caller = {
          userId: who.userId,
          userType: who.type as CallerUserType,
          sessionId: who.sessionId,
          accessToken: token,
        } satisfies AuthenticatedCaller;
        next();
      },
      // UNAUTHENTICATED keeps identity's message (expired, suspended); UNAVAILABLE etc. map as usual.
      (err: unknown) => next(isGrpcStatusError(err) ? err : new HttpError(401, 'UNAUTHENTICATED', IdentityMessages.loginFirst)),
    );
  };
}

/** For routes anyone may call that answer more to a signed-in user: no token passes, a bad one is 401. */
export function optionalAuth(identity: IdentityApi): RequestHandler {
  const required = requireAuth(identity);
  return (req, res, next) => (accessTokenOf(req) ? required(req, res, next) : next());
}

/** The signed-in caller, or null on a route with optionalAuth. */
export function callerOrNull(res: Response): AuthenticatedCaller | null {
  return (res.locals.caller as AuthenticatedCaller | undefined) ?? null;
}

/** The roles (declared once in @taal/contracts). */
export { UserRoles as Roles } from '@taal/contracts';
