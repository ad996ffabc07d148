/**
 * Keyset pages of messaging's documents (decision 0085): the kit's pager (decision 0074) read on mongoose.
 * Every list is newest first over (time, _id), both descending; a page after a position reads
 * `{ $or: [{ at: { $lt: t } }, { at: t, _id: { $lt: id } }] }` with one document more than the page, so
 * the extra one says whether a next page exists without counting. The cursor is the kit's own
 * (`encodeCursor`/`decodeCursor`: the list's name, the time as PostgreSQL writes a timestamptz, the id, a
 * check), so an edited or another list's cursor is refused INVALID_CURSOR like the SQL lists' are. Each
 * list's filter has a compound index ending in (time -1, _id -1) (see the schemas).
 */
import type { Model } from 'mongoose';
import { decodeCursor, encodeCursor, pageSizeOf, type KeysetPage } from '@taal/kit';

/** A page request as the gRPC requests carry it: the cursor ('' for the first page) and the size (0: the default). */
export interface PageAsk {
  cursor?: string;
  limit?: number;
}

/** A Date as PostgreSQL writes a timestamptz in UTC (`2026-03-01 10:00:00.123+00`): the kit's cursor form. */
export const cursorTime = (d: Date) => d.toISOString().replace('T', ' ').replace('Z', '+00');
/** The Date a cursor's time names (only this module writes them: always UTC, to the millisecond). */
const timeOfCursor = (at: string) => new Date(at.replace(' ', 'T').replace(/\+00(:00)?$/, 'Z'));

/** The sort of every paged list: its time, then _id, both newest first. */
export const newestSort = (at = 'createdAt') => ({ [at]: -1 as const, _id: -1 as const });

// Each collection's model has its own document type; the page reads it as D.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyModel = Model<any, any, any, any, any, any, any>;

/**
 * One page of `model`'s documents matching `filter`, newest first by (`at`, _id). `list` names the list in
 * its cursors (one name per list, so a cursor of another list is refused). `filter` must not use `$or`.
 */
export async function documentPage<D extends { _id: string }>(
  model: AnyModel,
  list: string,
  filter: Record<string, unknown>,
  ask: PageAsk,
  at = 'createdAt',
  projection?: Record<string, 0 | 1>,
): Promise<KeysetPage<D>> {
  return documentPageOfAny<D>(model, list, [filter], ask, at, projection);
}

/**
 * One page of the documents matching any of `filters` (each selecting documents the others do not), newest
 * first: each filter's own page read from its index, then merged (decision 0086: an `$in` with null, or an
 * `$or`, cannot be read in order from one index).
 */
export async function documentPageOfAny<D extends { _id: string }>(
  model: AnyModel,
  list: string,
  filters: Record<string, unknown>[],
  ask: PageAsk,
  at = 'createdAt',
  projection?: Record<string, 0 | 1>,
): Promise<KeysetPage<D>> {
  const position = decodeCursor(list, ask.cursor);
  const limit = pageSizeOf(ask.limit);
  const after = position && timeOfCursor(position.at);
  if (after && Number.isNaN(after.getTime())) throw new Error('unreachable: a checked cursor with a bad time');
  // The `$lte` is the `$or`'s own bound written once more: FerretDB starts its index range there (decision 0086).
  const later = after ? { [at]: { $lte: after }, $or: [{ [at]: { $lt: after } }, { [at]: after, _id: { $lt: position.id } }] } : {};
  const read = (filter: Record<string, unknown>) =>
    model.find({ ...filter, ...later }, projection).sort(newestSort(at)).limit(limit + 1).lean() as Promise<D[]>;
  const key = (d: D) => ((d as Record<string, unknown>)[at] as Date).getTime();
  const docs = (await Promise.all(filters.map(read))).flat();
  if (filters.length > 1) docs.sort((a, b) => key(b) - key(a) || (a._id < b._id ? 1 : a._id > b._id ? -1 : 0));
  const items = docs.slice(0, limit);
  const last = items[items.length - 1] as (D & Record<string, unknown>) | undefined;
  const time = last?.[at];
  return { items, next: docs.length > limit && last && time instanceof Date ? encodeCursor(list, { at: cursorTime(time), id: last._id }) : '' };
}

/** A page's documents made into answers. */
export const mapPage = <D, T>(page: KeysetPage<D>, map: (d: D) => T): KeysetPage<T> => ({ items: page.items.map(map), next: page.next });
