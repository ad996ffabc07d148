/** Referrals (a promised bonus per referred student, pending until their first paid order) and the mailboxes that refuse a second account's. */
import type { commerceV1 } from '@taal/contracts';
import type { Sql, SqlExecutor } from '@taal/kit';
import { iso, money } from './schema';

/** Referrals' and mailboxes' SQL (`commerce.referral`, `commerce.account_mailbox`). */
export class ReferralStore {
  constructor(private readonly sql: Sql) {}

  /** Keeps an account's mailbox (normalised address), the one identity registered. */
  async recordMailbox(tx: SqlExecutor, userId: string, mailbox: string): Promise<void> {
    await tx.query(
      `INSERT INTO commerce.account_mailbox (user_id, mailbox) VALUES ($1, $2) ON CONFLICT (user_id) DO UPDATE SET mailbox = EXCLUDED.mailbox`,
      [userId, mailbox],
    );
  }

  /** An account's mailbox; '' when its sign-up has not been seen. */
  async mailboxOf(tx: SqlExecutor, userId: string): Promise<string> {
    const { rows } = await tx.query<{ mailbox: string }>(`SELECT mailbox FROM commerce.account_mailbox WHERE user_id = $1`, [userId]);
    return rows[0]?.mailbox ?? '';
  }

  /** Whether an account other than `userId` has this mailbox. */
  async mailboxKnown(tx: SqlExecutor, mailbox: string, userId: string): Promise<boolean> {
    if (!mailbox) return false;
    const { rows } = await tx.query(`SELECT 1 FROM commerce.account_mailbox WHERE mailbox = $1 AND user_id <> $2 LIMIT 1`, [mailbox, userId]);
    return rows.length > 0;
  }

  /**
   * Records a referral once per referred student: pending (a promised bonus) or refused with its
   * reason. False when one was recorded before, or when another account of the same mailbox holds
   * a pending or credited one (the unique index decides, so concurrent sign-ups cannot both win).
   */
  async insertReferral(
    tx: SqlExecutor,
    r: { referredId: string; referrerId: string; referredName: string; referredMailbox: string; amount: number; refusedReason: string | null },
  ): Promise<boolean> {
    const { rowCount } = await tx.query(
      `INSERT INTO commerce.referral (referred_id, referrer_id, referred_name, referred_mailbox, amount, status, refused_reason)
        VALUES ($1, $2, $3, NULLIF($4, ''), $5, $6, $7) ON CONFLICT DO NOTHING`,
      [r.referredId, r.referrerId, r.referredName, r.referredMailbox, r.amount, r.refusedReason ? 'refused' : 'pending', r.refusedReason],
    );
    return rowCount > 0;
  }

  /** Whether a referral (of any status) was recorded for this referred student. */
  async hasReferral(tx: SqlExecutor, referredId: string): Promise<boolean> {
    const { rows } = await tx.query(`SELECT 1 FROM commerce.referral WHERE referred_id = $1`, [referredId]);
    return rows.length > 0;
  }

  /** The referred student's pending referral, locked (null: none pending). */
  async lockPendingReferral(tx: SqlExecutor, referredId: string): Promise<{ referrerId: string; amount: number; referredMailbox: string } | null> {
    const { rows } = await tx.query<{ referrer_id: string; amount: string; referred_mailbox: string | null }>(
      `SELECT referrer_id, amount, referred_mailbox FROM commerce.referral WHERE referred_id = $1 AND status = 'pending' FOR UPDATE`,
      [referredId],
    );
    const row = rows[0];
    return row ? { referrerId: row.referrer_id, amount: money(row.amount), referredMailbox: row.referred_mailbox ?? '' } : null;
  }

  /** Settles the referred student's pending referral: credited, or refused with its reason. */
  async settleReferral(tx: SqlExecutor, referredId: string, refusedReason: string | null): Promise<void> {
    await tx.query(
      refusedReason
        ? `UPDATE commerce.referral SET status = 'refused', refused_reason = $2 WHERE referred_id = $1 AND status = 'pending'`
        : `UPDATE commerce.referral SET status = 'credited', credited_at = now() WHERE referred_id = $1 AND status = 'pending'`,
      refusedReason ? [referredId, refusedReason] : [referredId],
    );
  }

  async listReferrals(referrerId: string): Promise<commerceV1.Referral[]> {
    const { rows } = await this.sql.query<{
      referred_id: string;
      referred_name: string;
      amount: string;
      status: string;
      created_at: Date;
      credited_at: Date | null;
    }>(
      `SELECT referred_id, referred_name, amount, status, created_at, credited_at FROM commerce.referral
        WHERE referrer_id = $1 AND status <> 'refused' ORDER BY created_at DESC, referred_id`,
      [referrerId],
    );
    return rows.map((r) => ({
      referredId: r.referred_id,
      referredName: r.referred_name,
      amount: money(r.amount),
      status: r.status,
      createdAt: iso(r.created_at),
      creditedAt: iso(r.credited_at),
    }));
  }
}
