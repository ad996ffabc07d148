// A back-office list read a server page at a time (decisions 0074, 0085): the page the address names
// (`name` when the screen shows two lists: `?<name>Cursor=…`), its loading, refusal and empty states, and
// the one pager under it.
import type { ReactNode } from 'react';
import type { ApiAnswer } from '@taal/web-shared/api';
import { Empty, Loading } from '@taal/web-shared/ui';
import { useAdminGet, type Loaded } from './data';
import { KeysetError, KeysetPager, useKeysetPosition, type KeysetPage, type KeysetPosition } from './keyset';

/** The list's page: `key` names the list and its filters (the cursor is added), `load` asks for the page after `cursor`. */
export function usePagedList<T>(
  name: string,
  key: string,
  load: (cursor: string) => Promise<ApiAnswer<KeysetPage<T>>>,
) {
  const position = useKeysetPosition(name);
  const list = useAdminGet<KeysetPage<T>>(`${key}?cursor=${position.cursor}`, () => load(position.cursor));
  return { position, list };
}

/** Its states, the items (`children`) and the pager (`testId`). */
export function PagedList<T>({
  list,
  position,
  testId,
  empty,
  children,
}: {
  list: Loaded<KeysetPage<T>>;
  position: KeysetPosition;
  testId: string;
  empty?: ReactNode;
  children: (items: T[]) => ReactNode;
}) {
  if (list.error) return <KeysetError error={list.error} position={position} onRetry={list.reload} />;
  if (list.loading && !list.data) return <Loading />;
  const items = list.data?.items ?? [];
  if (!items.length && position.page === 1) return <>{empty ?? <Empty />}</>;
  return (
    <>
      <div aria-busy={list.loading}>{children(items)}</div>
      <KeysetPager position={position} next={list.data?.next} testId={testId} />
    </>
  );
}

/** A page's query: its cursor when not the first, and its size. */
export const pageQueryOf = (cursor: string, limit = 20) => ({
  limit: String(limit),
  ...(cursor ? { cursor } : {}),
});
