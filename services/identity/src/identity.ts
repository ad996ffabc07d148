/**
 * Identity use cases: sign-up, verification, login (e-mail, Google, Facebook), sessions,
 * password reset and the admin's user management. The gRPC layer only adapts these.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { status } from '@grpc/grpc-js';
import type { Logger } from 'pino';
import type { identityV1 } from '@taal/contracts';
import {
  failedPrecondition,
  invalidArgument,
  notFound,
  NotAnImageError,
  reencodeImage,
  type FileStore,
  type Mailer,
  type PrivateSigningJwk,
  type Sql,
  type SqlExecutor,
} from '@taal/kit';
import { facebookVerifier, googleVerifier, SocialLoginRejected, type FacebookConfig, type GoogleConfig, type SocialProfile } from './auth/social';
import { TokenSigner } from './auth/tokens';
import { Messages } from './domain/messages';
import { burnPasswordCheck, hashPassword, hashToken, passwordFingerprint, verifyPassword } from './domain/password';
import { openSuccessor, sealSuccessor } from './domain/refresh-successor';
import {
  analyticsRange,
  isEmail,
  normaliseEmail,
  normaliseReferralCode,
  isReencodedPhotoKey,
  PHOTO_RULES,
  reencodedPhotoKey,
  UserTypes,
  validateCreateAccount,
  validateInstructorAccount,
  validateLogin,
  validateNewPassword,
  validateSignUp,
  type LoginProvider,
  type UserType,
} from './domain/user';
import { recordUserEvent } from './events/user-events';
import { reasonError, validationError } from './grpc/errors';
import { EmailTakenError, IdentityStore, toUser, type NewUser, type UserRow } from './store/identity-store';

export const REFRESH_TOKEN_TTL_MS = 30 * 24 * 3600 * 1000;
/** A rotated refresh token presented again this soon answers the same session (two tabs; decision 0005). */
export const DEFAULT_REFRESH_REUSE_GRACE_MS = 10_000;
/** How many rotations a re-presented token may lag behind the newest one within the grace window. */
const MAX_SUCCESSOR_HOPS = 5;

export interface IdentityOptions {
  sql: Sql;
  files: FileStore;
  mailer: Mailer;
  logger: Logger;
  /** HS256 secret of the verification and reset links (at least 32 characters). */
  tokenSecret: string;
  /** Ed25519 key of users' access tokens; its public half is published (decision 0008). */
  accessTokenKey: PrivateSigningJwk;
  /** Base URL of the site, for links in e-mails, e.g. http://127.0.0.1:8080 (a function when known only later). */
  publicUrl: string | (() => string);
  google?: GoogleConfig;
  facebook?: FacebookConfig;
  /** Called after a transaction that enqueued events committed (wakes the outbox relay). */
  afterCommit: () => void;
  /** Grace window of concurrent refreshes (default 10 s; 0 turns it off). */
  refreshReuseGraceMs?: number;
}

type User = identityV1.User;
type Session = identityV1.Session;

export class Identity {
  readonly store: IdentityStore;
  readonly signer: TokenSigner;
  private readonly google?: ReturnType<typeof googleVerifier>;
  private readonly facebook?: ReturnType<typeof facebookVerifier>;

  constructor(private readonly o: IdentityOptions) {
    this.store = new IdentityStore(o.sql);
    this.signer = new TokenSigner(o.tokenSecret, o.accessTokenKey);
    if (o.google) this.google = googleVerifier(o.google);
    if (o.facebook) this.facebook = facebookVerifier(o.facebook);
  }

  private get publicUrl(): string {
    const url = typeof this.o.publicUrl === 'function' ? this.o.publicUrl() : this.o.publicUrl;
    return url.replace(/\/+$/, '');
  }

  // ---- Sign-up and verification ----

