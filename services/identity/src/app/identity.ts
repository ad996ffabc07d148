/**
 * Identity's use cases, one module each (accounts, sessions, password reset, user admin),
 * behind one object the gRPC adapter and the jobs use. No gRPC types or SQL here: those live
 * in ../grpc and ../store (mails are written by messaging, decision 0023).
 */
import type { Logger } from 'pino';
import type { FileStore, PrivateSigningJwk, Sql } from '@taal/kit';
import { facebookVerifier, googleVerifier, type FacebookConfig, type GoogleConfig } from '../auth/social';
import { TokenSigner } from '../auth/tokens';
import { IdentityStore } from '../store/identity-store';
import { Accounts } from './accounts';
import { UserAdmin } from './admin';
import type { IdentityContext } from './context';
import { PasswordReset } from './password-reset';
import { Sessions } from './sessions';

export { REFRESH_TOKEN_TTL_MS } from './sessions';
/** A rotated refresh token presented again this soon answers the same session (two tabs; decision 0005). */
export const DEFAULT_REFRESH_REUSE_GRACE_MS = 10_000;

export interface IdentityOptions {
  sql: Sql;
  files: FileStore;
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

export class Identity {
  readonly store: IdentityStore;
  readonly signer: TokenSigner;
  readonly accounts: Accounts;
  readonly sessions: Sessions;
  readonly passwordReset: PasswordReset;
  readonly admin: UserAdmin;

  constructor(o: IdentityOptions) {
    this.store = new IdentityStore(o.sql);
    this.signer = new TokenSigner(o.tokenSecret, o.accessTokenKey);
    const ctx: IdentityContext = {
      sql: o.sql,
      store: this.store,
      signer: this.signer,
      files: o.files,
      logger: o.logger,
      publicUrl: () => (typeof o.publicUrl === 'function' ? o.publicUrl() : o.publicUrl).replace(/\/+$/, ''),
      google: o.google ? googleVerifier(o.google) : undefined,
      facebook: o.facebook ? facebookVerifier(o.facebook) : undefined,
      afterCommit: o.afterCommit,
      refreshReuseGraceMs: o.refreshReuseGraceMs ?? DEFAULT_REFRESH_REUSE_GRACE_MS,
    };
    this.accounts = new Accounts(ctx);
    this.sessions = new Sessions(ctx, this.accounts);
    this.passwordReset = new PasswordReset(ctx);
    this.admin = new UserAdmin(ctx, this.accounts);
  }

  // Sign-up and verification
  signUp: Accounts['signUp'] = (req) => this.accounts.signUp(req);
  checkEmail: Accounts['checkEmail'] = (email) => this.accounts.checkEmail(email);
  verificationLink: Accounts['verificationLink'] = (token) => this.accounts.verificationLink(token);
  verifyEmail: Accounts['verifyEmail'] = (token) => this.accounts.verifyEmail(token);
  resendVerification: Accounts['resendVerification'] = (user) => this.accounts.resendVerification(user);
  confirmGuardian: Accounts['confirmGuardian'] = (token) => this.accounts.confirmGuardian(token);
  resendGuardianMail: Accounts['resendGuardianMail'] = (userId) => this.accounts.resendGuardianMail(userId);
  createAccount: Accounts['createAccount'] = (req) => this.accounts.createAccount(req);
  updateProfile: Accounts['updateProfile'] = (userId, req, sessionId) => this.accounts.updateProfile(userId, req, sessionId);
  createInstructorAccount: Accounts['createInstructorAccount'] = (req) => this.accounts.createInstructorAccount(req);
  seedDemoAccounts: Accounts['seedDemoAccounts'] = (accounts) => this.accounts.seedDemoAccounts(accounts);
  removeStaleUnverifiedAccounts: Accounts['removeStaleUnverifiedAccounts'] = (days, now) => this.accounts.removeStaleUnverifiedAccounts(days, now);

  // Login and sessions
  login: Sessions['login'] = (email, password) => this.sessions.login(email, password);
  refresh: Sessions['refresh'] = (token) => this.sessions.refresh(token);
  logout: Sessions['logout'] = (accessToken, refreshToken) => this.sessions.logout(accessToken, refreshToken);
  authenticate: Sessions['authenticate'] = (accessToken) => this.sessions.authenticate(accessToken);
  googleLogin: Sessions['googleLogin'] = (idToken) => this.sessions.googleLogin(idToken);
  facebookLogin: Sessions['facebookLogin'] = (accessToken, userId) => this.sessions.facebookLogin(accessToken, userId);
  requestSignInLink: Sessions['requestSignInLink'] = (email) => this.sessions.requestSignInLink(email);
  signInWithLink: Sessions['signInWithLink'] = (token) => this.sessions.signInWithLink(token);

  // Password reset
  requestPasswordReset: PasswordReset['requestPasswordReset'] = (email) => this.passwordReset.requestPasswordReset(email);
  resetPassword: PasswordReset['resetPassword'] = (req) => this.passwordReset.resetPassword(req);

  // Admin
  setSuspended: UserAdmin['setSuspended'] = (adminId, id, suspended) => this.admin.setSuspended(adminId, id, suspended);
  adminMarkVerified: UserAdmin['adminMarkVerified'] = (id) => this.admin.adminMarkVerified(id);
  listUsers: UserAdmin['listUsers'] = (req) => this.admin.listUsers(req);
  listMailAudience: UserAdmin['listMailAudience'] = (req) => this.admin.listMailAudience(req);
  getUser: UserAdmin['getUser'] = (id) => this.admin.getUser(id);
  getUsers: UserAdmin['getUsers'] = (ids) => this.admin.getUsers(ids);
  getUserPhoto: UserAdmin['getUserPhoto'] = (id) => this.admin.getUserPhoto(id);
  userAnalytics: UserAdmin['userAnalytics'] = (start, end) => this.admin.userAnalytics(start, end);
}
