/**
 * Verified caller identity on every gRPC call (decision 0008). A call carries two tokens:
 *  - `authorization: Bearer <service token>`: who is calling (a service), signed with that
 *    service's own Ed25519 key, for this service only (audience), valid a minute;
 *  - `x-taal-user-token: <access token>`: on whose behalf, the user's own access token as
 *    identity issued it (EdDSA, audience taal-api), forwarded unchanged by the gateway.
 * The receiving service verifies both itself against public keys (the services' key set
 * from config, identity's published key set) and reads the user's id and role from the
 * verified token. Plain metadata never says who the caller is.
 */
import type { Metadata } from '@grpc/grpc-js';
import { SignJWT, errors, importJWK, jwtVerify, type CryptoKey, type JSONWebKeySet, type JWTVerifyGetKey } from 'jose';
import { isUserRole, type RefusalKey } from '@taal/contracts';
import { ServiceError, refuse } from '../grpc/errors';
import type { CallerIdentity, UserRole } from '../grpc/identity';
import { SIGNING_ALGORITHM, localKeys, type PrivateSigningJwk } from './keys';
import { SESSION_REVOKED_SUSPENDED, processRevokedSessions, type RevokedSessions } from './revocations';

export const SERVICE_TOKEN_METADATA_KEY = 'authorization';
export const USER_TOKEN_METADATA_KEY = 'x-taal-user-token';

/** Users' access tokens: issued by identity for the API. */
export const USER_TOKEN_ISSUER = 'taal-identity';
export const USER_TOKEN_AUDIENCE = 'taal-api';

export const SERVICE_TOKEN_TTL_SECONDS = 60;
/** A cached service token is replaced this long before it expires (clock skew, slow calls). */
const SERVICE_TOKEN_RENEW_MARGIN_SECONDS = 20;
/** Tokens longer than this are refused before any parsing. */
const MAX_TOKEN_LENGTH = 4096;

/** Who is calling, as verified: the calling service, and the user it acts for if any. */
export interface VerifiedCaller {
  service: string;
  identity: CallerIdentity | null;
}

/** Mints this service's tokens for the services it calls; one cached token per audience. */
export class ServiceTokenIssuer {
  private key: Promise<CryptoKey | Uint8Array> | undefined;
  private readonly cache = new Map<string, { token: string; renewAt: number }>();

  constructor(
    private readonly signingKey: PrivateSigningJwk,
    private readonly now: () => number = Date.now,
  ) {}

  get serviceName(): string {
    return this.signingKey.kid;
  }

  /** Signs a JWT with this service's key (grants, see signGrant). */
  async sign(grant: { audience: string; subject: string; claims?: Record<string, string | number>; ttlSeconds: number }, now: number): Promise<string> {
    const nowSeconds = Math.floor(now / 1000);
    this.key ??= importJWK(this.signingKey, SIGNING_ALGORITHM);
    return new SignJWT({ ...grant.claims })
      .setProtectedHeader({ alg: SIGNING_ALGORITHM, kid: this.serviceName, typ: 'JWT' })
      .setIssuer(this.serviceName)
      .setSubject(grant.subject)
      .setAudience(grant.audience)
      .setIssuedAt(nowSeconds)
      .setExpirationTime(nowSeconds + grant.ttlSeconds)
      .sign(await this.key);
  }

  async tokenFor(audience: string): Promise<string> {
    const nowSeconds = Math.floor(this.now() / 1000);
    const cached = this.cache.get(audience);
    if (cached && cached.renewAt > nowSeconds) return cached.token;
    this.key ??= importJWK(this.signingKey, SIGNING_ALGORITHM);
    const token = await new SignJWT({})
      .setProtectedHeader({ alg: SIGNING_ALGORITHM, kid: this.serviceName, typ: 'JWT' })
      .setIssuer(this.serviceName)
      .setSubject(this.serviceName)
      .setAudience(audience)
      .setIssuedAt(nowSeconds)
      .setExpirationTime(nowSeconds + SERVICE_TOKEN_TTL_SECONDS)
      .sign(await this.key);
    this.cache.set(audience, { token, renewAt: nowSeconds + SERVICE_TOKEN_TTL_SECONDS - SERVICE_TOKEN_RENEW_MARGIN_SECONDS });
    return token;
  }
}

