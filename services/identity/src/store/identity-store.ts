import { randomBytes, randomUUID } from 'node:crypto';
import type { Sql, SqlExecutor } from '@taal/kit';
import { formatStudentId, referralCodeFrom, type LoginProvider } from '../domain/user';
import { COLUMNS, type UserRow, type NewUser, type UserFilter, isUniqueViolation, EmailTakenError } from './user-rows';
import { SessionStore } from './sessions';

/** Persistence of identity's users, every query naming its schema (see ports/sql.ts); their sessions, refresh tokens and sign-in links are `sessions`. */
export class IdentityStore {
  readonly sessions: SessionStore;

  constructor(private readonly sql: Sql) {
    this.sessions = new SessionStore(sql, (id, db) => this.findById(id, db));
  }

  // Lookups: a key with U+0000 matches nothing (PostgreSQL text cannot hold it; sending it is an error).
  async findById(id: string, db: SqlExecutor = this.sql): Promise<UserRow | null> {
    if (id.includes('\u0000')) return null;
    const { rows } = await db.query<UserRow>(`SELECT ${COLUMNS} FROM identity.users WHERE id = $1`, [id]);
    return rows[0] ?? null;
  }

  async findByIds(ids: readonly string[], db: SqlExecutor = this.sql): Promise<UserRow[]> {
    const keys = ids.filter((id) => !id.includes('\u0000'));
    if (keys.length === 0) return [];
    const { rows } = await db.query<UserRow>(`SELECT ${COLUMNS} FROM identity.users WHERE id = ANY($1::text[])`, [keys]);
    return rows;
  }

  async findByEmail(email: string, db: SqlExecutor = this.sql): Promise<UserRow | null> {
    if (email.includes('\u0000')) return null;
    const { rows } = await db.query<UserRow>(`SELECT ${COLUMNS} FROM identity.users WHERE email = $1`, [email]);
    return rows[0] ?? null;
  }

  async findByReferralCode(code: string, db: SqlExecutor = this.sql): Promise<UserRow | null> {
    if (!code || code.includes('\u0000')) return null;
    const { rows } = await db.query<UserRow>(`SELECT ${COLUMNS} FROM identity.users WHERE referral_code = $1`, [code]);
    return rows[0] ?? null;
  }

  async findBySocial(provider: LoginProvider, subject: string, db: SqlExecutor = this.sql): Promise<UserRow | null> {
    const column = provider === 'Google' ? 'google_sub' : 'facebook_id';
    const { rows } = await db.query<UserRow>(`SELECT ${COLUMNS} FROM identity.users WHERE ${column} = $1`, [subject]);
    return rows[0] ?? null;
  }

  async emailExists(email: string): Promise<boolean> {
    const { rowCount } = await this.sql.query(`SELECT 1 FROM identity.users WHERE email = $1`, [email]);
    return rowCount > 0;
  }

  /**
   * Inserts a user with a fresh student id (sequence) and a unique referral code (retried on
   * the rare collision). Throws EmailTakenError when the address is registered already.
   */
  async insertUser(tx: SqlExecutor, user: NewUser): Promise<UserRow> {
    const { rows: seq } = await tx.query<{ n: string }>(`SELECT nextval('identity.student_number_seq')::text AS n`);
    const studentId = formatStudentId(Number(seq[0]!.n));
    for (let attempt = 0; ; attempt++) {
      const referralCode = referralCodeFrom(randomBytes(8));
      try {
        // A savepoint keeps the surrounding transaction usable after a unique violation.
        await tx.query('SAVEPOINT insert_user');
        const { rows } = await tx.query<UserRow>(
          `INSERT INTO identity.users (id, student_id, name, email, password_hash, phone, address, photo, photo_type, dob,
             referral_code, referred_by, email_verify, login_from, google_sub, facebook_id, type, instructor, language,
             guardian_email, guardian_status, guardian_nonce)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22)
           RETURNING ${COLUMNS}`,
          [
            user.id ?? randomUUID(),
            studentId,
            user.name,
            user.email,
            user.passwordHash,
            user.phone ?? '',
            user.address ?? '',
            user.photo ?? '',
            user.photoType ?? '',
            user.dob || null,
            referralCode,
            user.referredBy ?? null,
            user.emailVerify,
            user.loginFrom ?? '',
            user.googleSub ?? null,
            user.facebookId ?? null,
            user.type,
            user.instructor ?? '',
            user.language ?? 'en',
            user.guardian?.email ?? '',
            user.guardian ? 'pending' : '',
            user.guardian?.nonce ?? null,
          ],
        );
        await tx.query('RELEASE SAVEPOINT insert_user');
        return rows[0]!;
      } catch (err) {
        await tx.query('ROLLBACK TO SAVEPOINT insert_user');
        if (isUniqueViolation(err, 'email')) throw new EmailTakenError();
        if (isUniqueViolation(err, 'referral_code') && attempt < 5) continue;
        throw err;
      }
    }
  }

