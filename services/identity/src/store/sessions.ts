/** Identity's sessions, their refresh tokens (rotated, with reuse detected) and one-time sign-in links. */
import { randomUUID } from 'node:crypto';
import type { Sql, SqlExecutor } from '@taal/kit';
import { recordSessionsRevoked } from '../events/session-events';
import { SCHEMA, COLUMNS, type UserRow } from './user-rows';

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

/** Persistence of sessions, refresh tokens and sign-in links; every query names its schema. */
export class SessionStore {
  /** `findUser`: the users' own lookup (IdentityStore.findById), for the user a claimed token signs in. */
  constructor(
    private readonly sql: Sql,
    private readonly findUser: (id: string, db: SqlExecutor) => Promise<UserRow | null>,
  ) {}

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
    const user = await this.findUser(row.user_id, tx);
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

  /** Ends the session and records it for every verifier (in `tx`, with the outbox event). */
  async revokeSession(tx: SqlExecutor, sessionId: string, reason: string): Promise<void> {
    const { rows } = await tx.query<{ id: string; user_id: string }>(
      `UPDATE identity.sessions SET revoked_at = now(), revoked_reason = $2 WHERE id = $1 AND revoked_at IS NULL RETURNING id, user_id`,
      [sessionId, reason],
    );
    await recordSessionsRevoked(tx, SCHEMA, rows.map((r) => ({ sessionId: r.id, userId: r.user_id })), reason);
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
}
