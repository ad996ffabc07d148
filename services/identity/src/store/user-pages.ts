/** The back office's user lists a keyset page at a time (decision 0074): newest first by (created_at, id), each filter with its index (migration 007). */
import { decodeCursor, keysetAt, keysetPage, newestFirst, pageSizeOf, type KeysetPage, type SqlExecutor } from '@taal/kit';
import { COLUMNS, type UserRow } from './user-rows';

export interface UserPageFilter {
  /** 0 or none: every type. */
  type?: number;
  subscribersOnly?: boolean;
  socialOnly?: boolean;
  /** An e-mail address or a student id, exact: the one user it names (two unique indexes). */
  search?: string;
}

/** One page of users matching `filter` after `cursor` (INVALID_CURSOR when it is not one of this list's). */
export async function listUsersPage(sql: SqlExecutor, filter: UserPageFilter, cursor: string, limit: number): Promise<KeysetPage<UserRow>> {
  const size = pageSizeOf(limit);
  const keyset = newestFirst(decodeCursor('users', cursor), 3, size);
  const search = filter.search?.trim() ?? '';
  // One statement per filter, so each reads its own index in order; a search reads the two unique indexes (at most two rows).
  const where = [
    filter.type ? 'type = $1' : '$1::int IS NULL',
    ...(filter.subscribersOnly ? ['subscriber'] : []),
    ...(filter.socialOnly ? [`login_from <> ''`] : []),
    search ? '(email = lower($2) OR student_id = $2)' : '$2::text IS NULL',
  ];
  const { rows } = await sql.query<UserRow & { cursor_at: string }>(
    `SELECT ${COLUMNS}, ${keysetAt()} AS cursor_at FROM identity.users
      WHERE ${where.join(' AND ')} AND ${keyset.where}
      ${keyset.orderBy} ${keyset.limitSql}`,
    [filter.type || null, search.includes('\u0000') ? '' : search || null, ...keyset.params],
  );
  return keysetPage('users', rows, size);
}
