/**
 * The student's own lists a keyset page at a time (issue 51, decision 0084): the purchase history, newest
 * first by (created_at, id) over migration 010's (user_id, created_at DESC, id DESC), and the wallet
 * statement, newest first by the ledger's serial id over (user_id, id) read backwards.
 */
import type { commerceV1 } from '@taal/contracts';
import { decodeCursor, decodeKeysCursor, keysetAt, keysetOrdered, keysetPage, keysetPageBy, newestFirst, pageSizeOf, type KeysetOrder, type SqlExecutor } from '@taal/kit';
import { toOrder, type OrderItemRow, type OrderRow } from './order-rows';
import { iso, money } from './schema';

/** One page of a user's orders after `cursor` (INVALID_CURSOR when it is not one of this list's). */
export async function listMyOrdersPage(
  sql: SqlExecutor,
  itemsOf: (orderIds: readonly string[]) => Promise<OrderItemRow[]>,
  userId: string,
  cursor: string,
  limit: number,
): Promise<commerceV1.ListOrdersResponse> {
  const size = pageSizeOf(limit);
  const keyset = newestFirst(decodeCursor('my-orders', cursor), 2, size);
  const { rows } = await sql.query<OrderRow & { cursor_at: string }>(
    `SELECT *, ${keysetAt()} AS cursor_at FROM commerce.purchase_order
      WHERE user_id = $1 AND ${keyset.where}
      ${keyset.orderBy} ${keyset.limitSql}`,
    [userId, ...keyset.params],
  );
  const { items, next } = keysetPage('my-orders', rows, size);
  const lines = await itemsOf(items.map((r) => r.id));
  return { orders: items.map((r) => toOrder(r, lines)), next };
}

/** The ledger newest first: its serial id alone orders it (no other key). */
const LEDGER_ORDER: KeysetOrder = { keys: [], direction: 'desc', idType: 'bigint' };

/**
 * One page of a user's wallet statement, newest first, with what each entry was for: the recorded detail
 * (a gift card's product), the referred friend's first name, an order's course titles; and the balance the
 * whole ledger sums to (a sum over the user's own entries, read from their index).
 */
export async function listLedgerPage(sql: SqlExecutor, userId: string, cursor: string, limit: number): Promise<commerceV1.ListLedgerResponse> {
  const size = pageSizeOf(limit);
  const keyset = keysetOrdered(LEDGER_ORDER, decodeKeysCursor('ledger', LEDGER_ORDER, cursor), 2, size, 'e.id');
  const { rows } = await sql.query<{
    id: string;
    kind: string;
    amount: string;
    order_id: string | null;
    reference: string | null;
    created_at: Date;
    detail: string | null;
    referred_name: string | null;
    titles: string[] | null;
  }>(
    `SELECT e.id, e.kind, e.amount, e.order_id, e.reference, e.created_at, e.detail,
            (SELECT r.referred_name FROM commerce.referral r WHERE e.flow = 'referral' AND r.referred_id = substr(e.reference, length('referral:') + 1)) AS referred_name,
            (SELECT array_agg(i.title ORDER BY i.position) FROM commerce.order_item i WHERE i.order_id = e.order_id) AS titles
       FROM commerce.ledger_entry e
      WHERE e.user_id = $1 AND ${keyset.where}
      ${keyset.orderBy} ${keyset.limitSql}`,
    [userId, ...keyset.params],
  );
  const page = keysetPageBy('ledger', LEDGER_ORDER, rows, size);
  const entries = page.items.map((r) => ({
    id: String(r.id),
    kind: r.kind,
    amount: money(r.amount),
    orderId: r.order_id ?? '',
    reference: r.reference ?? '',
    createdAt: iso(r.created_at),
    // A friend is named by their first name only (the statement is the referrer's, not the friend's).
    detail: r.detail ?? (r.referred_name ? (r.referred_name.trim().split(/\s+/)[0] ?? '') : ''),
    orderTitles: r.titles ?? [],
  }));
  const { rows: sums } = await sql.query<{ balance: string | null }>(`SELECT sum(amount) AS balance FROM commerce.ledger_entry WHERE user_id = $1`, [userId]);
  return { entries, total: 0, balance: money(sums[0]!.balance), next: page.next };
}
