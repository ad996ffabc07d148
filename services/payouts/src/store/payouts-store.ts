import { dhakaDayBounds, type payoutsV1 } from '@taal/contracts';
import type { SqlExecutor } from '@taal/kit';
import { accountsStore } from './accounts';
import { keptFigures, toFigures } from './kept-figures';
import { num } from './schema';
import { toSale, type SaleRow } from './sale-rows';
import { settlementsStore } from './settlements';
import { socialStore } from './social';

export interface NewSale {
  id: string;
  orderId: string;
  courseId: string;
  courseTitle: string;
  instructorId: string;
  userId: string;
  voucherCode: string;
  voucherPercent: number;
  coursePrice: number;
  amountPaid: number;
  gatewayCut: number;
  receivedAmount: number;
  instructorPercentage: number;
  instructorEarning: number;
  productCut: number;
  paidAt: string;
  paidDay: string;
}

/**
 * Persistence of payouts: plain SQL, every call given its executor (a pool or a transaction).
 * Sales and their buyers here, the kept figures in kept-figures.ts; accounts and payouts, settlements and social figures are theirs.
 */
export const payoutsStore = {
  accounts: accountsStore,
  settlements: settlementsStore,
  social: socialStore,

  /** Inserts a sale once per (order, course); false when it was already there. */
  async insertSale(tx: SqlExecutor, s: NewSale): Promise<boolean> {
    const { rowCount } = await tx.query(
      `INSERT INTO payouts.sale (id, order_id, course_id, course_title, instructor_id, user_id, voucher_code, voucher_percent,
         course_price, amount_paid, gateway_cut, received_amount, instructor_percentage, instructor_earning, product_cut, paid_at, paid_day)
       VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14,$15,$16,$17)
       ON CONFLICT (order_id, course_id) DO NOTHING`,
      [s.id, s.orderId, s.courseId, s.courseTitle, s.instructorId, s.userId, s.voucherCode, s.voucherPercent, s.coursePrice,
        s.amountPaid, s.gatewayCut, s.receivedAmount, s.instructorPercentage, s.instructorEarning, s.productCut, s.paidAt, s.paidDay],
    );
    if (!rowCount) return false;
    const { rows } = await tx.query<{ n: number }>(`SELECT count(*)::int AS n FROM payouts.sale WHERE order_id = $1`, [s.orderId]);
    await keptFigures.addSale(tx, s, rows[0]!.n === 1);
    return true;
  },

  async listSales(db: SqlExecutor, f: { instructorId?: string; courseId?: string; fromDay?: string; toDay?: string }) {
    const where: string[] = [];
    const params: unknown[] = [];
    const add = (clause: string, value: unknown) => {
      params.push(value);
      where.push(clause.replace('?', `$${params.length}`));
    };
    if (f.instructorId) add('s.instructor_id = ?', f.instructorId);
    if (f.courseId) add('s.course_id = ?', f.courseId);
    if (f.fromDay) add('s.paid_day >= ?', f.fromDay);
    if (f.toDay) add('s.paid_day <= ?', f.toDay);
    const { rows } = await db.query<SaleRow>(
      `SELECT s.*, b.name AS user_name FROM payouts.sale s LEFT JOIN payouts.buyer b ON b.user_id = s.user_id
        ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY s.paid_at DESC, s.id`,
      params,
    );
    return rows.map(toSale);
  },

  async upsertBuyer(tx: SqlExecutor, userId: string, name: string): Promise<void> {
    await tx.query(`INSERT INTO payouts.buyer (user_id, name) VALUES ($1, $2) ON CONFLICT (user_id) DO UPDATE SET name = EXCLUDED.name`, [userId, name]);
  },

  /** Per instructor, all time: the account's kept figures (decision 0083). */
  async instructorTotals(db: SqlExecutor, instructorId?: string | readonly string[]): Promise<payoutsV1.InstructorTotals[]> {
    // One instructor, a page of them (decision 0084: their primary keys), or every one.
    const ids = typeof instructorId === 'string' ? [instructorId] : instructorId;
    const { rows } = await db.query<Record<string, string>>(
      `SELECT * FROM payouts.instructor_account
       WHERE ${ids ? 'instructor_id = ANY($1::text[])' : "instructor_id <> ''"} ORDER BY instructor_id`,
      ids ? [ids] : [],
    );
    return rows.map((r) => ({
      instructorId: r.instructor_id!,
      ...toFigures(r),
      settled: num(r.settled),
      due: num(r.earnings) - num(r.settled),
    }));
  },

  /** Per course, all time (kept, decision 0083). */
  async courseTotals(db: SqlExecutor, instructorId?: string): Promise<payoutsV1.CourseTotals[]> {
    const { rows } = await db.query<Record<string, string>>(
      `SELECT * FROM payouts.course_totals ${instructorId ? 'WHERE instructor_id = $1' : ''} ORDER BY course_id`,
      instructorId ? [instructorId] : [],
    );
    return rows.map((r) => {
      const f = toFigures(r);
      return { courseId: r.course_id!, courseTitle: r.course_title!, instructorId: r.instructor_id!, saleCount: f.saleCount, receivedAmount: f.receivedAmount, earnings: f.earnings, productCut: f.productCut };
    });
  },

  /** The marketplace's sales over Dhaka days (kept per day, decision 0083). */
  salesSummary: (db: SqlExecutor, fromDay: string, toDay: string) => keptFigures.days(db, fromDay, toDay),

  /** Earnings and payouts before a day (a statement's opening due). */
  async balanceBefore(db: SqlExecutor, instructorId: string, day: string): Promise<{ earnings: number; settled: number }> {
    const { rows } = await db.query<{ settled: string }>(
      `SELECT coalesce(sum(amount), 0)::bigint AS settled FROM payouts.payout WHERE instructor_id = $1 AND created_at < $2`,
      [instructorId, dhakaDayBounds(day).start],
    );
    return { earnings: await keptFigures.earningsBefore(db, instructorId, day), settled: num(rows[0]!.settled) };
  },
};
