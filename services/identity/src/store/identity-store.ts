import { randomBytes, randomUUID } from 'node:crypto';
import type { Sql, SqlExecutor } from '@taal/kit';
import type { identityV1 } from '@taal/contracts';
import { formatStudentId, referralCodeFrom, type LoginProvider, type UserRole } from '../domain/user';
import { recordSessionsRevoked } from '../events/session-events';

export const SCHEMA = 'identity';

type User = identityV1.User;

export interface UserRow {
  id: string;
  student_id: string;
  name: string;
  email: string;
  password_hash: string | null;
  phone: string;
  address: string;
  photo: string;
  photo_type: string;
  dob: string | null;
  referral_code: string;
  referred_by: string | null;
  pending_balance: string;
  balance: string;
  subscriber: boolean;
  suspend: boolean;
  email_verify: boolean;
  first_purchase: boolean;
  login_from: string;
  google_sub: string | null;
  facebook_id: string | null;
  type: number;
  instructor: string;
  language: string;
  /** One more with each password change, reset and suspension: mailed links carry it (decision 0039). */
  credential_epoch: number;
  /** The age rule (decision 0047): '' (no guardian needed), 'pending' or 'approved'. */
  guardian_email: string;
  guardian_status: '' | 'pending' | 'approved';
  /** Carried by the guardian's link; cleared when the link is used (single use). */
  guardian_nonce: string | null;
  created_at: Date;
}

/** Every column, with the date of birth as text (pg would turn a `date` into a local-midnight Date). */
const COLUMNS = `id, student_id, name, email, password_hash, phone, address, photo, photo_type, dob::text AS dob,
  referral_code, referred_by, pending_balance, balance, subscriber, suspend, email_verify, first_purchase,
  login_from, google_sub, facebook_id, type, instructor, language, credential_epoch, guardian_email, guardian_status, guardian_nonce, created_at`;

// bigint columns come back from pg as strings; poisha amounts stay far below 2^53.
export function toUser(row: UserRow): User {
  return {
    id: row.id,
    studentId: row.student_id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    address: row.address,
    photo: row.photo,
    dob: row.dob ?? '',
    referralCode: row.referral_code,
    referredBy: row.referred_by ?? '',
    pendingBalance: Number(row.pending_balance),
    balance: Number(row.balance),
    subscriber: row.subscriber,
    suspend: row.suspend,
    emailVerify: row.email_verify,
    firstPurchase: row.first_purchase,
    loginFrom: row.login_from,
    type: Number(row.type),
    instructor: row.instructor,
    createdAt: row.created_at.toISOString(),
    language: row.language,
    guardianStatus: row.guardian_status ?? '',
    guardianEmail: row.guardian_email ?? '',
  };
}

export interface NewUser {
  id?: string;
  name: string;
  email: string;
  passwordHash: string | null;
  phone?: string;
  address?: string;
  photo?: string;
  photoType?: string;
  dob?: string | null;
  referredBy?: string | null;
  emailVerify: boolean;
  loginFrom?: LoginProvider | '';
  googleSub?: string | null;
  facebookId?: string | null;
  type: UserRole;
  instructor?: string;
  /** en or bn (default en). */
  language?: 'en' | 'bn';
  /** A 13-17-year-old's guardian (decision 0047): the account starts pending with this link nonce. */
  guardian?: { email: string; nonce: string };
}

export interface SessionState {
  userId: string;
  type: number;
  suspend: boolean;
  revoked: boolean;
}

export interface RefreshTokenState {
  expired: boolean;
  used: boolean;
  /** Milliseconds since the token was rotated (used); null when it was not. */
  usedMsAgo: number | null;
  successorHash: string | null;
  successorSealed: string | null;
}

export interface ClaimedRefreshToken extends RefreshTokenState {
  sessionId: string;
  revoked: boolean;
  user: UserRow;
}

interface RefreshTokenRow {
  expired: boolean;
  used_ms_ago: string | number | null;
  successor_hash: string | null;
  successor_sealed: string | null;
}

const REFRESH_STATE = `t.expires_at <= now() AS expired, (extract(epoch FROM (now() - t.used_at)) * 1000)::float8 AS used_ms_ago,
  t.successor_hash, t.successor_sealed`;

