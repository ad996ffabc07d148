/** The back office's user lists a keyset page at a time (decision 0074): newest first by (created_at, id), each filter with its index (migration 007). */
import { DHAKA_UTC_OFFSET_MS, dhakaDay } from '@taal/contracts';
import { decodeCursor, keysetAt, keysetPage, newestFirst, pageSizeOf, type KeysetPage, type SqlExecutor } from '@taal/kit';
import { COLUMNS, type UserRow } from './user-rows';

export interface UserPageFilter {
  /** 0 or none: every type. */
  type?: number;
  subscribersOnly?: boolean;
  socialOnly?: boolean;
  /** An e-mail address or a student id, exact: the one user it names (two unique indexes). */
  search?: string;
  /** Only users who joined in [joinedFrom, joinedBefore) (the analytics' Bangladesh days). */
  joinedFrom?: Date;
  joinedBefore?: Date;
}

/** One page of users matching `filter` after `cursor` (INVALID_CURSOR when it is not one of this list's). */
export async function listUsersPage(sql: SqlExecutor, filter: UserPageFilter, cursor: string, limit: number): Promise<KeysetPage<UserRow>> {
  const size = pageSizeOf(limit);
  const keyset = newestFirst(decodeCursor('users', cursor), 5, size);
  const search = filter.search?.trim() ?? '';
  // One statement per filter, so each reads its own index in order; a search reads the two unique indexes (at most two rows).
  const where = [
    filter.type ? 'type = $1' : '$1::int IS NULL',
    ...(filter.subscribersOnly ? ['subscriber'] : []),
    ...(filter.socialOnly ? [`login_from <> ''`] : []),
    search ? '(email = lower($2) OR student_id = $2)' : '$2::text IS NULL',
    ...(filter.joinedFrom && filter.joinedBefore ? ['created_at >= $3 AND created_at < $4'] : ['$3::timestamptz IS NULL AND $4::timestamptz IS NULL']),
  ];
  const { rows } = await sql.query<UserRow & { cursor_at: string }>(
    `SELECT ${COLUMNS}, ${keysetAt()} AS cursor_at FROM identity.users
      WHERE ${where.join(' AND ')} AND ${keyset.where}
      ${keyset.orderBy} ${keyset.limitSql}`,
    [filter.type || null, search.includes('\u0000') ? '' : search || null, filter.joinedFrom?.toISOString() ?? null, filter.joinedBefore?.toISOString() ?? null, ...keyset.params],
  );
  return keysetPage('users', rows, size);
}

/** Users who joined in [start, end), both on whole hours, and how many of them are verified and subscribed now: the kept hourly counts (migration 008, decision 0083). */
export async function userCountsBetween(sql: SqlExecutor, start: Date, end: Date): Promise<{ total: number; verified: number; subscriber: number }> {
  const { rows } = await sql.query<{ total: string; verified: string; subscriber: string }>(
    `SELECT coalesce(sum(total), 0) AS total, coalesce(sum(verified), 0) AS verified, coalesce(sum(subscriber), 0) AS subscriber
       FROM identity.user_hour WHERE hour >= $1 AND hour < $2`,
    [Math.floor(start.getTime() / 3_600_000), Math.ceil(end.getTime() / 3_600_000)],
  );
  return { total: Number(rows[0]!.total), verified: Number(rows[0]!.verified), subscriber: Number(rows[0]!.subscriber) };
}

/** Users who joined on each Bangladesh day in [start, end) (whole days) that has any, in order: the kept hours by day. */
export async function userCountsPerDay(sql: SqlExecutor, start: Date, end: Date): Promise<{ day: string; total: number }[]> {
  // Added up by day in SQL: a day number counts whole days from the epoch in Bangladesh time (the hour
  // shifted by contracts' offset, a parameter), so three years answer 1,100 rows, not 26,000 hours (decision 0090).
  const { rows } = await sql.query<{ day: string; total: string }>(
    `SELECT (hour * 3600000 + $3) / 86400000 AS day, sum(total) AS total
       FROM identity.user_hour WHERE hour >= $1 AND hour < $2 AND total <> 0 GROUP BY 1 ORDER BY 1`,
    [Math.floor(start.getTime() / 3_600_000), Math.ceil(end.getTime() / 3_600_000), DHAKA_UTC_OFFSET_MS],
  );
  return rows.map((r) => ({ day: dhakaDay(Number(r.day) * 86_400_000 - DHAKA_UTC_OFFSET_MS), total: Number(r.total) }));
}

/** Every user now per type that has any, lowest type first, with how many are subscribed: the kept rows (migration 009, decision 0089). */
export async function userTypeCounts(sql: SqlExecutor): Promise<{ type: number; total: number; subscriber: number }[]> {
  const { rows } = await sql.query<{ type: number; total: number; subscriber: number }>(
    `SELECT type, total, subscriber FROM identity.user_type_count WHERE total <> 0 ORDER BY type`,
  );
  return rows.map((r) => ({ type: Number(r.type), total: Number(r.total), subscriber: Number(r.subscriber) }));
}
