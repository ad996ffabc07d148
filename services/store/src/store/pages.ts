/**
 * The back office's store lists a keyset page at a time (issue 51, decision 0084, second part): every gift
 * card and every store order, newest first by (created_at, id), read from migration 005's indexes in order.
 */
import { decodeCursor, keysetAt, keysetPage, newestFirst, pageSizeOf, type SqlExecutor } from '@taal/kit';
import type { GiftCardRow } from './gift-cards';
import type { OrderRow } from './orders';

async function newestPage<R extends { id: string }>(sql: SqlExecutor, list: string, table: string, cursor: string, limit: number) {
  const size = pageSizeOf(limit);
  const keyset = newestFirst(decodeCursor(list, cursor), 1, size);
  const { rows } = await sql.query<R & { cursor_at: string }>(
    `SELECT *, ${keysetAt()} AS cursor_at FROM ${table} WHERE ${keyset.where} ${keyset.orderBy} ${keyset.limitSql}`,
    keyset.params,
  );
  return keysetPage(list, rows, size);
}

/** One page of every gift card, newest first (INVALID_CURSOR when the cursor is not one of this list's). */
export const giftCardPage = (sql: SqlExecutor, cursor: string, limit: number) => newestPage<GiftCardRow>(sql, 'gift-cards', 'store.gift_card', cursor, limit);

/** One page of every store order, newest first. */
export const storeOrderPage = (sql: SqlExecutor, cursor: string, limit: number) => newestPage<OrderRow>(sql, 'store-orders', 'store.store_order', cursor, limit);
