/**
 * The kept figures (issue 51, decision 0083): each sale adds itself to its course and day, its
 * course, its day and its instructor in the transaction that records it (once per (order, course),
 * so an event delivered again adds nothing), and the screens read these few rows instead of adding
 * up the sale table. `recount` is the full count they must always equal (tests and operators).
 */
import type { SqlExecutor } from '@taal/kit';
import type { NewSale } from './payouts-store';
import { num } from './schema';

const SUMS = ['sale_count', 'amount_paid', 'gateway_cut', 'received_amount', 'earnings', 'product_cut'] as const;
/** `t.x + EXCLUDED.x` for each sum: an upsert that adds. */
const addSums = (table: string) => SUMS.map((c) => `${c} = ${table}.${c} + EXCLUDED.${c}`).join(', ');

export interface Figures {
  saleCount: number;
  amountPaid: number;
  gatewayCut: number;
  receivedAmount: number;
  earnings: number;
  productCut: number;
}

/** Sums read as `coalesce(sum(x), 0)` over kept rows, named as the sale totals are. */
export const SUMMED = SUMS.map((c) => `coalesce(sum(${c}), 0)::bigint AS ${c}`).join(', ');

export const toFigures = (r: Record<string, unknown>): Figures => ({
  saleCount: num(r.sale_count as string),
  amountPaid: num(r.amount_paid as string),
  gatewayCut: num(r.gateway_cut as string),
  receivedAmount: num(r.received_amount as string),
  earnings: num(r.earnings as string),
  productCut: num(r.product_cut as string),
});

export const keptFigures = {
  /** Adds a newly recorded sale; `firstOfOrder` counts its order on its day (a paid order, once). */
  async addSale(tx: SqlExecutor, s: NewSale, firstOfOrder: boolean): Promise<void> {
    const sums = [1, s.amountPaid, s.gatewayCut, s.receivedAmount, s.instructorEarning, s.productCut];
    await tx.query(
      `INSERT INTO payouts.sale_day (course_id, paid_day, instructor_id, ${SUMS.join(', ')}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
       ON CONFLICT (course_id, paid_day, instructor_id) DO UPDATE SET ${addSums('payouts.sale_day')}`,
      [s.courseId, s.paidDay, s.instructorId, ...sums],
    );
    // The title and instructor a course's figures name: the greatest seen, as max() over its sales gives.
    await tx.query(
      `INSERT INTO payouts.course_totals (course_id, course_title, instructor_id, ${SUMS.join(', ')}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
       ON CONFLICT (course_id) DO UPDATE SET ${addSums('payouts.course_totals')},
         course_title = GREATEST(payouts.course_totals.course_title, EXCLUDED.course_title),
         instructor_id = GREATEST(payouts.course_totals.instructor_id, EXCLUDED.instructor_id)`,
      [s.courseId, s.courseTitle, s.instructorId, ...sums],
    );
    await tx.query(
      `INSERT INTO payouts.day_totals (paid_day, order_count, ${SUMS.join(', ')}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
       ON CONFLICT (paid_day) DO UPDATE SET ${addSums('payouts.day_totals')}, order_count = payouts.day_totals.order_count + EXCLUDED.order_count`,
      [s.paidDay, firstOfOrder ? 1 : 0, ...sums],
    );
    // The account's earnings grow here too: what its payouts are checked against.
    await tx.query(
      `INSERT INTO payouts.instructor_account (instructor_id, ${SUMS.join(', ')}) VALUES ($1, $2, $3, $4, $5, $6, $7)
       ON CONFLICT (instructor_id) DO UPDATE SET ${addSums('payouts.instructor_account')}`,
      [s.instructorId, ...sums],
    );
  },

  /** The marketplace's figures over Dhaka days `from`..`to`, with its paid orders. */
  async days(db: SqlExecutor, fromDay: string, toDay: string): Promise<Figures & { orderCount: number }> {
    const { rows } = await db.query<Record<string, string>>(
      `SELECT ${SUMMED}, coalesce(sum(order_count), 0)::bigint AS order_count FROM payouts.day_totals WHERE paid_day BETWEEN $1 AND $2`,
      [fromDay, toDay],
    );
    return { ...toFigures(rows[0]!), orderCount: num(rows[0]!.order_count) };
  },

  /** An instructor's earnings on the days before `day` (a statement's opening due). */
  /** An instructor's sales over a range of days (either side open), summed from the kept per-day figures (decision 0084). */
  async instructorRange(db: SqlExecutor, instructorId: string, fromDay?: string, toDay?: string): Promise<{ saleCount: number; receivedAmount: number; earnings: number }> {
    const { rows } = await db.query<{ sale_count: string; received_amount: string; earnings: string }>(
      `SELECT coalesce(sum(sale_count), 0)::bigint AS sale_count, coalesce(sum(received_amount), 0)::bigint AS received_amount, coalesce(sum(earnings), 0)::bigint AS earnings
         FROM payouts.sale_day WHERE instructor_id = $1 AND paid_day >= coalesce($2::date, '-infinity') AND paid_day <= coalesce($3::date, 'infinity')`,
      [instructorId, fromDay ?? null, toDay ?? null],
    );
    return { saleCount: num(rows[0]!.sale_count), receivedAmount: num(rows[0]!.received_amount), earnings: num(rows[0]!.earnings) };
  },

  async earningsBefore(db: SqlExecutor, instructorId: string, day: string): Promise<number> {
    const { rows } = await db.query<{ earnings: string }>(
      `SELECT coalesce(sum(earnings), 0)::bigint AS earnings FROM payouts.sale_day WHERE instructor_id = $1 AND paid_day < $2`,
      [instructorId, day],
    );
    return num(rows[0]!.earnings);
  },
};
