/**
 * Payouts' long lists a keyset page at a time (issue 51, decision 0084, second part), each read from an index
 * in its order and stopped after the page:
 * - sales newest first by (paid_at, id), by instructor, by course or all (migration 006's indexes), within a
 *   range of Dhaka days given as paid_at bounds (paid_day is the Dhaka day of paid_at, so the rows are the same);
 * - an instructor's settlements newest first by (created_at, id);
 * - every course's kept totals by received amount, highest first, then course id.
 * The buyer's name is looked up per row (not a join), so the page is read in the index's order.
 */
import { dhakaDayBounds, type payoutsV1 } from '@taal/contracts';
import { decodeCursor, decodeKeysCursor, keysetAt, keysetOrdered, keysetPage, keysetPageBy, keysetSelect, newestFirst, pageSizeOf, type KeysetOrder, type SqlExecutor } from '@taal/kit';
import { toFigures } from './kept-figures';
import { toSettlement } from './settlements';
import { toSale, type SaleRow } from './sale-rows';

export interface SalesFilter {
  instructorId?: string;
  courseId?: string;
  fromDay?: string;
  toDay?: string;
}

/** Each filter is its own list (a cursor of one is refused by another) and its own statement text. */
const salesList = (f: SalesFilter) => (f.instructorId ? 'sales:instructor' : f.courseId ? 'sales:course' : 'sales');

/** One page of sales after `cursor`, newest first (INVALID_CURSOR when it is not one of this list's). */
export async function listSalesPage(db: SqlExecutor, f: SalesFilter, cursor: string, limit: number): Promise<{ sales: payoutsV1.Sale[]; next: string }> {
  const size = pageSizeOf(limit);
  const list = salesList(f);
  const value = f.instructorId || f.courseId;
  const by = f.instructorId ? 's.instructor_id = $1 AND ' : f.courseId ? 's.course_id = $1 AND ' : '';
  const p = by ? 2 : 1;
  const keyset = newestFirst(decodeCursor(list, cursor), p + 2, size, { at: 's.paid_at', id: 's.id' });
  const from = f.fromDay ? dhakaDayBounds(f.fromDay).start : null;
  const to = f.toDay ? dhakaDayBounds(f.toDay).end : null;
  const { rows } = await db.query<SaleRow & { cursor_at: string }>(
    `SELECT s.*, ${keysetAt('s.paid_at')} AS cursor_at,
            (SELECT b.name FROM payouts.buyer b WHERE b.user_id = s.user_id) AS user_name
       FROM payouts.sale s
      WHERE ${by}s.paid_at >= coalesce($${p}::timestamptz, '-infinity') AND s.paid_at < coalesce($${p + 1}::timestamptz, 'infinity')
        AND ${keyset.where}
      ${keyset.orderBy} ${keyset.limitSql}`,
    [...(by ? [value] : []), from, to, ...keyset.params],
  );
  const page = keysetPage(list, rows, size);
  return { sales: page.items.map(toSale), next: page.next };
}

/** One page of an instructor's settlements, newest first. */
export async function listSettlementsPage(db: SqlExecutor, instructorId: string, cursor: string, limit: number): Promise<{ settlements: payoutsV1.Settlement[]; next: string }> {
  const size = pageSizeOf(limit);
  const keyset = newestFirst(decodeCursor('settlements', cursor), 2, size);
  const { rows } = await db.query<Parameters<typeof toSettlement>[0] & { cursor_at: string }>(
    `SELECT *, ${keysetAt()} AS cursor_at FROM payouts.settlement
      WHERE instructor_id = $1 AND ${keyset.where}
      ${keyset.orderBy} ${keyset.limitSql}`,
    [instructorId, ...keyset.params],
  );
  const page = keysetPage('settlements', rows, size);
  return { settlements: page.items.map(toSettlement), next: page.next };
}

/** Every course's kept totals by what it received, highest first, then by course id (ties, and courses with none). */
const COURSE_TOTALS_ORDER: KeysetOrder = { keys: [{ column: 'received_amount', type: 'bigint' }], direction: 'desc' };

/** One page of every course's kept totals (decision 0083's payouts.course_totals). */
export async function listCourseTotalsPage(db: SqlExecutor, cursor: string, limit: number): Promise<{ courses: payoutsV1.CourseTotals[]; next: string }> {
  const size = pageSizeOf(limit);
  const keyset = keysetOrdered(COURSE_TOTALS_ORDER, decodeKeysCursor('course-totals', COURSE_TOTALS_ORDER, cursor), 1, size, 'course_id');
  const { rows } = await db.query<Record<string, string>>(
    `SELECT *, course_id AS id, ${keysetSelect(COURSE_TOTALS_ORDER)} FROM payouts.course_totals
      WHERE ${keyset.where}
      ${keyset.orderBy} ${keyset.limitSql}`,
    keyset.params,
  );
  const page = keysetPageBy('course-totals', COURSE_TOTALS_ORDER, rows as (Record<string, string> & { id: string })[], size);
  const courses = page.items.map((r) => {
    const f = toFigures(r);
    return { courseId: r.course_id!, courseTitle: r.course_title!, instructorId: r.instructor_id!, saleCount: f.saleCount, receivedAmount: f.receivedAmount, earnings: f.earnings, productCut: f.productCut };
  });
  return { courses, next: page.next };
}