  async signUp(req: identityV1.SignUpRequest): Promise<User> {
    const photo = req.photo ?? new Uint8Array();
    // The photo is decoded and drawn again: only its pixels are kept (kit uploads/image.ts).
    const image = photo.length > 0 ? await reencodeImage(photo, PHOTO_RULES).catch(notAnImage) : null;
    const check = validateSignUp({
      name: req.name,
      email: req.email,
      password: req.password,
      confirmPassword: req.confirmPassword,
      photo: { present: photo.length > 0, isImage: image !== null },
      dob: req.dob,
      phone: req.phone,
      address: req.address,
      referCode: req.referCode,
    });
    if (!check.ok) throw validationError(check);
    const email = normaliseEmail(req.email);
    if (await this.store.emailExists(email)) throw this.emailTaken(Messages.emailTaken);

    const referrer = await this.store.findByReferralCode(normaliseReferralCode(req.referCode));
    const passwordHash = await hashPassword(req.password);
    const id = randomUUID();
    const { data, contentType, extension } = image!;
    const photoKey = reencodedPhotoKey(id, randomBytes(4).toString('hex'), extension);
    await this.o.files.put(photoKey, data, contentType);
    let row: UserRow;
    try {
      row = await this.createUser({
        id,
        name: req.name.trim(),
        email,
        passwordHash,
        phone: req.phone.trim(),
        address: req.address.trim(),
        photo: photoKey,
        photoType: contentType,
        dob: req.dob.trim(),
        referredBy: referrer?.id ?? null,
        emailVerify: false,
        type: UserTypes.student,
      });
    } catch (err) {
      await this.o.files.delete(photoKey).catch(() => {});
      if (err instanceof EmailTakenError) throw this.emailTaken(Messages.emailTaken);
      throw err;
    }
    await this.sendVerificationMail(row);
    return toUser(row);
  }

  private emailTaken(message: string) {
    return reasonError(status.ALREADY_EXISTS, message, 'EMAIL_TAKEN');
  }

  /** Inserts the user and records identity.user.registered in one transaction. */
  private async createUser(user: NewUser): Promise<UserRow> {
    const row = await this.o.sql.transaction(async (tx) => {
      const inserted = await this.store.insertUser(tx, user);
      await recordUserEvent(tx, 'registered', toUser(inserted));
      return inserted;
    });
    this.o.afterCommit();
    return row;
  }

  async checkEmail(email: string): Promise<boolean> {
    const normalised = normaliseEmail(email ?? '');
    return isEmail(normalised) && this.store.emailExists(normalised);
  }

  verificationLink(token: string): string {
    // The storefront page, which calls GET /api/v1/user/verify-email/{token} and offers login.
    return `${this.publicUrl}/verify-email/${token}`;
  }

  /** Mail failures are logged, not thrown: the account exists and the user can ask again. */
  private async sendVerificationMail(user: UserRow): Promise<boolean> {
    const link = this.verificationLink(await this.signer.verifyEmailToken(user.id, user.email));
    try {
      await this.o.mailer.send({
        to: user.email,
        subject: 'Verify your Taal account',
        text: `Hello ${user.name},\n\nPlease verify your e-mail address by opening this link (valid for 24 hours):\n\n${link}\n\nIf you did not sign up for Taal, ignore this message.\n`,
        html: `<p>Hello ${escapeHtml(user.name)},</p><p>Please verify your e-mail address by opening this link (valid for 24 hours):</p><p><a href="${link}">${link}</a></p><p>If you did not sign up for Taal, ignore this message.</p>`,
      });
      return true;
    } catch (err) {
      this.o.logger.error({ err, userId: user.id }, 'could not send the verification e-mail');
      return false;
    }
  }

  async verifyEmail(token: string): Promise<User> {
    const claims = await this.signer.verifyVerifyEmailToken(token);
    const invalid = () => reasonError(status.INVALID_ARGUMENT, Messages.verifyLinkInvalid, 'LINK_INVALID');
    if (!claims) throw invalid();
    const user = await this.store.findById(claims.userId);
    if (!user || user.email !== claims.email) throw invalid();
    return this.markVerified(user);
  }

  private async markVerified(user: UserRow): Promise<User> {
    if (user.email_verify) return toUser(user);
    const updated = await this.o.sql.transaction(async (tx) => {
      const row = (await this.store.update(tx, user.id, { emailVerify: true }))!;
      await recordUserEvent(tx, 'verified', toUser(row));
      return row;
    });
    this.o.afterCommit();
    return toUser(updated);
  }

  /** `user` is a user id or an e-mail address. Already verified users get no mail. */
  async resendVerification(user: string): Promise<void> {
    const key = (user ?? '').trim();
    if (!key) throw invalidArgument(Messages.anyFieldMissing);
    const row = key.includes('@') ? await this.store.findByEmail(normaliseEmail(key)) : await this.store.findById(key);
    if (!row) throw notFound(Messages.userNotFound);
    if (row.email_verify) return;
    if (!(await this.sendVerificationMail(row))) throw new Error('verification mail not sent');
  }