/**
 * A short-lived grant one service signs with its own key for someone else to check without
 * calling it back: e.g. learning's signed URL for one lesson's video, checked by the HTTP edge
 * (decision 0015). `iss` and `kid` are the signing service; `aud` says what the grant is for.
 */
export async function signGrant(
  issuer: ServiceTokenIssuer,
  grant: { audience: string; subject: string; claims?: Record<string, string | number>; ttlSeconds: number },
  now: number = Date.now(),
): Promise<string> {
  return issuer.sign(grant, now);
}

/** Checks a grant signed by `issuer` (a service name) for `audience`; null when it is not valid (forged, expired, other audience). */
export async function verifyGrant(
  token: string,
  keys: JWTVerifyGetKey,
  expect: { audience: string; issuer: string },
  now: number = Date.now(),
): Promise<{ subject: string; claims: Record<string, unknown>; expiresAt: number } | null> {
  try {
    const payload = await verified(token, keys, expect, now, 'INVALID_TOKEN');
    if (payload.kid !== expect.issuer) return null;
    return { subject: payload.sub, claims: payload.claims, expiresAt: payload.exp * 1000 };
  } catch {
    return null;
  }
}

export interface CallerAuthenticatorOptions {
  /** This service's name: service tokens must be addressed to it. */
  serviceName: string;
  /** Public keys of every service allowed to call, each with kid = the service's name. */
  serviceKeys: JSONWebKeySet;
  /** Identity's published keys for users' access tokens (remoteKeys(url), or localKeys in identity itself). */
  userKeys: JWTVerifyGetKey;
  /** Sessions ended before their tokens expire (default: the process's list, decision 0024). */
  revokedSessions?: RevokedSessions;
  now?: () => number;
}

/**
 * A user token that verifies but whose session has ended (logout, suspension, password change…):
 * UNAUTHENTICATED with identity's own message and reason, whichever verifier refuses it first.
 */
export class RevokedSessionError extends ServiceError {
  constructor(readonly reason: string) {
    const refusal = refuse(reason === SESSION_REVOKED_SUSPENDED ? 'ACCOUNT_SUSPENDED' : 'SESSION_EXPIRED');
    super(refusal.code, refusal.message, refusal.metadata);
  }
}

/** Remembers verified tokens until they expire, so a busy caller costs one signature check a minute. */
class VerifiedTokens<T> {
  private readonly entries = new Map<string, { value: T; expiresAt: number }>();
  constructor(private readonly max = 4096) {}

  get(token: string, now: number): T | undefined {
    const hit = this.entries.get(token);
    if (!hit) return undefined;
    if (hit.expiresAt > now) return hit.value;
    this.entries.delete(token);
    return undefined;
  }

  set(token: string, value: T, expiresAt: number): void {
    if (this.entries.size >= this.max) this.entries.delete(this.entries.keys().next().value as string);
    this.entries.set(token, { value, expiresAt });
  }
}

/** Verifies the caller of an incoming call; throws UNAUTHENTICATED (or UNAVAILABLE when keys cannot be fetched). */
export class CallerAuthenticator {
  private readonly serviceKeyLookup: JWTVerifyGetKey;
  private readonly now: () => number;
  private readonly services = new VerifiedTokens<string>();
  private readonly users = new VerifiedTokens<CallerIdentity>();
  private readonly revokedSessions: RevokedSessions;

  constructor(private readonly options: CallerAuthenticatorOptions) {
    this.serviceKeyLookup = localKeys(options.serviceKeys);
    this.now = options.now ?? Date.now;
    this.revokedSessions = options.revokedSessions ?? processRevokedSessions;
  }

  get serviceName(): string {
    return this.options.serviceName;
  }