  /** Applies a change to one user and returns the row after it (null when unknown). */
  async update(
    tx: SqlExecutor,
    id: string,
    change: Partial<{
      suspend: boolean;
      emailVerify: boolean;
      passwordHash: string;
      photo: string;
      photoType: string;
      googleSub: string;
      facebookId: string;
      name: string;
      phone: string;
      address: string;
      /** YYYY-MM-DD */
      dob: string;
      /**
       * A password change, a reset or a suspension: the credential epoch goes up, so every link
       * mailed before (sign-in, password reset) stops working (decision 0039).
       */
      credentialsChanged: boolean;
    }>,
  ): Promise<UserRow | null> {
    const { rows } = await tx.query<UserRow>(
      `UPDATE identity.users SET
          suspend = coalesce($2, suspend),
          email_verify = coalesce($3, email_verify),
          password_hash = coalesce($4, password_hash),
          photo = coalesce($5, photo),
          photo_type = coalesce($6, photo_type),
          google_sub = coalesce($7, google_sub),
          facebook_id = coalesce($8, facebook_id),
          name = coalesce($9, name),
          phone = coalesce($10, phone),
          address = coalesce($11, address),
          dob = coalesce($12::date, dob),
          credential_epoch = credential_epoch + CASE WHEN $13::boolean THEN 1 ELSE 0 END
        WHERE id = $1
        RETURNING ${COLUMNS}`,
      [
        id,
        change.suspend ?? null,
        change.emailVerify ?? null,
        change.passwordHash ?? null,
        change.photo ?? null,
        change.photoType ?? null,
        change.googleSub ?? null,
        change.facebookId ?? null,
        change.name ?? null,
        change.phone ?? null,
        change.address ?? null,
        change.dob ?? null,
        change.credentialsChanged ?? false,
      ],
    );
    return rows[0] ?? null;
  }

  /**
   * Approves a pending student once (decision 0047): only while the link's nonce is the stored one,
   * which is then cleared. Null when nothing changed (the row says why: approved before, or no such link).
   */
  async approveGuardian(tx: SqlExecutor, id: string, nonce: string, guardianEmail: string): Promise<UserRow | null> {
    const { rows } = await tx.query<UserRow>(
      `UPDATE identity.users SET guardian_status = 'approved', guardian_nonce = NULL, guardian_approved_at = now()
        WHERE id = $1 AND guardian_status = 'pending' AND guardian_nonce = $2 AND guardian_email = $3
        RETURNING ${COLUMNS}`,
      [id, nonce, guardianEmail],
    );
    return rows[0] ?? null;
  }

  async listUsers(filter: UserFilter): Promise<UserRow[]> {
    const { rows } = await this.sql.query<UserRow>(
      `SELECT ${COLUMNS} FROM identity.users
        WHERE ($1::int IS NULL OR type = $1)
          AND (NOT $2 OR subscriber)
          AND (NOT $3 OR login_from <> '')
          AND ($4::timestamptz IS NULL OR created_at >= $4)
          AND ($5::timestamptz IS NULL OR created_at < $5)
        ORDER BY created_at DESC, id`,
      [
        filter.type || null,
        filter.subscribersOnly ?? false,
        filter.socialOnly ?? false,
        filter.createdFrom?.toISOString() ?? null,
        filter.createdBefore?.toISOString() ?? null,
      ],
    );
    return rows;
  }

  /**
   * Removes unverified self sign-ups (students who signed up with a password and never
   * verified) created before `createdBefore`, at most `limit` per call, with their sessions;
   * users they referred keep their accounts (referredBy cleared). Returns the removed users'
   * ids and photo keys; the caller deletes the photos after the commit.
   */
  async deleteStaleUnverified(createdBefore: Date, limit: number): Promise<{ id: string; photo: string }[]> {
    return this.sql.transaction(async (tx) => {
      const { rows: stale } = await tx.query<{ id: string }>(
        `SELECT id FROM identity.users
          WHERE NOT email_verify AND login_from = '' AND type = 4 AND created_at < $1
          ORDER BY created_at LIMIT $2
          FOR UPDATE SKIP LOCKED`,
        [createdBefore.toISOString(), limit],
      );
      if (stale.length === 0) return [];
      const ids = stale.map((r) => r.id);
      await tx.query(`UPDATE identity.users SET referred_by = NULL WHERE referred_by = ANY($1::text[])`, [ids]);
      await tx.query(
        `DELETE FROM identity.refresh_tokens WHERE session_id IN (SELECT id FROM identity.sessions WHERE user_id = ANY($1::text[]))`,
        [ids],
      );
      await tx.query(`DELETE FROM identity.sessions WHERE user_id = ANY($1::text[])`, [ids]);
      const { rows } = await tx.query<{ id: string; photo: string }>(
        `DELETE FROM identity.users WHERE id = ANY($1::text[]) AND NOT email_verify RETURNING id, photo`,
        [ids],
      );
      return rows;
    });
  }

  /** Locks the user's row for the rest of the transaction and reads the password hash and credential epoch (null: no user). */
  async lockPasswordHash(tx: SqlExecutor, userId: string): Promise<{ passwordHash: string | null; credentialEpoch: number } | null> {
    const { rows } = await tx.query<{ password_hash: string | null; credential_epoch: number }>(
      'SELECT password_hash, credential_epoch FROM identity.users WHERE id = $1 FOR UPDATE',
      [userId],
    );
    return rows[0] ? { passwordHash: rows[0].password_hash, credentialEpoch: Number(rows[0].credential_epoch) } : null;
  }

  /** Runs fn once per database: true when it ran (demo accounts). */
  async seedOnce(fn: (tx: SqlExecutor) => Promise<void>): Promise<boolean> {
    return this.sql.transaction(async (tx) => {
      await tx.query(`SELECT pg_advisory_xact_lock(hashtext('identity.demo_seed'))`);
      const seeded = await tx.query(`SELECT 1 FROM identity.demo_seed LIMIT 1`);
      if (seeded.rowCount > 0) return false;
      await fn(tx);
      await tx.query(`INSERT INTO identity.demo_seed DEFAULT VALUES`);
      return true;
    });
  }
}
