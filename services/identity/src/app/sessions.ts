/** Login (e-mail, Google, Facebook), sessions and refresh-token rotation. */
import { randomBytes, randomUUID } from 'node:crypto';
import { requestMail, type identityV1 } from '@taal/contracts';
import { createEnvelope, enqueueEvent, refuse, type SqlExecutor } from '@taal/kit';
import { SocialLoginRejected, type SocialProfile } from '../auth/social';
import type { AccessClaims } from '../auth/tokens';
import { burnPasswordCheck, hashToken, verifyPassword } from '../domain/password';
import { openSuccessor, sealSuccessor } from '../domain/refresh-successor';
import { AccountFieldLimits, cleanName, isEmail, normaliseEmail, UserRoles, validateLogin, type LoginProvider } from '../domain/user';
import { recordUserEvent } from '../events/user-events';
import { EmailTakenError, SCHEMA, toUser, type UserRow } from '../store/user-rows';
import type { IdentityContext } from './context';
import { validationError } from './errors';
import type { Accounts } from './accounts';

type Session = identityV1.Session;

export const REFRESH_TOKEN_TTL_MS = 30 * 24 * 3600 * 1000;
/** How long a mailed sign-in link works (decision 0005). */
export const SIGN_IN_LINK_TTL_MS = 15 * 60 * 1000;
/** How many rotations a re-presented token may lag behind the newest one within the grace window. */
const MAX_SUCCESSOR_HOPS = 5;

export class Sessions {
  constructor(
    private readonly ctx: IdentityContext,
    private readonly accounts: Accounts,
  ) {}

  async login(emailInput: string, password: string): Promise<Session> {
    const check = validateLogin({ email: emailInput, password });
    if (!check.ok) throw validationError(check);
    const user = await this.ctx.store.findByEmail(normaliseEmail(emailInput));
    const failed = () => refuse('LOGIN_FAILED');
    if (!user?.password_hash) {
      await burnPasswordCheck(password);
      throw failed();
    }
    if (!(await verifyPassword(password, user.password_hash))) throw failed();
    if (user.suspend) throw refuse('ACCOUNT_SUSPENDED');
    if (!user.email_verify) throw refuse('EMAIL_NOT_VERIFIED');
    return this.ctx.sql.transaction((tx) => this.issueSession(tx, user));
  }

  /**
   * E-mails a one-time sign-in link: the owner's way in while failed logins (perhaps someone
   * else's) delay the account's password logins (decision 0005). The same answer whether or not
   * the address has an account; only the token's SHA-256 is stored.
   */
  async requestSignInLink(emailInput: string): Promise<void> {
    const email = normaliseEmail(emailInput ?? '');
    if (!email) throw refuse('ANY_FIELD_MISSING');
    const user = await this.ctx.store.findByEmail(email);
    if (!user || user.suspend) return;
    const token = randomBytes(32).toString('base64url');
    const link = `${this.ctx.publicUrl()}/signin-link?token=${token}`;
    // Messaging sends it (decision 0023); each request is its own mail.
    const mail = requestMail('signInLink', `sign-in-link:${user.id}:${randomUUID()}`, { to: user.email, name: user.name, language: user.language }, { link });
    // Under the credential epoch the user has now: a later password change, reset or suspension ends it (decision 0039).
    const issued = await this.ctx.sql.transaction(async (tx) => {
      if (!(await this.ctx.store.sessions.addSignInLink(tx, user.id, hashToken(token), new Date(Date.now() + SIGN_IN_LINK_TTL_MS)))) return false;
      await enqueueEvent(tx, SCHEMA, createEnvelope(mail));
      return true;
    });
    if (issued) this.ctx.afterCommit();
  }

  /**
   * Signs in with a mailed link, once, and only while the user's credentials are those it was
   * issued under: a password change, reset or suspension since (even one lifted again) ends it
   * (decision 0039). Following it proves the address, so it also counts as verification.
   */
  async signInWithLink(token: string): Promise<Session> {
    const invalid = () => refuse('SIGN_IN_LINK_INVALID');
    if (!token || token.length > 200) throw invalid();
    const session = await this.ctx.sql.transaction(async (tx) => {
      let user = await this.ctx.store.sessions.useSignInLink(tx, hashToken(token));
      if (!user) throw invalid();
      if (user.suspend) throw refuse('ACCOUNT_SUSPENDED');
      if (!user.email_verify) {
        user = (await this.ctx.store.update(tx, user.id, { emailVerify: true }))!;
        await recordUserEvent(tx, 'verified', toUser(user));
      }
      return this.issueSession(tx, user);
    });
    this.ctx.afterCommit();
    return session;
  }