  async authenticate(metadata: Metadata): Promise<VerifiedCaller> {
    const serviceToken = bearer(single(metadata, SERVICE_TOKEN_METADATA_KEY));
    if (!serviceToken) throw refuse('SERVICE_CREDENTIALS_INVALID');
    const service = await this.verifyServiceToken(serviceToken);
    const userTokens = metadata.get(USER_TOKEN_METADATA_KEY);
    if (userTokens.length > 1) throw refuse('INVALID_TOKEN');
    const [userToken] = userTokens;
    const identity = userToken === undefined ? null : await this.authenticateUser(String(userToken));
    return { service, identity };
  }

  /**
   * A user's access token on its own, without a call to identity: signature, expiry, audience,
   * and a session not revoked (the HTTP edge checks every protected request with it).
   * Throws UNAUTHENTICATED; a revoked session's is a RevokedSessionError carrying the reason.
   */
  async authenticateUser(token: string): Promise<CallerIdentity> {
    const identity = await this.verifyUserToken(token);
    const revoked = identity.sessionId ? this.revokedSessions.of(identity.sessionId) : undefined;
    if (revoked) throw new RevokedSessionError(revoked.reason);
    return identity;
  }

  private async verifyServiceToken(token: string): Promise<string> {
    const now = this.now();
    const known = this.services.get(token, now);
    if (known) return known;
    const payload = await verified(token, this.serviceKeyLookup, { audience: this.options.serviceName }, now, 'SERVICE_CREDENTIALS_INVALID');
    // The key that signed is chosen by kid; the token may only speak for that key's service.
    if (payload.iss !== payload.kid || payload.sub !== payload.kid) throw refuse('SERVICE_CREDENTIALS_INVALID');
    this.services.set(token, payload.kid, payload.exp * 1000);
    return payload.kid;
  }

  private async verifyUserToken(token: string): Promise<CallerIdentity> {
    const now = this.now();
    const known = this.users.get(token, now);
    if (known) return known;
    const payload = await verified(
      token,
      this.options.userKeys,
      { audience: USER_TOKEN_AUDIENCE, issuer: USER_TOKEN_ISSUER },
      now,
      'INVALID_TOKEN',
    );
    const type = payload.claims.typ;
    if (typeof type !== 'number' || !isUserRole(type) || typeof payload.claims.sid !== 'string')
      throw refuse('INVALID_TOKEN');
    const instructor = payload.claims.ins;
    const identity: CallerIdentity = {
      userId: payload.sub,
      userType: type as UserRole,
      ...(typeof instructor === 'string' && instructor ? { instructorId: instructor } : {}),
      sessionId: payload.claims.sid,
    };
    this.users.set(token, identity, payload.exp * 1000);
    return identity;
  }
}

interface VerifiedPayload {
  kid: string;
  iss: string;
  sub: string;
  exp: number;
  claims: Record<string, unknown>;
}

async function verified(
  token: string,
  keys: JWTVerifyGetKey,
  expect: { audience: string; issuer?: string },
  now: number,
  refusal: RefusalKey,
): Promise<VerifiedPayload> {
  if (token.length > MAX_TOKEN_LENGTH) throw refuse(refusal);
  try {
    const { payload, protectedHeader } = await jwtVerify(token, keys, {
      algorithms: [SIGNING_ALGORITHM],
      audience: expect.audience,
      issuer: expect.issuer,
      currentDate: new Date(now),
      requiredClaims: ['exp', 'sub', 'iss'],
    });
    return {
      kid: protectedHeader.kid ?? '',
      iss: payload.iss as string,
      sub: payload.sub as string,
      exp: payload.exp as number,
      claims: payload as Record<string, unknown>,
    };
  } catch (err) {
    // Keys that cannot be fetched are an outage, not a bad caller.
    if (err instanceof errors.JWKSTimeout || (err instanceof Error && !(err instanceof errors.JOSEError)))
      throw refuse('SERVICE_UNAVAILABLE');
    throw refuse(refusal);
  }
}

function single(metadata: Metadata, key: string): string | undefined {
  const values = metadata.get(key);
  if (values.length !== 1) return undefined;
  const [value] = values;
  return typeof value === 'string' ? value : undefined;
}

function bearer(value: string | undefined): string | undefined {
  const match = value && /^Bearer ([A-Za-z0-9._~+/-]+=*)$/.exec(value);
  return match ? match[1] : undefined;
}
