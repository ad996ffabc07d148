/** The back office's orders a keyset page at a time (decision 0074): newest first by (created_at, id), all or paid, in a range of days or all of them (migration 008's indexes). */
import { dhakaDay, dhakaDayBounds, type commerceV1 } from '@taal/contracts';
import { decodeCursor, keysetAt, keysetPage, newestFirst, pageSizeOf, type SqlExecutor } from '@taal/kit';
import { toOrder, type OrderItemRow, type OrderRow } from './order-rows';

export interface OrderPageFilter {
  /** Bangladesh days, YYYY-MM-DD, inclusive; null: every day. */
  days: { from: string; to: string } | null;
  paidOnly: boolean;
}

type ItemsOf = (orderIds: readonly string[]) => Promise<OrderItemRow[]>;

/** One page of orders after `cursor` (INVALID_CURSOR when it is not one of this list's), and the range's counts when asked. */
export async function listOrdersPage(
  sql: SqlExecutor,
  itemsOf: ItemsOf,
  filter: OrderPageFilter,
  page: { cursor: string; limit: number; withSummary: boolean; withDays?: boolean },
): Promise<commerceV1.ListAllOrdersResponse> {
  const size = pageSizeOf(page.limit);
  const bounds = filter.days ? dhakaDayBounds(filter.days.from, filter.days.to) : null;
  const range = [bounds ? 'created_at >= $1 AND created_at < $2' : '$1::timestamptz IS NULL AND $2::timestamptz IS NULL', ...(filter.paidOnly ? [`status = 'paid'`] : [])];
  const rangeParams = [bounds?.start ?? null, bounds?.end ?? null];
  const keyset = newestFirst(decodeCursor('orders', page.cursor), 3, size);
  const { rows } = await sql.query<OrderRow & { cursor_at: string }>(
    `SELECT *, ${keysetAt()} AS cursor_at FROM commerce.purchase_order
      WHERE ${range.join(' AND ')} AND ${keyset.where}
      ${keyset.orderBy} ${keyset.limitSql}`,
    [...rangeParams, ...keyset.params],
  );
  const { items, next } = keysetPage('orders', rows, size);
  const lines = await itemsOf(items.map((r) => r.id));
  const summary = page.withSummary ? await summaryOf(sql, bounds, filter.paidOnly) : { totalCount: 0, paidCount: 0, paidAmount: 0 };
  const days = page.withSummary && page.withDays && bounds ? await orderCountsPerDay(sql, bounds, filter.paidOnly) : [];
  return { orders: items.map((r) => toOrder(r, lines)), next, ...summary, days };
}

/**
 * The range's orders, paid orders and what the paid ones cost their buyers net of vouchers (wallet money
 * counts as paid): the kept hourly counts (migration 009, decision 0083), at most 24 rows a day of the range.
 */
const hourOf = (at: Date, round: (n: number) => number) => round(at.getTime() / 3_600_000);

/**
 * The range's orders (paid only: its paid orders) per Bangladesh day that has any, oldest first: the kept
 * hourly counts (migration 009) added up by day (a Bangladesh day is 24 whole hours; dhakaDay names it), at
 * most 24 rows a day of the range (decision 0089).
 */
export async function orderCountsPerDay(sql: SqlExecutor, bounds: { start: Date; end: Date }, paidOnly: boolean): Promise<commerceV1.OrderDayCount[]> {
  const { rows } = await sql.query<{ hour: string; total: number; paid: number }>(
    `SELECT hour, total, paid FROM commerce.order_hour WHERE hour >= $1 AND hour < $2 AND total <> 0 ORDER BY hour`,
    [hourOf(bounds.start, Math.floor), hourOf(bounds.end, Math.ceil)],
  );
  const days = new Map<string, commerceV1.OrderDayCount>();
  for (const r of rows) {
    const day = dhakaDay(Number(r.hour) * 3_600_000);
    const kept = days.get(day) ?? { day, total: 0, paid: 0 };
    kept.total += paidOnly ? Number(r.paid) : Number(r.total);
    kept.paid += Number(r.paid);
    days.set(day, kept);
  }
  return [...days.values()].filter((d) => d.total > 0);
}

async function summaryOf(sql: SqlExecutor, bounds: { start: Date; end: Date } | null, paidOnly: boolean) {
  const { rows } = await sql.query<{ total: string; paid: string; amount: string }>(
    `SELECT coalesce(sum(total), 0) AS total, coalesce(sum(paid), 0) AS paid, coalesce(sum(paid_amount), 0) AS amount
       FROM commerce.order_hour WHERE ($1::bigint IS NULL OR hour >= $1) AND ($2::bigint IS NULL OR hour < $2)`,
    [bounds ? Math.floor(bounds.start.getTime() / 3_600_000) : null, bounds ? Math.ceil(bounds.end.getTime() / 3_600_000) : null],
  );
  const row = rows[0]!;
  const paid = Number(row.paid);
  return { totalCount: paidOnly ? paid : Number(row.total), paidCount: paid, paidAmount: Number(row.amount) };
}
