/**
 * Signed tokens. Access tokens are signed with identity's Ed25519 key (EdDSA, with its kid),
 * so every service can verify them with the public key set identity publishes (decision
 * 0008). Verification and reset links stay private to identity: HS256 with its secret. Each
 * purpose has its own audience, so a token made for one purpose (say, e-mail verification)
 * is refused for any other (say, API access), and every token expires.
 */
import { SignJWT, jwtVerify, errors, importJWK, type CryptoKey, type JWTVerifyGetKey } from 'jose';
import {
  SIGNING_ALGORITHM,
  USER_TOKEN_AUDIENCE,
  USER_TOKEN_ISSUER,
  USER_TOKEN_TTL_SECONDS,
  keySetOf,
  localKeys,
  type PrivateSigningJwk,
} from '@taal/kit';

export const ISSUER = USER_TOKEN_ISSUER;
export const Audiences = {
  access: USER_TOKEN_AUDIENCE,
  verifyEmail: 'taal-verify-email',
  passwordReset: 'taal-password-reset',
  guardianApproval: 'taal-guardian-approval',
} as const;

/** Every verifier keeps a revoked session for this long (decision 0024): one constant, the kit's. */
export const ACCESS_TOKEN_TTL_SECONDS = USER_TOKEN_TTL_SECONDS;
export const VERIFY_EMAIL_TTL_SECONDS = 24 * 3600;
export const PASSWORD_RESET_TTL_SECONDS = 3600;
/** A guardian's approval link (decision 0047): seven days, the student can have a fresh one mailed. */
export const GUARDIAN_APPROVAL_TTL_SECONDS = 7 * 24 * 3600;

export interface AccessClaims {
  userId: string;
  type: number;
  sessionId: string;
  /** The instructor profile (catalogue) an instructor account speaks for, when linked. */
  instructor?: string;
}

export class TokenSigner {
  private readonly key: Uint8Array;
  private readonly accessSigningKey: Promise<CryptoKey | Uint8Array>;
  /** The public half of the access-token key, as published at the JWKS endpoint. */
  readonly accessKeys: JWTVerifyGetKey;

  constructor(
    secret: string,
    private readonly accessKey: PrivateSigningJwk,
    private readonly now: () => number = Date.now,
  ) {
    if (secret.length < 32) throw new Error('the token secret must be at least 32 characters');
    this.key = new TextEncoder().encode(secret);
    this.accessSigningKey = importJWK(accessKey, SIGNING_ALGORITHM);
    this.accessKeys = localKeys(keySetOf([accessKey]));
  }

  private async sign(claims: Record<string, unknown>, subject: string, audience: string, ttlSeconds: number): Promise<string> {
    const iat = Math.floor(this.now() / 1000);
    const jwt = new SignJWT(claims).setIssuer(ISSUER).setAudience(audience).setSubject(subject).setIssuedAt(iat).setExpirationTime(iat + ttlSeconds);
    if (audience === Audiences.access)
      return jwt.setProtectedHeader({ alg: SIGNING_ALGORITHM, kid: this.accessKey.kid, typ: 'JWT' }).sign(await this.accessSigningKey);
    return jwt.setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(this.key);
  }

  /** Null for anything not valid for this audience right now (bad signature, expired, other purpose). */
  private async verify(token: string, audience: string): Promise<Record<string, unknown> | null> {
    if (!token || token.length > 4096) return null;
    try {
      const access = audience === Audiences.access;
      const { payload } = await jwtVerify(token, access ? this.accessKeys : this.key, {
        issuer: ISSUER,
        audience,
        algorithms: [access ? SIGNING_ALGORITHM : 'HS256'],
        currentDate: new Date(this.now()),
      });
      return typeof payload.sub === 'string' ? (payload as Record<string, unknown>) : null;
    } catch (err) {
      if (err instanceof errors.JOSEError) return null;
      throw err;
    }
  }

  async accessToken(claims: AccessClaims): Promise<{ token: string; expiresAt: Date }> {
    const token = await this.sign(
      { typ: claims.type, sid: claims.sessionId, ...(claims.instructor ? { ins: claims.instructor } : {}) },
      claims.userId,
      Audiences.access,
      ACCESS_TOKEN_TTL_SECONDS,
    );
    return { token, expiresAt: new Date((Math.floor(this.now() / 1000) + ACCESS_TOKEN_TTL_SECONDS) * 1000) };
  }

  async verifyAccessToken(token: string): Promise<AccessClaims | null> {
    const p = await this.verify(token, Audiences.access);
    if (!p || typeof p.sid !== 'string' || typeof p.typ !== 'number') return null;
    return { userId: p.sub as string, type: p.typ, sessionId: p.sid, ...(typeof p.ins === 'string' ? { instructor: p.ins } : {}) };
  }

  /** Bound to the address too: a link sent to an old address does not verify a new one. */
  verifyEmailToken(userId: string, email: string): Promise<string> {
    return this.sign({ email }, userId, Audiences.verifyEmail, VERIFY_EMAIL_TTL_SECONDS);
  }

  async verifyVerifyEmailToken(token: string): Promise<{ userId: string; email: string } | null> {
    const p = await this.verify(token, Audiences.verifyEmail);
    return p && typeof p.email === 'string' ? { userId: p.sub as string, email: p.email } : null;
  }

  /**
   * A guardian's approval link (decision 0047): bound to the guardian's address and to the
   * account's nonce, which approval clears, so the link works once.
   */
  guardianApprovalToken(userId: string, guardianEmail: string, nonce: string): Promise<string> {
    return this.sign({ gem: guardianEmail, gn: nonce }, userId, Audiences.guardianApproval, GUARDIAN_APPROVAL_TTL_SECONDS);
  }

  async verifyGuardianApprovalToken(token: string): Promise<{ userId: string; guardianEmail: string; nonce: string } | null> {
    const p = await this.verify(token, Audiences.guardianApproval);
    return p && typeof p.gem === 'string' && typeof p.gn === 'string' ? { userId: p.sub as string, guardianEmail: p.gem, nonce: p.gn } : null;
  }

  /** Carries a fingerprint of the current password hash: the link works once. */
  passwordResetToken(userId: string, fingerprint: string): Promise<string> {
    return this.sign({ pwf: fingerprint }, userId, Audiences.passwordReset, PASSWORD_RESET_TTL_SECONDS);
  }

  async verifyPasswordResetToken(token: string): Promise<{ userId: string; fingerprint: string } | null> {
    const p = await this.verify(token, Audiences.passwordReset);
    return p && typeof p.pwf === 'string' ? { userId: p.sub as string, fingerprint: p.pwf } : null;
  }
}
