/** Settlements: what an instructor was paid, when, with an optional receipt. */
import type { payoutsV1 } from '@taal/contracts';
import type { SqlExecutor } from '@taal/kit';
import { day, iso, num } from './schema';

interface SettlementRow {
  id: string;
  instructor_id: string;
  settle_amount: string;
  received_amount: string;
  settle_day: Date | string;
  remarks: string;
  status: boolean;
  receipt_key: string | null;
  created_at: Date;
}

export const toSettlement = (r: SettlementRow): payoutsV1.Settlement => ({
  id: r.id,
  instructorId: r.instructor_id,
  settleAmount: num(r.settle_amount),
  receivedAmount: num(r.received_amount),
  settleDay: day(r.settle_day),
  remarks: r.remarks,
  status: r.status,
  hasReceipt: !!r.receipt_key,
  createdAt: iso(r.created_at),
});

/** Settlements' SQL (`payouts.settlement`), every call given its executor. */
export const settlementsStore = {
  async insertSettlement(
    tx: SqlExecutor,
    s: { id: string; instructorId: string; settleAmount: number; receivedAmount: number; settleDay: string; remarks: string; status: boolean; receiptKey: string },
  ): Promise<payoutsV1.Settlement> {
    const { rows } = await tx.query<SettlementRow>(
      `INSERT INTO payouts.settlement (id, instructor_id, settle_amount, received_amount, settle_day, remarks, status, receipt_key)
       VALUES ($1,$2,$3,$4,$5,$6,$7,$8) RETURNING *`,
      [s.id, s.instructorId, s.settleAmount, s.receivedAmount, s.settleDay, s.remarks, s.status, s.receiptKey],
    );
    return toSettlement(rows[0]!);
  },

  async getSettlement(db: SqlExecutor, id: string): Promise<(payoutsV1.Settlement & { receiptKey: string | null }) | null> {
    const { rows } = await db.query<SettlementRow>(`SELECT * FROM payouts.settlement WHERE id = $1`, [id]);
    return rows[0] ? { ...toSettlement(rows[0]), receiptKey: rows[0].receipt_key } : null;
  },

  async listSettlements(db: SqlExecutor, instructorId: string, range?: { fromDay: string; toDay: string }) {
    const { rows } = range
      ? await db.query<SettlementRow>(
          `SELECT * FROM payouts.settlement WHERE instructor_id = $1 AND settle_day BETWEEN $2 AND $3 ORDER BY created_at DESC`,
          [instructorId, range.fromDay, range.toDay],
        )
      : await db.query<SettlementRow>(`SELECT * FROM payouts.settlement WHERE instructor_id = $1 ORDER BY created_at DESC`, [instructorId]);
    return rows.map(toSettlement);
  },
};
