/**
 * Keyset pages (decision 0074): one way every long list is read a page at a time, newest first in a
 * stable order over (created_at, id), on both SQL adapters (the same SQL runs on PGlite and Postgres).
 *
 * - A page holds at most `PAGE_SIZE_MAX` rows (`PAGE_SIZE_DEFAULT` when the caller names none).
 * - Its `next` cursor is opaque to clients: base64url of the list's name, the last row's time to the
 *   microsecond and its id, with a check so an edited or cut cursor is refused (INVALID_CURSOR,
 *   400), not read as another position. It carries a position only: the filters are the request's.
 * - The query asks for one row more than the page to know, without counting, whether a next page exists.
 */
import { createHash } from 'node:crypto';
import { refuse } from '../grpc/errors';

/** Rows in a page when the caller names no size. */
export const PAGE_SIZE_DEFAULT = 20;
/** The most rows one page (and so one gRPC or HTTP answer) may hold. */
export const PAGE_SIZE_MAX = 100;

/** A row's place in a newest-first list: its time (PostgreSQL's own text of it, microseconds and offset kept) and its id. */
export interface KeysetPosition {
  at: string;
  id: string;
}

/** A page of a list: its rows and the cursor of the next page ('' at the end, as gRPC strings say none). */
export interface KeysetPage<T> {
  items: T[];
  next: string;
}

/** The size of a page: the caller's, within 1..PAGE_SIZE_MAX; the default for 0 or none. */
export function pageSizeOf(limit: number | undefined | null): number {
  if (!limit || !Number.isFinite(limit) || limit < 1) return PAGE_SIZE_DEFAULT;
  return Math.min(Math.floor(limit), PAGE_SIZE_MAX);
}

/** timestamptz as text (DateStyle ISO): `2026-03-01 00:00:00.123456+00`, the fraction trimmed, the offset as the session's zone wrote it. */
const PG_TIMESTAMPTZ = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d{1,6})?[+-]\d{2}(:\d{2}){0,2}$/;

/**
 * A SELECT expression for a row's cursor time: the column as PostgreSQL writes it, to the microsecond with
 * its offset, read back exactly by `::timestamptz` in any session's zone (a JS Date would drop the microseconds).
 */
export const keysetAt = (column = 'created_at') => `${column}::text`;

/**
 * The SQL of a newest-first keyset page over (`at`, `id`) after `position`: a WHERE condition (TRUE on the
 * first page) using parameters `$n` and `$n+1`, the ORDER BY, and the LIMIT (one more than the page) as
 * parameter `$n+2`. Each list needs an index whose last columns are (at, id) after its equality filters.
 */
export function newestFirst(
  position: KeysetPosition | null,
  firstParam: number,
  limit: number,
  columns: { at: string; id: string } = { at: 'created_at', id: 'id' },
): { where: string; orderBy: string; limitSql: string; params: unknown[] } {
  return keysetOrdered(newest(columns.at), position && keysOf(position), firstParam, limit, columns.id);
}

/** The page of rows read with `newestFirst` (one more than `limit` when a next page exists), each row with `cursor_at` (keysetAt) and `id`. */
export function keysetPage<R extends { id: string; cursor_at: string }>(list: string, rows: R[], limit: number): KeysetPage<R> {
  const items = rows.slice(0, limit);
  const last = items[items.length - 1];
  return { items, next: rows.length > limit && last ? encodeCursor(list, { at: last.cursor_at, id: last.id }) : '' };
}

/**
 * A list read in another order than newest first (decision 0078: the course list by rating or price): its
 * key columns, then the id, all in one direction, read with one row comparison so an index over the same
 * columns in the same order (or its reverse) gives each page in order. The cursor has the same form as
 * `encodeCursor`'s, `[list, ...keys, id, check]`, each key as PostgreSQL writes its type.
 */
export interface KeysetOrder {
  keys: readonly { column: string; type: 'timestamptz' | 'bigint' | 'integer' }[];
  direction: 'asc' | 'desc';
  /** The id column's type: text (the default) or bigint (a serial id, e.g. the wallet's ledger: then the keys may be none). */
  idType?: 'text' | 'bigint';
}

const KEY_TEXT: Record<KeysetOrder['keys'][number]['type'], RegExp> = { timestamptz: PG_TIMESTAMPTZ, bigint: /^-?\d{1,19}$/, integer: /^-?\d{1,10}$/ };
const checkOfKeys = (list: string, values: readonly string[]) => createHash('sha256').update([list, ...values].join('\n')).digest('base64url').slice(0, 10);

/** A row's place in an ordered list: its keys' texts and its id. */
export interface KeysetKeys {
  keys: string[];
  id: string;
}