function toRefreshState(row: RefreshTokenRow): RefreshTokenState {
  const usedMsAgo = row.used_ms_ago === null ? null : Number(row.used_ms_ago);
  return {
    expired: row.expired,
    used: usedMsAgo !== null,
    usedMsAgo,
    successorHash: row.successor_hash,
    successorSealed: row.successor_sealed,
  };
}

export interface UserFilter {
  type?: number;
  subscribersOnly?: boolean;
  socialOnly?: boolean;
  createdFrom?: Date;
  createdBefore?: Date;
}

const isUniqueViolation = (err: unknown, constraint: string) =>
  (err as { code?: string; constraint?: string } | null)?.code === '23505' &&
  ((err as { constraint?: string }).constraint ?? '').includes(constraint);

/** Thrown by insertUser when the address is already registered. */
export class EmailTakenError extends Error {
  constructor() {
    super('email already registered');
  }
}

/** Persistence of identity; every query names its schema (see ports/sql.ts). */
export class IdentityStore {
  constructor(private readonly sql: Sql) {}

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

  // Sessions and refresh tokens.

  async createSession(tx: SqlExecutor, userId: string): Promise<string> {
    const id = randomUUID();
    await tx.query(`INSERT INTO identity.sessions (id, user_id) VALUES ($1, $2)`, [id, userId]);
    return id;
  }

  async addRefreshToken(tx: SqlExecutor, sessionId: string, tokenHash: string, expiresAt: Date): Promise<void> {
    await tx.query(`INSERT INTO identity.refresh_tokens (token_hash, session_id, expires_at) VALUES ($1, $2, $3)`, [
      tokenHash,
      sessionId,
      expiresAt.toISOString(),
    ]);
  }

  /** Locks and returns a refresh token with its session and user, or null when unknown. */
  async claimRefreshToken(tx: SqlExecutor, tokenHash: string): Promise<ClaimedRefreshToken | null> {
    const { rows } = await tx.query<RefreshTokenRow & { session_id: string; revoked: boolean; user_id: string }>(
      `SELECT t.session_id, ${REFRESH_STATE}, s.revoked_at IS NOT NULL AS revoked, s.user_id
         FROM identity.refresh_tokens t JOIN identity.sessions s ON s.id = t.session_id
        WHERE t.token_hash = $1
        FOR UPDATE OF t, s`,
      [tokenHash],
    );
    const row = rows[0];
    if (!row) return null;
    const user = await this.findById(row.user_id, tx);
    if (!user) return null;
    return { ...toRefreshState(row), sessionId: row.session_id, revoked: row.revoked, user };
  }

  /**
   * A refresh token of `sessionId`, read without a lock: callers hold the session row's
   * lock (claimRefreshToken), so no other rotation of the session can commit meanwhile.
   */
  async refreshTokenState(tx: SqlExecutor, tokenHash: string, sessionId: string): Promise<RefreshTokenState | null> {
    const { rows } = await tx.query<RefreshTokenRow>(
      `SELECT ${REFRESH_STATE} FROM identity.refresh_tokens t WHERE t.token_hash = $1 AND t.session_id = $2`,
      [tokenHash, sessionId],
    );
    return rows[0] ? toRefreshState(rows[0]) : null;
  }

