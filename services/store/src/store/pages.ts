/**
 * The back office's store lists a keyset page at a time (issue 51, decision 0084, second part): every gift
 * card and every store order, newest first by (created_at, id), read from migration 005's indexes in order; and
 * a student's own paid orders (decision 0087), from migration 006's partial index.
 */
import { decodeCursor, keysetAt, keysetPage, newestFirst, pageSizeOf, type SqlExecutor } from '@taal/kit';
import type { GiftCardRow } from './gift-cards';
import type { OrderRow } from './orders';

async function newestPage<R extends { id: string }>(sql: SqlExecutor, list: string, table: string, cursor: string, limit: number, filter?: { where: string; params: unknown[] }) {
  const size = pageSizeOf(limit);
  const before = filter?.params ?? [];
  const keyset = newestFirst(decodeCursor(list, cursor), before.length + 1, size);
  const { rows } = await sql.query<R & { cursor_at: string }>(
    `SELECT *, ${keysetAt()} AS cursor_at FROM ${table} WHERE ${filter ? `${filter.where} AND ` : ''}${keyset.where} ${keyset.orderBy} ${keyset.limitSql}`,
    [...before, ...keyset.params],
  );
  return keysetPage(list, rows, size);
}

/** One page of every gift card, newest first (INVALID_CURSOR when the cursor is not one of this list's). */
export const giftCardPage = (sql: SqlExecutor, cursor: string, limit: number) => newestPage<GiftCardRow>(sql, 'gift-cards', 'store.gift_card', cursor, limit);

/** One page of every store order, newest first. */
export const storeOrderPage = (sql: SqlExecutor, cursor: string, limit: number) => newestPage<OrderRow>(sql, 'store-orders', 'store.store_order', cursor, limit);

/** One page of a user's own paid store orders, newest first (their purchase history's gift cards, decision 0087). */
export const myStoreOrderPage = (sql: SqlExecutor, userId: string, cursor: string, limit: number) =>
  newestPage<OrderRow>(sql, 'my-store-orders', 'store.store_order', cursor, limit, { where: `user_id = $1 AND status = 'paid'`, params: [userId] });