/** The opaque cursor of the page after `position` in the list named `list`, read in some KeysetOrder. */
export function encodeKeysCursor(list: string, position: KeysetKeys): string {
  const values = [...position.keys, position.id];
  return Buffer.from(JSON.stringify([list, ...values, checkOfKeys(list, values)])).toString('base64url');
}

/** The position a cursor of `list` in `order` names; null for none. Malformed, edited, another list's or another order's: INVALID_CURSOR. */
export function decodeKeysCursor(list: string, order: KeysetOrder, cursor: string | undefined | null): KeysetKeys | null {
  if (!cursor) return null;
  let parsed: unknown;
  try {
    if (cursor.length > 512 || !/^[A-Za-z0-9_-]+$/.test(cursor)) throw new Error('not base64url');
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw refuse('INVALID_CURSOR');
  }
  const arity = order.keys.length + 3;
  if (!Array.isArray(parsed) || parsed.length !== arity || !parsed.every((v) => typeof v === 'string')) throw refuse('INVALID_CURSOR');
  const [name, ...rest] = parsed as string[];
  const check = rest.pop()!;
  const keys = rest.slice(0, -1);
  const id = rest[rest.length - 1]!;
  const idOk = order.idType === 'bigint' ? KEY_TEXT.bigint.test(id) : !!id;
  if (name !== list || !idOk || !keys.every((k, i) => KEY_TEXT[order.keys[i]!.type].test(k)) || check !== checkOfKeys(list, rest)) throw refuse('INVALID_CURSOR');
  return { keys, id };
}

/** The SELECT expressions of a row's cursor keys (`cursor_k0`, `cursor_k1`, …), each as PostgreSQL writes it. */
export const keysetSelect = (order: KeysetOrder) => order.keys.map((k, i) => `${k.column}::text AS cursor_k${i}`).join(', ');

/**
 * The SQL of a page in `order` after `position`: a WHERE condition (TRUE on the first page) with
 * parameters from `$firstParam` (one per key, then the id), the ORDER BY, and the LIMIT (one more than
 * the page) as the parameter after those. Each filter needs an index over (its equality columns, keys, id).
 */
export function keysetOrdered(
  order: KeysetOrder,
  position: KeysetKeys | null,
  firstParam: number,
  limit: number,
  id = 'id',
): { where: string; orderBy: string; limitSql: string; params: unknown[] } {
  const params = [...order.keys.map((k) => ({ sql: k.type })), { sql: order.idType ?? 'text' }].map((p, i) => `$${firstParam + i}::${p.sql}`);
  const columns = [...order.keys.map((k) => k.column), id];
  const dir = order.direction === 'desc' ? 'DESC' : 'ASC';
  return {
    where: position ? `(${columns.join(', ')}) ${order.direction === 'desc' ? '<' : '>'} (${params.join(', ')})` : `(${params.map((p) => `${p} IS NULL`).join(' AND ')})`,
    orderBy: `ORDER BY ${columns.map((c) => `${c} ${dir}`).join(', ')}`,
    limitSql: `LIMIT $${firstParam + params.length}::int`,
    params: [...(position ? [...position.keys, position.id] : params.map(() => null)), limit + 1],
  };
}

/** The page of rows read with `keysetOrdered` (one more than `limit` when a next page exists), each with its `cursor_k…` (keysetSelect) and `id`. */
export function keysetPageBy<R extends { id: string }>(list: string, order: KeysetOrder, rows: R[], limit: number): KeysetPage<R> {
  const items = rows.slice(0, limit);
  const last = items[items.length - 1] as (R & Record<string, unknown>) | undefined;
  if (!(rows.length > limit && last)) return { items, next: '' };
  return { items, next: encodeKeysCursor(list, { keys: order.keys.map((_, i) => String(last[`cursor_k${i}`])), id: String(last.id) }) };
}

/** Newest first is one order among others: its time, then the id, descending (the same cursors). */
const newest = (column = 'created_at'): KeysetOrder => ({ keys: [{ column, type: 'timestamptz' }], direction: 'desc' });
const keysOf = (position: KeysetPosition): KeysetKeys => ({ keys: [position.at], id: position.id });

/** The opaque cursor of the page after `position` in the newest-first list named `list` (e.g. 'users', 'orders'). */
export function encodeCursor(list: string, position: KeysetPosition): string {
  return encodeKeysCursor(list, keysOf(position));
}

/** The position a cursor names; null for no cursor (the first page). A malformed, edited or another list's cursor: INVALID_CURSOR. */
export function decodeCursor(list: string, cursor: string | undefined | null): KeysetPosition | null {
  const position = decodeKeysCursor(list, newest(), cursor);
  return position && { at: position.keys[0]!, id: position.id };
}