  private async issueSession(tx: SqlExecutor, user: UserRow, sessionId?: string): Promise<Session> {
    const sid = sessionId ?? (await this.ctx.store.sessions.createSession(tx, user.id));
    const refreshToken = randomBytes(32).toString('base64url');
    await this.ctx.store.sessions.addRefreshToken(tx, sid, hashToken(refreshToken), new Date(Date.now() + REFRESH_TOKEN_TTL_MS));
    const access = await this.ctx.signer.accessToken(accessClaimsOf(user, sid));
    return {
      accessToken: access.token,
      accessTokenExpiresAt: access.expiresAt.toISOString(),
      refreshToken,
      user: toUser(user),
    };
  }

  /**
   * Rotates the refresh token. The rotated token keeps a pointer to its successor (and the
   * successor sealed with a key derived from the rotated token). Presented again within the
   * grace window (two tabs refreshing at once) it answers the same session: a fresh access
   * token and the newest live refresh token of that chain. Presented again later it means
   * the token was copied: the whole session is revoked (the thief's and the owner's tokens).
   * Everything happens in one transaction holding the token's and the session's row locks.
   */
  async refresh(refreshToken: string): Promise<Session> {
    const expired = () => refuse('SESSION_EXPIRED');
    if (!refreshToken || refreshToken.length > 200) throw expired();
    const tokenHash = hashToken(refreshToken);
    const graceMs = this.ctx.refreshReuseGraceMs;
    type Outcome = { session: Session } | { error: 'unknown' | 'reused' | 'expired' | 'suspended' };
    const outcome = await this.ctx.sql.transaction(async (tx): Promise<Outcome> => {
      const claimed = await this.ctx.store.sessions.claimRefreshToken(tx, tokenHash);
      if (!claimed) return { error: 'unknown' };
      if (claimed.used) {
        const live = claimed.revoked ? null : await this.liveSuccessor(tx, refreshToken, claimed, claimed.sessionId, graceMs);
        if (!live) {
          await this.ctx.store.sessions.revokeSession(tx, claimed.sessionId, 'refresh token reused');
          return { error: 'reused' };
        }
        if (claimed.user.suspend) return { error: 'suspended' };
        return { session: await this.accessFor(claimed.user, claimed.sessionId, live) };
      }
      if (claimed.revoked || claimed.expired) return { error: 'expired' };
      if (claimed.user.suspend) return { error: 'suspended' };
      const session = await this.issueSession(tx, claimed.user, claimed.sessionId);
      await this.ctx.store.sessions.markRefreshTokenUsed(tx, tokenHash, hashToken(session.refreshToken), sealSuccessor(refreshToken, session.refreshToken));
      return { session };
    });
    if ('session' in outcome) return outcome.session;
    if (outcome.error === 'reused') {
      this.ctx.logger.warn('a used refresh token was presented again after the grace window; session revoked');
      throw refuse('SESSION_EXPIRED');
    }
    if (outcome.error === 'suspended') throw refuse('ACCOUNT_SUSPENDED');
    throw expired();
  }

  /**
   * The newest unexpired refresh token after `presented`, following successors that were
   * each rotated within the grace window; null when the chain leaves the window (reuse).
   */
  private async liveSuccessor(
    tx: SqlExecutor,
    presented: string,
    state: { usedMsAgo: number | null; successorSealed: string | null },
    sessionId: string,
    graceMs: number,
  ): Promise<string | null> {
    let token = presented;
    let current = state;
    for (let hop = 0; hop < MAX_SUCCESSOR_HOPS; hop++) {
      if (current.usedMsAgo === null || current.usedMsAgo > graceMs || !current.successorSealed) return null;
      const next = openSuccessor(token, current.successorSealed);
      if (!next) return null;
      const nextState = await this.ctx.store.sessions.refreshTokenState(tx, hashToken(next), sessionId);
      if (!nextState || nextState.expired) return null;
      if (!nextState.used) return next;
      token = next;
      current = nextState;
    }
    return null;
  }

  /** A fresh access token for an existing session, with the given (live) refresh token. */
  private async accessFor(user: UserRow, sessionId: string, refreshToken: string): Promise<Session> {
    const access = await this.ctx.signer.accessToken(accessClaimsOf(user, sessionId));
    return { accessToken: access.token, accessTokenExpiresAt: access.expiresAt.toISOString(), refreshToken, user: toUser(user) };
  }

