import type { Request, RequestHandler, Response } from 'express';
import { status } from '@grpc/grpc-js';
import { RevokedSessionError, SESSION_REVOKED_SUSPENDED as SUSPENDED, isGrpcStatusError, type CallerIdentity, type UserRole } from '@taal/kit';
import { refusal } from './errors';

/** Checks a user's access token (identity's published keys and the sessions it revoked, decision 0024). */
export interface AccessTokenVerifier {
  verifyAccessToken(accessToken: string): Promise<CallerIdentity>;
}

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
  if (!caller) throw refusal('LOGIN_FIRST');
  return caller;
}

/**
 * THE authentication middleware: checks the access token here (identity's signature, expiry,
 * and a session identity has not revoked: logout, suspension, a password change), without a
 * call per request (decision 0024). `roles` lists the user types allowed (1 admin, 2 content,
 * 3 instructor, 4 student); no token or a dead one → 401, another role → 403.
 */
export function requireAuth(tokens: AccessTokenVerifier, ...roles: UserRole[]): RequestHandler {
  return (req, res, next) => {
    const token = accessTokenOf(req);
    if (!token) {
      next(refusal('LOGIN_FIRST'));
      return;
    }
    tokens.verifyAccessToken(token).then(
      (who) => {
        if (roles.length > 0 && !roles.includes(who.userType)) {
          next(refusal('PERMISSION_DENIED'));
          return;
        }
        res.locals.caller = {
          userId: who.userId,
          userType: who.userType,
          // An instructor's own profile: the use cases a route calls directly decide by it (issue 52).
          ...(who.instructorId ? { instructorId: who.instructorId } : {}),
          sessionId: who.sessionId ?? '',
          accessToken: token,
        } satisfies AuthenticatedCaller;
        next();
      },
      (err: unknown) => {
        // Keys that cannot be fetched are an outage (503); any other refusal is a dead token.
        if (isGrpcStatusError(err) && err.code === status.UNAVAILABLE) return next(err);
        const suspended = err instanceof RevokedSessionError && err.reason === SUSPENDED;
        // The codes identity gave when it was asked on every request.
        next(refusal(suspended ? 'ACCOUNT_SUSPENDED' : 'SESSION_EXPIRED'));
      },
    );
  };
}

/** For routes anyone may call that answer more to a signed-in user: no token passes, a bad one is 401. */
export function optionalAuth(tokens: AccessTokenVerifier): RequestHandler {
  const required = requireAuth(tokens);
  return (req, res, next) => (accessTokenOf(req) ? required(req, res, next) : next());
}

/** The signed-in caller, or null on a route with optionalAuth. */
export function callerOrNull(res: Response): AuthenticatedCaller | null {
  return (res.locals.caller as AuthenticatedCaller | undefined) ?? null;
}

/** The roles (declared once in @taal/contracts). */
export { UserRoles } from '@taal/contracts';

/** What a route hands its own service's use cases (their `CallContext`'s caller fields). */
export interface UseCaseCaller {
  identity: CallerIdentity | null;
  callerService: string;
  /** The user's own access token, for a use case that asks another service on the user's behalf (decision 0008). */
  accessToken?: string;
}

/**
 * How a route calls its own service's use cases directly (issue 52, decision 0093): for the user the edge
 * verified (null: none, as the card gateway's notifications), as that service itself, the way its gRPC
 * handlers were called before with the user's token.
 */
export function callerFor(service: string, caller: AuthenticatedCaller | null): UseCaseCaller {
  return caller ? { identity: caller, callerService: service, accessToken: caller.accessToken } : { identity: null, callerService: service };
}
