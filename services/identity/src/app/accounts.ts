/** Sign-up, verification and staff accounts. */
import { randomBytes, randomUUID } from 'node:crypto';
import { ageRule, normalisePhone, requestMail, todayInDhaka, type identityV1, type RefusalKey } from '@taal/contracts';
import { createEnvelope, enqueueEvent, NotAnImageError, reencodeImage, refuse, refuseFields, type EventEnvelope } from '@taal/kit';
import { hashPassword, verifyPassword } from '../domain/password';
import {
  AccountFieldLimits,
  isEmail,
  MIN_PASSWORD_LENGTH,
  normaliseEmail,
  normaliseReferralCode,
  PHOTO_RULES,
  reencodedPhotoKey,
  UserRoles,
  validateCreateAccount,
  validateInstructorAccount,
  validateProfileDetails,
  validateSignUp,
  type UserRole,
} from '../domain/user';
import type { DemoAccount } from '../domain/demo-accounts';
import { dobChange } from '../domain/date-of-birth';
import { recordUserEvent } from '../events/user-events';
import { setFirstDob } from '../store/date-of-birth';
import { EmailTakenError, SCHEMA, toUser, type NewUser, type UserRow } from '../store/user-rows';
import type { IdentityContext } from './context';
import { validationError } from './errors';

type User = identityV1.User;

