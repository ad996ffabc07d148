/** Instructors' accounts (earned and settled) and the payouts that move them, each once per idempotency key. */
import { dhakaDayBounds } from '@taal/contracts';
import type { SqlExecutor } from '@taal/kit';
import { iso, num } from './schema';

/** Accounts' and payouts' SQL (`payouts.instructor_account`, `payouts.payout`), every call given its executor. */
export const accountsStore = {
  /** Locks the instructor's account row (creating it empty if needed) and returns it. */
  async lockAccount(tx: SqlExecutor, instructorId: string): Promise<{ earnings: number; settled: number }> {
    await tx.query(`INSERT INTO payouts.instructor_account (instructor_id) VALUES ($1) ON CONFLICT DO NOTHING`, [instructorId]);
    const { rows } = await tx.query<{ earnings: string; settled: string }>(
      `SELECT earnings, settled FROM payouts.instructor_account WHERE instructor_id = $1 FOR UPDATE`,
      [instructorId],
    );
    return { earnings: num(rows[0]!.earnings), settled: num(rows[0]!.settled) };
  },

  async findPayoutByKey(db: SqlExecutor, instructorId: string, key: string) {
    const { rows } = await db.query<{ id: string; settlement_id: string | null }>(
      `SELECT id, settlement_id FROM payouts.payout WHERE instructor_id = $1 AND idempotency_key = $2`,
      [instructorId, key],
    );
    return rows[0] ?? null;
  },

  async recordPayout(
    tx: SqlExecutor,
    p: { id: string; instructorId: string; amount: number; kind: 'due' | 'settlement'; settlementId?: string; key?: string },
  ): Promise<void> {
    await tx.query(
      `INSERT INTO payouts.payout (id, instructor_id, amount, kind, settlement_id, idempotency_key) VALUES ($1,$2,$3,$4,$5,$6)`,
      [p.id, p.instructorId, p.amount, p.kind, p.settlementId ?? null, p.key || null],
    );
    await tx.query(`UPDATE payouts.instructor_account SET settled = settled + $2 WHERE instructor_id = $1`, [p.instructorId, p.amount]);
  },

  async payoutsBetween(db: SqlExecutor, instructorId: string, fromDay: string, toDay: string) {
    const { start, end } = dhakaDayBounds(fromDay, toDay);
    const { rows } = await db.query<{ amount: string; kind: string; created_at: Date }>(
      `SELECT amount, kind, created_at FROM payouts.payout
       WHERE instructor_id = $1 AND created_at >= $2 AND created_at < $3 ORDER BY created_at`,
      [instructorId, start, end],
    );
    return rows.map((r) => ({ amount: num(r.amount), kind: r.kind, createdAt: iso(r.created_at) }));
  },
};
