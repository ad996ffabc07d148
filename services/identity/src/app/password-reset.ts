/** Password reset: a one-time link by mail, then a new password. */
import { randomUUID } from 'node:crypto';
import { requestMail, type identityV1 } from '@taal/contracts';
import { createEnvelope, enqueueEvent, refuse } from '@taal/kit';
import { hashPassword, passwordFingerprint } from '../domain/password';
import { normaliseEmail, validateNewPassword } from '../domain/user';
import { recordUserEvent } from '../events/user-events';
import { SCHEMA, toUser } from '../store/user-rows';
import type { IdentityContext } from './context';
import { validationError } from './errors';


export class PasswordReset {
  constructor(private readonly ctx: IdentityContext) {}

  async requestPasswordReset(emailInput: string): Promise<void> {
    if (!emailInput || !emailInput.trim()) throw refuse('ANY_FIELD_MISSING');
    const user = await this.ctx.store.findByEmail(normaliseEmail(emailInput));
    // The same answer whether or not the address is registered.
    if (!user || user.suspend) return;
    const token = await this.ctx.signer.passwordResetToken(user.id, passwordFingerprint(user.password_hash, user.credential_epoch));
    const link = `${this.ctx.publicUrl()}/reset-password?token=${token}`;
    // Messaging sends it (decision 0023); each request is its own mail.
    const mail = requestMail('passwordReset', `password-reset:${user.id}:${randomUUID()}`, { to: user.email, name: user.name, language: user.language }, { link });
    await this.ctx.sql.transaction((tx) => enqueueEvent(tx, SCHEMA, createEnvelope(mail)));
    this.ctx.afterCommit();
  }

  async resetPassword(req: identityV1.ResetPasswordRequest): Promise<void> {
    const check = validateNewPassword({ token: req.token, password: req.password, confirmPassword: req.confirmPassword });
    if (!check.ok) throw validationError(check);
    const invalid = () => refuse('RESET_LINK_INVALID');
    const claims = await this.ctx.signer.verifyPasswordResetToken(req.token);
    if (!claims) throw invalid();
    const passwordHash = await hashPassword(req.password);
    await this.ctx.sql.transaction(async (tx) => {
      const current = await this.ctx.store.lockPasswordHash(tx, claims.userId);
      // A password change or a suspension since the link was mailed moved the fingerprint on.
      if (!current || passwordFingerprint(current.passwordHash, current.credentialEpoch) !== claims.fingerprint) throw invalid();
      // Following the link proves the address, so it also counts as verification.
      const updated = (await this.ctx.store.update(tx, claims.userId, { passwordHash, credentialsChanged: true }))!;
      await this.ctx.store.sessions.revokeAllSessions(tx, claims.userId, 'password reset');
      if (!updated.email_verify) {
        const verified = (await this.ctx.store.update(tx, claims.userId, { emailVerify: true }))!;
        await recordUserEvent(tx, 'verified', toUser(verified));
      }
    });
    this.ctx.afterCommit();
  }
}