  /** Marks a token rotated now, keeping a pointer to its successor and the sealed successor. */
  async markRefreshTokenUsed(tx: SqlExecutor, tokenHash: string, successorHash: string, successorSealed: string): Promise<void> {
    await tx.query(
      `UPDATE identity.refresh_tokens SET used_at = now(), successor_hash = $2, successor_sealed = $3 WHERE token_hash = $1`,
      [tokenHash, successorHash, successorSealed],
    );
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

  /** Ends the session and records it for every verifier (in `tx`, with the outbox event). */
  async revokeSession(tx: SqlExecutor, sessionId: string, reason: string): Promise<void> {
    const { rows } = await tx.query<{ id: string; user_id: string }>(
      `UPDATE identity.sessions SET revoked_at = now(), revoked_reason = $2 WHERE id = $1 AND revoked_at IS NULL RETURNING id, user_id`,
      [sessionId, reason],
    );
    await recordSessionsRevoked(tx, SCHEMA, rows.map((r) => ({ sessionId: r.id, userId: r.user_id })), reason);
  }

  /** Locks the user's row for the rest of the transaction and reads the password hash and credential epoch (null: no user). */
  async lockPasswordHash(tx: SqlExecutor, userId: string): Promise<{ passwordHash: string | null; credentialEpoch: number } | null> {
    const { rows } = await tx.query<{ password_hash: string | null; credential_epoch: number }>(
      'SELECT password_hash, credential_epoch FROM identity.users WHERE id = $1 FOR UPDATE',
      [userId],
    );
    return rows[0] ? { passwordHash: rows[0].password_hash, credentialEpoch: Number(rows[0].credential_epoch) } : null;
  }

  /** Ends every live session of the user, but `exceptSessionId` when given (the one that changed the password). */
  async revokeAllSessions(tx: SqlExecutor, userId: string, reason: string, exceptSessionId?: string): Promise<void> {
    const { rows } = await tx.query<{ id: string }>(
      `UPDATE identity.sessions SET revoked_at = now(), revoked_reason = $2
        WHERE user_id = $1 AND revoked_at IS NULL AND id IS DISTINCT FROM $3 RETURNING id`,
      [userId, reason, exceptSessionId ?? null],
    );
    await recordSessionsRevoked(tx, SCHEMA, rows.map((r) => ({ sessionId: r.id, userId })), reason);
  }

  async sessionIdOfRefreshToken(tokenHash: string): Promise<string | null> {
    const { rows } = await this.sql.query<{ session_id: string }>(
      `SELECT session_id FROM identity.refresh_tokens WHERE token_hash = $1`,
      [tokenHash],
    );
    return rows[0]?.session_id ?? null;
  }

  /** What a protected request needs to know, in one indexed query. */
  async sessionState(sessionId: string, userId: string): Promise<SessionState | null> {
    const { rows } = await this.sql.query<{ type: number; suspend: boolean; revoked: boolean }>(
      `SELECT u.type, u.suspend, s.revoked_at IS NOT NULL AS revoked
         FROM identity.sessions s JOIN identity.users u ON u.id = s.user_id
        WHERE s.id = $1 AND s.user_id = $2`,
      [sessionId, userId],
    );
    const row = rows[0];
    return row ? { userId, type: Number(row.type), suspend: row.suspend, revoked: row.revoked } : null;
  }

  // One-time sign-in links.

  /**
   * Stores a link of a user who is not suspended, under the user's credential epoch as this
   * statement reads it (a change committed later makes the link useless). False: no link (the
   * user is unknown or suspended by now).
   */
  async addSignInLink(tx: SqlExecutor, userId: string, tokenHash: string, expiresAt: Date): Promise<boolean> {
    const { rowCount } = await tx.query(
      `INSERT INTO identity.sign_in_links (token_hash, user_id, expires_at, credential_epoch)
       SELECT $1, id, $3, credential_epoch FROM identity.users WHERE id = $2 AND NOT suspend`,
      [tokenHash, userId, expiresAt.toISOString()],
    );
    return rowCount > 0;
  }

  /**
   * Uses a live link (one atomic update: two clicks at once cannot both win) issued under the
   * user's current credential epoch; the user's row, locked for the rest of the transaction, or
   * null. The user is locked before the link, as a password change, reset or suspension locks
   * them (updating the row) before ending sessions: a change waits for this sign-in to commit and
   * then ends its session too, or this sign-in waits for the change and finds the epoch moved on.
   */
  async useSignInLink(tx: SqlExecutor, tokenHash: string): Promise<UserRow | null> {
    const { rows: links } = await tx.query<{ user_id: string }>(`SELECT user_id FROM identity.sign_in_links WHERE token_hash = $1`, [tokenHash]);
    if (!links[0]) return null;
    const { rows: users } = await tx.query<UserRow>(`SELECT ${COLUMNS} FROM identity.users WHERE id = $1 FOR UPDATE`, [links[0].user_id]);
    const user = users[0];
    if (!user) return null;
    const { rowCount } = await tx.query(
      `UPDATE identity.sign_in_links SET used_at = now()
        WHERE token_hash = $1 AND user_id = $2 AND used_at IS NULL AND expires_at > now() AND credential_epoch = $3`,
      [tokenHash, user.id, user.credential_epoch],
    );
    return rowCount > 0 ? user : null;
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