  // ---- Login and sessions ----

  async login(emailInput: string, password: string): Promise<Session> {
    const check = validateLogin({ email: emailInput, password });
    if (!check.ok) throw validationError(check);
    const user = await this.store.findByEmail(normaliseEmail(emailInput));
    const failed = () => reasonError(status.UNAUTHENTICATED, Messages.loginFailed, 'INVALID_CREDENTIALS');
    if (!user?.password_hash) {
      await burnPasswordCheck(password);
      throw failed();
    }
    if (!(await verifyPassword(password, user.password_hash))) throw failed();
    if (user.suspend) throw reasonError(status.PERMISSION_DENIED, Messages.accountSuspended, 'ACCOUNT_SUSPENDED');
    if (!user.email_verify) throw reasonError(status.PERMISSION_DENIED, Messages.verifyYourEmail, 'EMAIL_NOT_VERIFIED');
    return this.o.sql.transaction((tx) => this.issueSession(tx, user));
  }

  private async issueSession(tx: SqlExecutor, user: UserRow, sessionId?: string): Promise<Session> {
    const sid = sessionId ?? (await this.store.createSession(tx, user.id));
    const refreshToken = randomBytes(32).toString('base64url');
    await this.store.addRefreshToken(tx, sid, hashToken(refreshToken), new Date(Date.now() + REFRESH_TOKEN_TTL_MS));
    const access = await this.signer.accessToken({ userId: user.id, type: Number(user.type), sessionId: sid });
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
    const expired = () => reasonError(status.UNAUTHENTICATED, Messages.sessionExpired, 'SESSION_EXPIRED');
    if (!refreshToken || refreshToken.length > 200) throw expired();
    const tokenHash = hashToken(refreshToken);
    const graceMs = this.o.refreshReuseGraceMs ?? DEFAULT_REFRESH_REUSE_GRACE_MS;
    type Outcome = { session: Session } | { error: 'unknown' | 'reused' | 'expired' | 'suspended' };
    const outcome = await this.o.sql.transaction(async (tx): Promise<Outcome> => {
      const claimed = await this.store.claimRefreshToken(tx, tokenHash);
      if (!claimed) return { error: 'unknown' };
      if (claimed.used) {
        const live = claimed.revoked ? null : await this.liveSuccessor(tx, refreshToken, claimed, claimed.sessionId, graceMs);
        if (!live) {
          await this.store.revokeSession(tx, claimed.sessionId, 'refresh token reused');
          return { error: 'reused' };
        }
        if (claimed.user.suspend) return { error: 'suspended' };
        return { session: await this.accessFor(claimed.user, claimed.sessionId, live) };
      }
      if (claimed.revoked || claimed.expired) return { error: 'expired' };
      if (claimed.user.suspend) return { error: 'suspended' };
      const session = await this.issueSession(tx, claimed.user, claimed.sessionId);
      await this.store.markRefreshTokenUsed(tx, tokenHash, hashToken(session.refreshToken), sealSuccessor(refreshToken, session.refreshToken));
      return { session };
    });
    if ('session' in outcome) return outcome.session;
    if (outcome.error === 'reused') {
      this.o.logger.warn('a used refresh token was presented again after the grace window; session revoked');
      throw reasonError(status.UNAUTHENTICATED, Messages.sessionExpired, 'REFRESH_TOKEN_REUSED');
    }
    if (outcome.error === 'suspended') throw reasonError(status.UNAUTHENTICATED, Messages.accountSuspended, 'ACCOUNT_SUSPENDED');
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
      const nextState = await this.store.refreshTokenState(tx, hashToken(next), sessionId);
      if (!nextState || nextState.expired) return null;
      if (!nextState.used) return next;
      token = next;
      current = nextState;
    }
    return null;
  }

  /** A fresh access token for an existing session, with the given (live) refresh token. */
  private async accessFor(user: UserRow, sessionId: string, refreshToken: string): Promise<Session> {
    const access = await this.signer.accessToken({ userId: user.id, type: Number(user.type), sessionId });
    return { accessToken: access.token, accessTokenExpiresAt: access.expiresAt.toISOString(), refreshToken, user: toUser(user) };
  }

  async logout(accessToken: string, refreshToken: string): Promise<void> {
    let sessionId: string | null = null;
    if (accessToken) sessionId = (await this.signer.verifyAccessToken(accessToken))?.sessionId ?? null;
    if (!sessionId && refreshToken) sessionId = await this.store.sessionIdOfRefreshToken(hashToken(refreshToken));
    if (!sessionId) throw reasonError(status.UNAUTHENTICATED, Messages.sessionExpired, 'SESSION_EXPIRED');
    await this.store.revokeSession(this.o.sql, sessionId, 'logout');
  }

  /**
   * Checks an access token on every protected request: signature, expiry and purpose,
   * then that the session is live and the user not suspended (so suspension and logout
   * take effect at once). The type is read from the database, not the token.
   */
  async authenticate(accessToken: string): Promise<identityV1.AuthenticateResponse> {
    const expired = () => reasonError(status.UNAUTHENTICATED, Messages.sessionExpired, 'SESSION_EXPIRED');
    const claims = await this.signer.verifyAccessToken(accessToken);
    if (!claims) throw expired();
    const state = await this.store.sessionState(claims.sessionId, claims.userId);
    if (state?.suspend) throw reasonError(status.UNAUTHENTICATED, Messages.accountSuspended, 'ACCOUNT_SUSPENDED');
    if (!state || state.revoked) throw expired();
    return { userId: claims.userId, type: state.type, sessionId: claims.sessionId };
  }

  // ---- Password reset (a one-time link, see docs/decisions) ----

  async requestPasswordReset(emailInput: string): Promise<void> {
    if (!emailInput || !emailInput.trim()) throw invalidArgument(Messages.anyFieldMissing);
    const user = await this.store.findByEmail(normaliseEmail(emailInput));
    // The same answer whether or not the address is registered.
    if (!user || user.suspend) return;
    const token = await this.signer.passwordResetToken(user.id, passwordFingerprint(user.password_hash));
    const link = `${this.publicUrl}/reset-password?token=${token}`;
    try {
      await this.o.mailer.send({
        to: user.email,
        subject: 'Reset your Taal password',
        text: `Hello ${user.name},\n\nTo choose a new password, open this link (valid for one hour, usable once):\n\n${link}\n\nIf you did not ask for this, ignore this message: your password stays the same.\n`,
        html: `<p>Hello ${escapeHtml(user.name)},</p><p>To choose a new password, open this link (valid for one hour, usable once):</p><p><a href="${link}">${link}</a></p><p>If you did not ask for this, ignore this message: your password stays the same.</p>`,
      });
    } catch (err) {
      this.o.logger.error({ err, userId: user.id }, 'could not send the password reset e-mail');
      throw err;
    }
  }

  async resetPassword(req: identityV1.ResetPasswordRequest): Promise<void> {
    const check = validateNewPassword({ token: req.token, password: req.password, confirmPassword: req.confirmPassword });
    if (!check.ok) throw validationError(check);
    const invalid = () => reasonError(status.INVALID_ARGUMENT, Messages.resetLinkInvalid, 'LINK_INVALID');
    const claims = await this.signer.verifyPasswordResetToken(req.token);
    if (!claims) throw invalid();
    const passwordHash = await hashPassword(req.password);
    await this.o.sql.transaction(async (tx) => {
      const { rows } = await tx.query<{ password_hash: string | null }>(
        'SELECT password_hash FROM identity.users WHERE id = $1 FOR UPDATE',
        [claims.userId],
      );
      if (!rows[0] || passwordFingerprint(rows[0].password_hash) !== claims.fingerprint) throw invalid();
      // Following the link proves the address, so it also counts as verification.
      const updated = (await this.store.update(tx, claims.userId, { passwordHash }))!;
      await this.store.revokeAllSessions(tx, claims.userId, 'password reset');
      if (!updated.email_verify) {
        const verified = (await this.store.update(tx, claims.userId, { emailVerify: true }))!;
        await recordUserEvent(tx, 'verified', toUser(verified));
      }
    });
    this.o.afterCommit();
  }

  // ---- Social login ----

  async googleLogin(idToken: string): Promise<Session> {
    if (!this.google) throw failedPrecondition(Messages.socialLoginNotConfigured);
    return this.socialLogin('Google', () => this.google!(idToken));
  }

  async facebookLogin(accessToken: string, userId: string): Promise<Session> {
    if (!this.facebook) throw failedPrecondition(Messages.socialLoginNotConfigured);
    return this.socialLogin('Facebook', () => this.facebook!(accessToken, userId));
  }

  private async socialLogin(provider: LoginProvider, check: () => Promise<SocialProfile>): Promise<Session> {
    const failed = () => reasonError(status.UNAUTHENTICATED, Messages.socialLoginFailed, 'INVALID_CREDENTIALS');
    let profile: SocialProfile;
    try {
      profile = await check();
    } catch (err) {
      this.o.logger.info({ err, provider }, 'social login rejected');
      if (err instanceof SocialLoginRejected || err instanceof TypeError || (err as Error).name === 'TimeoutError') throw failed();
      throw err;
    }
    const link = provider === 'Google' ? { googleSub: profile.subject } : { facebookId: profile.subject };
    let user = await this.store.findBySocial(provider, profile.subject);
    let created = false;
    if (!user) {
      const email = normaliseEmail(profile.email);
      if (!isEmail(email)) throw invalidArgument(Messages.socialLoginNoEmail);
      const existing = await this.store.findByEmail(email);
      if (existing) {
        // Only an address the provider has confirmed may take over an existing account.
        if (!profile.emailVerified) throw failed();
        user = await this.o.sql.transaction(async (tx) => {
          const linked = (await this.store.update(tx, existing.id, link))!;
          if (linked.email_verify) return linked;
          const verified = (await this.store.update(tx, existing.id, { emailVerify: true }))!;
          await recordUserEvent(tx, 'verified', toUser(verified));
          return verified;
        });
        this.o.afterCommit();
      } else {
        try {
          user = await this.createUser({
            name: profile.name,
            email,
            passwordHash: null,
            emailVerify: profile.emailVerified,
            loginFrom: provider,
            type: UserTypes.student,
            ...link,
          });
          created = true;
        } catch (err) {
          if (err instanceof EmailTakenError) throw failed();
          throw err;
        }
      }
    }
    if (user.suspend) throw reasonError(status.PERMISSION_DENIED, Messages.accountSuspended, 'ACCOUNT_SUSPENDED');
    this.o.logger.info({ provider, userId: user.id, created }, 'social login');
    const row = user;
    return this.o.sql.transaction((tx) => this.issueSession(tx, row));
  }

  // ---- Admin ----

  async setSuspended(adminId: string, id: string, suspended: boolean): Promise<User> {
    if (!id) throw invalidArgument(Messages.anyFieldMissing);
    if (suspended && id === adminId) throw failedPrecondition('You cannot suspend your own account');
    const row = await this.o.sql.transaction(async (tx) => {
      const before = await this.store.findById(id, tx);
      if (!before) return null;
      const after = (await this.store.update(tx, id, { suspend: suspended }))!;
      if (suspended) await this.store.revokeAllSessions(tx, id, 'suspended');
      if (before.suspend !== suspended) await recordUserEvent(tx, suspended ? 'suspended' : 'unsuspended', toUser(after));
      return after;
    });
    if (!row) throw notFound(Messages.userNotFound);
    this.o.afterCommit();
    return toUser(row);
  }

  async adminMarkVerified(id: string): Promise<User> {
    const user = id ? await this.store.findById(id) : null;
    if (!user) throw notFound(Messages.userNotFound);
    return this.markVerified(user);
  }

  /** Admin or content-uploader accounts; the admin vouches for the address, so it counts as verified. */
  async createAccount(req: identityV1.CreateAccountRequest): Promise<User> {
    const check = validateCreateAccount({ name: req.name, email: req.email, password: req.password, type: req.type, instructor: req.instructor });
    if (!check.ok) throw validationError(check);
    return this.createStaffAccount(req.name, req.email, req.password, req.type as UserType, req.instructor, true);
  }

  /** Instructor accounts (type 3) must verify their address: a verification mail goes out. */
  async createInstructorAccount(req: identityV1.CreateInstructorAccountRequest): Promise<User> {
    const check = validateInstructorAccount({ name: req.name, email: req.email, password: req.password, instructor: req.instructor });
    if (!check.ok) throw validationError(check);
    const user = await this.createStaffAccount(req.name, req.email, req.password, UserTypes.instructor, req.instructor, false);
    return user;
  }

  private async createStaffAccount(
    name: string,
    emailInput: string,
    password: string,
    type: UserType,
    instructor: string,
    verified: boolean,
  ): Promise<User> {
    const email = normaliseEmail(emailInput);
    if (await this.store.emailExists(email)) throw this.emailTaken(Messages.emailExists);
    const passwordHash = await hashPassword(password);
    let row: UserRow;
    try {
      row = await this.createUser({ name: name.trim(), email, passwordHash, emailVerify: verified, type, instructor: instructor.trim() });
    } catch (err) {
      if (err instanceof EmailTakenError) throw this.emailTaken(Messages.emailExists);
      throw err;
    }
    if (!verified) await this.sendVerificationMail(row);
    return toUser(row);
  }

  async listUsers(req: identityV1.ListUsersRequest): Promise<User[]> {
    const rows = await this.store.listUsers({ type: req.type, subscribersOnly: req.subscribersOnly, socialOnly: req.socialOnly });
    return rows.map(toUser);
  }

  async getUser(id: string): Promise<User> {
    const row = id ? await this.store.findById(id) : null;
    if (!row) throw notFound(Messages.userNotFound);
    return toUser(row);
  }

  async getUserPhoto(id: string): Promise<{ data: Buffer; contentType: string }> {
    const row = id ? await this.store.findById(id) : null;
    if (!row?.photo) throw notFound('Photo not found');
    const file = await this.o.files.get(row.photo);
    if (!file) throw notFound('Photo not found');
    const chunks: Buffer[] = [];
    for await (const chunk of file.body) chunks.push(chunk as Buffer);
    const data = Buffer.concat(chunks);
    if (isReencodedPhotoKey(row.photo)) return { data, contentType: file.file.contentType };
    // Stored before photos were re-encoded on upload: never serve those bytes as they came.
    try {
      const image = await reencodeImage(data, PHOTO_RULES);
      return { data: image.data, contentType: image.contentType };
    } catch (err) {
      if (err instanceof NotAnImageError) throw notFound('Photo not found');
      throw err;
    }
  }

  // ---- Stale unverified accounts (decision 0006) ----

  /**
   * Removes unverified self sign-ups older than `days` (created before now − days), in
   * batches, with their sessions, then deletes their photos. Returns how many were removed.
   */
  async removeStaleUnverifiedAccounts(days: number, now: Date = new Date()): Promise<number> {
    const cutoff = new Date(now.getTime() - days * 86_400_000);
    let removed = 0;
    for (;;) {
      const batch = await this.store.deleteStaleUnverified(cutoff, 100);
      for (const user of batch) {
        if (!user.photo) continue;
        await this.o.files.delete(user.photo).catch((err: unknown) => {
          this.o.logger.warn({ err, userId: user.id, key: user.photo }, 'could not delete the photo of a removed account');
        });
      }
      removed += batch.length;
      if (batch.length < 100) break;
    }
    if (removed > 0) this.o.logger.info({ removed, days }, 'removed stale unverified accounts');
    return removed;
  }

  async userAnalytics(startDate: string, endDate: string): Promise<identityV1.UserAnalyticsResponse> {
    const range = analyticsRange(startDate ?? '', endDate ?? '');
    if (!range) throw invalidArgument(Messages.invalidDateRange);
    const users = (await this.store.listUsers({ createdFrom: range.start, createdBefore: range.end })).map(toUser);
    const verified = users.filter((u) => u.emailVerify).length;
    return {
      total: users.length,
      verified,
      notVerified: users.length - verified,
      subscriber: users.filter((u) => u.subscriber).length,
      users,
    };
  }

  // ---- Demo accounts (all-in-one) ----

  async seedDemoAccounts(accounts: readonly DemoAccount[]): Promise<boolean> {
    const hashes = await Promise.all(accounts.map((a) => hashPassword(a.password)));
    const seeded = await this.store.seedOnce(async (tx) => {
      for (const [i, a] of accounts.entries()) {
        if (await this.store.findByEmail(a.email, tx)) continue;
        const row = await this.store.insertUser(tx, { ...a, passwordHash: hashes[i]!, emailVerify: true });
        await recordUserEvent(tx, 'registered', toUser(row));
      }
    });
    if (seeded) this.o.afterCommit();
    return seeded;
  }
}

/** A photo that does not decode is answered like a missing field's image message. */
function notAnImage(err: unknown): null {
  if (err instanceof NotAnImageError) return null;
  throw err;
}

export interface DemoAccount {
  id: string;
  name: string;
  email: string;
  password: string;
  type: UserType;
  instructor?: string;
  phone?: string;
  address?: string;
  dob?: string;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