  async logout(accessToken: string, refreshToken: string): Promise<void> {
    let sessionId: string | null = null;
    if (accessToken) sessionId = (await this.ctx.signer.verifyAccessToken(accessToken))?.sessionId ?? null;
    if (!sessionId && refreshToken) sessionId = await this.ctx.store.sessions.sessionIdOfRefreshToken(hashToken(refreshToken));
    if (!sessionId) throw refuse('SESSION_EXPIRED');
    const id = sessionId;
    await this.ctx.sql.transaction((tx) => this.ctx.store.sessions.revokeSession(tx, id, 'logout'));
  }

  /**
   * Checks an access token on every protected request: signature, expiry and purpose,
   * then that the session is live and the user not suspended (so suspension and logout
   * take effect at once). The type is read from the database, not the token.
   */
  async authenticate(accessToken: string): Promise<identityV1.AuthenticateResponse> {
    const expired = () => refuse('SESSION_EXPIRED');
    const claims = await this.ctx.signer.verifyAccessToken(accessToken);
    if (!claims) throw expired();
    const state = await this.ctx.store.sessions.sessionState(claims.sessionId, claims.userId);
    if (state?.suspend) throw refuse('ACCOUNT_SUSPENDED');
    if (!state || state.revoked) throw expired();
    return { userId: claims.userId, type: state.type, sessionId: claims.sessionId };
  }

  async googleLogin(idToken: string): Promise<Session> {
    if (!this.ctx.google) throw refuse('SOCIAL_LOGIN_NOT_CONFIGURED');
    return this.socialLogin('Google', () => this.ctx.google!(idToken));
  }

  async facebookLogin(accessToken: string, userId: string): Promise<Session> {
    if (!this.ctx.facebook) throw refuse('SOCIAL_LOGIN_NOT_CONFIGURED');
    return this.socialLogin('Facebook', () => this.ctx.facebook!(accessToken, userId));
  }

  private async socialLogin(provider: LoginProvider, check: () => Promise<SocialProfile>): Promise<Session> {
    const failed = () => refuse('LOGIN_FAILED');
    let profile: SocialProfile;
    try {
      profile = await check();
    } catch (err) {
      this.ctx.logger.info({ err, provider }, 'social login rejected');
      if (err instanceof SocialLoginRejected || err instanceof TypeError || (err as Error).name === 'TimeoutError') throw failed();
      throw err;
    }
    const link = provider === 'Google' ? { googleSub: profile.subject } : { facebookId: profile.subject };
    let user = await this.ctx.store.findBySocial(provider, profile.subject);
    let created = false;
    if (!user) {
      const email = normaliseEmail(profile.email);
      if (!isEmail(email)) throw refuse('SOCIAL_LOGIN_NO_EMAIL');
      const existing = await this.ctx.store.findByEmail(email);
      if (existing) {
        // Only an address the provider has confirmed may take over an existing account.
        if (!profile.emailVerified) throw failed();
        user = await this.ctx.sql.transaction(async (tx) => {
          const linked = (await this.ctx.store.update(tx, existing.id, link))!;
          if (linked.email_verify) return linked;
          const verified = (await this.ctx.store.update(tx, existing.id, { emailVerify: true }))!;
          await recordUserEvent(tx, 'verified', toUser(verified));
          return verified;
        });
        this.ctx.afterCommit();
      } else {
        try {
          user = await this.accounts.createUser({
            // The provider's name follows our one name rule (decision 0039); the address's local part when nothing is left.
            name: cleanName(profile.name, AccountFieldLimits.name) || email.slice(0, email.indexOf('@')),
            email,
            passwordHash: null,
            emailVerify: profile.emailVerified,
            loginFrom: provider,
            type: UserRoles.student,
            ...link,
          });
          created = true;
        } catch (err) {
          if (err instanceof EmailTakenError) throw failed();
          throw err;
        }
      }
    }
    if (user.suspend) throw refuse('ACCOUNT_SUSPENDED');
    this.ctx.logger.info({ provider, userId: user.id, created }, 'social login');
    const row = user;
    return this.ctx.sql.transaction((tx) => this.issueSession(tx, row));
  }
}

/** What an access token says about its user: who, which role, which session, and for an instructor the profile (decision 0008). */
function accessClaimsOf(user: UserRow, sessionId: string): AccessClaims {
  return { userId: user.id, type: Number(user.type), sessionId, ...(user.instructor ? { instructor: user.instructor } : {}) };
}