export class Accounts {
  constructor(private readonly ctx: IdentityContext) {}

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
      guardianEmail: req.guardianEmail,
    });
    if (!check.ok) throw validationError(check);
    const email = normaliseEmail(req.email);
    // 13 to 17 on the day of sign-up (checked above): the account waits for the guardian (decision 0047).
    const guardian = ageRule(req.dob.trim(), todayInDhaka()) === 'guardian' ? { email: normaliseEmail(req.guardianEmail), nonce: randomBytes(16).toString('base64url') } : undefined;
    if (await this.ctx.store.emailExists(email)) throw refuse('EMAIL_TAKEN');

    const referrer = await this.ctx.store.findByReferralCode(normaliseReferralCode(req.referCode));
    const passwordHash = await hashPassword(req.password);
    const id = randomUUID();
    const { data, contentType, extension } = image!;
    const photoKey = reencodedPhotoKey(id, randomBytes(4).toString('hex'), extension);
    await this.ctx.files.put(photoKey, data, contentType);
    let row: UserRow;
    try {
      row = await this.createUser({
        id,
        name: req.name.trim(),
        email,
        passwordHash,
        phone: normalisePhone(req.phone),
        address: req.address.trim(),
        photo: photoKey,
        photoType: contentType,
        dob: req.dob.trim(),
        referredBy: referrer?.id ?? null,
        emailVerify: false,
        type: UserRoles.student,
        language: req.language === 'bn' ? 'bn' : 'en',
        guardian,
      }, { verificationMail: true });
    } catch (err) {
      await this.ctx.files.delete(photoKey).catch(() => {});
      if (err instanceof EmailTakenError) throw refuse('EMAIL_TAKEN');
      throw err;
    }
    return toUser(row);
  }

  /**
   * Inserts the user and records identity.user.registered in one transaction, with the request
   * for the verification mail when asked (messaging sends it; decision 0023).
   */
  async createUser(user: NewUser, options: { verificationMail?: boolean } = {}): Promise<UserRow> {
    const id = user.id ?? randomUUID();
    const mail = options.verificationMail ? await this.verificationMailEvent({ id, email: user.email, name: user.name, language: user.language ?? 'en' }) : null;
    const guardianMail = user.guardian
      ? await this.guardianMailEvent({ id, email: user.email, name: user.name, language: user.language ?? 'en', guardian_email: user.guardian.email, guardian_nonce: user.guardian.nonce })
      : null;
    const row = await this.ctx.sql.transaction(async (tx) => {
      const inserted = await this.ctx.store.insertUser(tx, { ...user, id });
      await recordUserEvent(tx, 'registered', toUser(inserted));
      if (mail) await enqueueEvent(tx, SCHEMA, mail);
      if (guardianMail) await enqueueEvent(tx, SCHEMA, guardianMail);
      return inserted;
    });
    this.ctx.afterCommit();
    return row;
  }

  async checkEmail(email: string): Promise<boolean> {
    const normalised = normaliseEmail(email ?? '');
    return isEmail(normalised) && this.ctx.store.emailExists(normalised);
  }

  verificationLink(token: string): string {
    // The storefront page, which calls GET /api/v1/user/verify-email/{token} and offers login.
    return `${this.ctx.publicUrl()}/verify-email/${token}`;
  }

  /** `messaging.mail.requested` for a verification mail with a fresh link (each request its own mail). */
  private async verificationMailEvent(user: { id: string; email: string; name: string; language: string }): Promise<EventEnvelope> {
    const link = this.verificationLink(await this.ctx.signer.verifyEmailToken(user.id, user.email));
    return createEnvelope(requestMail('verification', `verification:${user.id}:${randomUUID()}`, { to: user.email, name: user.name, language: user.language }, { link }));
  }

  guardianLink(token: string): string {
    // The storefront page, which calls GET /api/v1/user/guardian-approval/{token} and says what happened.
    return `${this.ctx.publicUrl()}/guardian-approval/${token}`;
  }

  /** `messaging.mail.requested` to the guardian with a fresh link (the same nonce: whichever link is opened first approves). */
  private async guardianMailEvent(user: { id: string; email: string; name: string; language: string; guardian_email: string; guardian_nonce: string }): Promise<EventEnvelope> {
    const link = this.guardianLink(await this.ctx.signer.guardianApprovalToken(user.id, user.guardian_email, user.guardian_nonce));
    return createEnvelope(
      requestMail(
        'guardianApproval',
        `guardian:${user.id}:${randomUUID()}`,
        { to: user.guardian_email, name: '', language: user.language },
        { name: '', student: user.name, studentEmail: user.email, link },
      ),
    );
  }

  /**
   * The guardian's link (decision 0047): approves the pending student once. A link already used
   * (the account approved) is GUARDIAN_LINK_USED; anything else not valid now is GUARDIAN_LINK_INVALID.
   */
  async confirmGuardian(token: string): Promise<User> {
    const claims = await this.ctx.signer.verifyGuardianApprovalToken(token);
    if (!claims) throw refuse('GUARDIAN_LINK_INVALID');
    const approved = await this.ctx.sql.transaction((tx) => this.ctx.store.approveGuardian(tx, claims.userId, claims.nonce, claims.guardianEmail));
    if (approved) return toUser(approved);
    const user = await this.ctx.store.findById(claims.userId);
    if (user && user.guardian_status === 'approved' && user.guardian_email === claims.guardianEmail) throw refuse('GUARDIAN_LINK_USED');
    throw refuse('GUARDIAN_LINK_INVALID');
  }

  /** The student's own "send the guardian mail again": nothing is sent unless approval is pending. */
  async resendGuardianMail(userId: string): Promise<void> {
    const row = await this.ctx.store.findById(userId);
    if (!row) throw refuse('USER_NOT_FOUND');
    if (row.guardian_status !== 'pending' || !row.guardian_nonce) return;
    const mail = await this.guardianMailEvent({ ...row, guardian_nonce: row.guardian_nonce });
    await this.ctx.sql.transaction((tx) => enqueueEvent(tx, SCHEMA, mail));
    this.ctx.afterCommit();
  }

  async verifyEmail(token: string): Promise<User> {
    const claims = await this.ctx.signer.verifyVerifyEmailToken(token);
    const invalid = () => refuse('VERIFY_LINK_INVALID');
    if (!claims) throw invalid();
    const user = await this.ctx.store.findById(claims.userId);
    if (!user || user.email !== claims.email) throw invalid();
    return this.markVerified(user);
  }

  async markVerified(user: UserRow): Promise<User> {
    if (user.email_verify) return toUser(user);
    const updated = await this.ctx.sql.transaction(async (tx) => {
      const row = (await this.ctx.store.update(tx, user.id, { emailVerify: true }))!;
      await recordUserEvent(tx, 'verified', toUser(row));
      return row;
    });
    this.ctx.afterCommit();
    return toUser(updated);
  }

  /**
   * `user` is a user id or an e-mail address. Already verified users get no mail. An unknown
   * user gets the same answer as a known one, so the call does not tell which addresses exist.
   */
  async resendVerification(user: string): Promise<void> {
    const key = (user ?? '').trim();
    if (!key) throw refuse('ANY_FIELD_MISSING');
    const row = key.includes('@') ? await this.ctx.store.findByEmail(normaliseEmail(key)) : await this.ctx.store.findById(key);
    if (!row || row.email_verify) return;
    const mail = await this.verificationMailEvent({ id: row.id, email: row.email, name: row.name, language: row.language });
    await this.ctx.sql.transaction((tx) => enqueueEvent(tx, SCHEMA, mail));
    this.ctx.afterCommit();
  }

  /**
   * The caller's own profile (the Profile tab; the e-mail never changes here): name, phone,
   * address and date of birth, each checked with its sign-up rule when given (the date of birth
   * only once, under the age rule: decision 0077), and/or a new
   * password and/or photo. The new photo is stored before the row changes and the old one
   * deleted after; a failed update deletes the new one again. A new password needs the current
   * one (a stolen access token alone cannot take the account over; an account without a password
   * sets one through a mailed reset link), ends every other session of the user (a stolen refresh
   * token dies with it; `sessionId`, the session that made the change, stays) and every mailed
   * link (decision 0039).
   */
  async updateProfile(userId: string, req: identityV1.UpdateProfileRequest, sessionId?: string): Promise<User> {
    const password = req.password ?? '';
    const currentPassword = req.currentPassword ?? '';
    const photo = req.photo ?? new Uint8Array();
    const details = { name: req.name, phone: req.phone, address: req.address, dob: req.dob };
    const hasDetails = Object.values(details).some((v) => v !== undefined);
    const failed = (field: string, key: RefusalKey) => refuseFields({ [field]: key }, 'PROFILE_UPDATE_FAILED');
    // Nothing to change is its own answer, not a failed update (issue 40).
    if (!password && photo.length === 0 && !hasDetails) throw refuse('NOTHING_TO_UPDATE');
    const check = validateProfileDetails(details);
    if (!check.ok) throw refuseFields(check.fields, 'PROFILE_UPDATE_FAILED');
    if (password && password.length < MIN_PASSWORD_LENGTH) throw failed('password', 'PASSWORD_TOO_SHORT');
    if (password.length > AccountFieldLimits.password) throw failed('password', 'PASSWORD_TOO_LONG');
    const image = photo.length > 0 ? await reencodeImage(photo, PHOTO_RULES).catch(notAnImage) : null;
    if (photo.length > 0 && !image) throw failed('photo', 'PHOTO_NOT_IMAGE');
    const before = await this.ctx.store.findById(userId);
    if (!before) throw refuse('USER_NOT_FOUND');
    // The date of birth is given once, under the age rule (decision 0077).
    const dob = dobChange({ dob: details.dob, guardianEmail: req.guardianEmail }, before.dob ?? '', before.email, todayInDhaka());
    if ('key' in dob) throw refuseFields({ [dob.field]: dob.key }, dob.key);
    const guardian = dob.kind === 'first' && dob.guardianEmail ? { email: dob.guardianEmail, nonce: randomBytes(16).toString('base64url') } : undefined;
    const guardianMail = guardian
      ? await this.guardianMailEvent({ id: userId, email: before.email, name: details.name?.trim() || before.name, language: before.language || 'en', guardian_email: guardian.email, guardian_nonce: guardian.nonce })
      : null;
    if (password) await this.checkCurrentPassword(before, currentPassword);
    const passwordHash = password ? await hashPassword(password) : undefined;
    const photoKey = image ? reencodedPhotoKey(userId, randomBytes(4).toString('hex'), image.extension) : undefined;
    if (image) await this.ctx.files.put(photoKey!, image.data, image.contentType);
    let updated: UserRow | null;
    try {
      updated = await this.ctx.sql.transaction(async (tx) => {
        // The password checked above is still the one stored (no change or reset meanwhile).
        if (passwordHash && (await this.ctx.store.lockPasswordHash(tx, userId))?.passwordHash !== before.password_hash) throw wrongCurrentPassword();
        const row = await this.ctx.store.update(tx, userId, {
          passwordHash,
          credentialsChanged: passwordHash !== undefined,
          photo: photoKey,
          photoType: image?.contentType,
          name: details.name?.trim(),
          phone: details.phone === undefined ? undefined : normalisePhone(details.phone),
          address: details.address?.trim(),
        });
        if (passwordHash) await this.ctx.store.sessions.revokeAllSessions(tx, userId, 'password changed', sessionId);
        if (dob.kind !== 'first') return row;
        // Only while none is stored: a parallel request that set one first wins, this one is refused.
        const dated = await setFirstDob(tx, userId, dob.dob, guardian);
        if (!dated) throw refuseFields({ dob: 'DOB_LOCKED' }, 'DOB_LOCKED');
        if (guardianMail) await enqueueEvent(tx, SCHEMA, guardianMail);
        return dated;
      });
    } catch (err) {
      if (photoKey) await this.ctx.files.delete(photoKey).catch(() => {});
      throw err;
    }
    if (guardianMail) this.ctx.afterCommit();
    if (photoKey && before.photo && before.photo !== photoKey) await this.ctx.files.delete(before.photo).catch(() => {});
    return toUser(updated!);
  }

  /** A new password needs the one the user has now; refused without it or with another (403, the edge counts wrong ones as failed logins). */
  private async checkCurrentPassword(user: UserRow, currentPassword: string): Promise<void> {
    if (!user.password_hash) throw refuseFields({ currentPassword: 'PASSWORD_SET_BY_MAIL' }, 'PASSWORD_SET_BY_MAIL');
    if (!currentPassword) throw refuseFields({ currentPassword: 'CURRENT_PASSWORD_REQUIRED' }, 'CURRENT_PASSWORD_REQUIRED');
    if (currentPassword.length > AccountFieldLimits.password || !(await verifyPassword(currentPassword, user.password_hash))) throw wrongCurrentPassword();
  }

  /** Admin or content-uploader accounts; the admin vouches for the address, so it counts as verified. */
  async createAccount(req: identityV1.CreateAccountRequest): Promise<User> {
    const check = validateCreateAccount({ name: req.name, email: req.email, password: req.password, type: req.type, instructor: req.instructor });
    if (!check.ok) throw validationError(check);
    return this.createStaffAccount(req.name, req.email, req.password, req.type as UserRole, req.instructor, true);
  }

  /** Instructor accounts (type 3) must verify their address: a verification mail goes out. */
  async createInstructorAccount(req: identityV1.CreateInstructorAccountRequest): Promise<User> {
    const check = validateInstructorAccount({ name: req.name, email: req.email, password: req.password, instructor: req.instructor });
    if (!check.ok) throw validationError(check);
    const user = await this.createStaffAccount(req.name, req.email, req.password, UserRoles.instructor, req.instructor, false);
    return user;
  }

  private async createStaffAccount(
    name: string,
    emailInput: string,
    password: string,
    type: UserRole,
    instructor: string,
    verified: boolean,
  ): Promise<User> {
    const email = normaliseEmail(emailInput);
    if (await this.ctx.store.emailExists(email)) throw refuse('EMAIL_EXISTS');
    const passwordHash = await hashPassword(password);
    let row: UserRow;
    try {
      row = await this.createUser({ name: name.trim(), email, passwordHash, emailVerify: verified, type, instructor: instructor.trim() }, { verificationMail: !verified });
    } catch (err) {
      if (err instanceof EmailTakenError) throw refuse('EMAIL_EXISTS');
      throw err;
    }
    return toUser(row);
  }

  async seedDemoAccounts(accounts: readonly DemoAccount[]): Promise<boolean> {
    const hashes = await Promise.all(accounts.map((a) => hashPassword(a.password)));
    const seeded = await this.ctx.store.seedOnce(async (tx) => {
      for (const [i, a] of accounts.entries()) {
        if (await this.ctx.store.findByEmail(a.email, tx)) continue;
        const row = await this.ctx.store.insertUser(tx, { ...a, passwordHash: hashes[i]!, emailVerify: true });
        await recordUserEvent(tx, 'registered', toUser(row));
      }
    });
    if (seeded) this.ctx.afterCommit();
    return seeded;
  }

  /**
   * Removes unverified self sign-ups older than `days` (created before now − days), in
   * batches, with their sessions, then deletes their photos. Returns how many were removed.
   */
  async removeStaleUnverifiedAccounts(days: number, now: Date = new Date()): Promise<number> {
    const cutoff = new Date(now.getTime() - days * 86_400_000);
    let removed = 0;
    for (;;) {
      const batch = await this.ctx.store.deleteStaleUnverified(cutoff, 100);
      for (const user of batch) {
        if (!user.photo) continue;
        await this.ctx.files.delete(user.photo).catch((err: unknown) => {
          this.ctx.logger.warn({ err, userId: user.id, key: user.photo }, 'could not delete the photo of a removed account');
        });
      }
      removed += batch.length;
      if (batch.length < 100) break;
    }
    if (removed > 0) this.ctx.logger.info({ removed, days }, 'removed stale unverified accounts');
    return removed;
  }
}

const wrongCurrentPassword = () => refuseFields({ currentPassword: 'CURRENT_PASSWORD_WRONG' }, 'CURRENT_PASSWORD_WRONG');

/** A photo that does not decode is answered like a missing field's image message. */
function notAnImage(err: unknown): null {
  if (err instanceof NotAnImageError) return null;
  throw err;
}
