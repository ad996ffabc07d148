// Long lists a server page at a time (issue 51, decisions 0074 and 0078: the back office's tables and the
// visitor's course list): the page's cursor and
// number live in the address (?cursor=…&page=3), so a copied link opens that page. Next carries the
// page's `next`; Previous walks back the cursors this tab came through (history state); a link opened
// afresh offers the first page instead. An edited cursor is refused (INVALID_CURSOR) and said so.
import { useLocation, useSearchParams } from 'react-router-dom';
import { useTranslation } from '@taal/web-shared/i18n';
import { formatNumber } from '@taal/web-shared/format';
import { translateApiError } from '@taal/web-shared/errors';

/** A page as the paged routes answer it. */
export interface KeysetPage<T> {
  items: T[];
  next: string | null;
}

export interface KeysetPosition {
  /** The page's cursor ('' for the first page): what the API is asked for. */
  cursor: string;
  /** The page's number, from 1 (for showing; the cursor says where it starts). */
  page: number;
  /** To the page after this one. */
  next: (cursor: string) => void;
  /** Back through this tab's trail, or to the first page. */
  previous: (() => void) | null;
  first: () => void;
}

/**
 * The page the address names, and the moves from it (other query parameters, e.g. a section, are kept).
 * Two lists on one screen each give a `name`: theirs are `?<name>Cursor=…&<name>Page=N` (decision 0085).
 */
export function useKeysetPosition(name = ''): KeysetPosition {
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const [cursorKey, pageKey, trailKey] = name ? [`${name}Cursor`, `${name}Page`, `trail:${name}`] : ['cursor', 'page', 'trail'];
  const cursor = params.get(cursorKey) ?? '';
  const page = cursor ? Math.max(2, Math.min(1_000_000, Math.floor(Number(params.get(pageKey))) || 2)) : 1;
  const state = (location.state ?? {}) as Record<string, unknown>;
  const trail = (Array.isArray(state[trailKey]) ? state[trailKey] : []) as string[];
  const go = (to: string, number: number, nextTrail: string[]) => {
    const p = new URLSearchParams(params);
    if (to) {
      p.set(cursorKey, to);
      p.set(pageKey, String(number));
    } else {
      p.delete(cursorKey);
      p.delete(pageKey);
    }
    setParams(p, { state: { ...state, [trailKey]: nextTrail } });
    window.scrollTo?.(0, 0);
  };
  return {
    cursor,
    page,
    next: (to) => go(to, page + 1, [...trail, cursor]),
    previous: trail.length ? () => go(trail[trail.length - 1]!, page - 1, trail.slice(0, -1)) : null,
    first: () => go('', 1, []),
  };
}

/** First page, Previous, the page's number, Next (when the server says there is one). */
export function KeysetPager({
  position,
  next,
  testId = 'keyset-pager',
  className = 'admin-pager',
}: {
  position: KeysetPosition;
  next: string | null | undefined;
  testId?: string;
  className?: string;
}) {
  const { t } = useTranslation();
  if (position.page === 1 && !next) return null;
  return (
    <nav className={`pagination ${className} keyset-pager`} aria-label={t('common.pagination')} data-testid={testId}>
      {position.page > 1 && !position.previous && (
        <button type="button" onClick={position.first} data-testid="page-first">
          {t('common.firstPage')}
        </button>
      )}
      <button type="button" disabled={!position.previous} onClick={() => position.previous?.()} data-testid="page-previous">
        {t('common.previous')}
      </button>
      <span aria-current="page" data-testid="page-number">
        {t('common.pageNumber', { page: formatNumber(position.page) })}
      </span>
      <button type="button" disabled={!next} onClick={() => next && position.next(next)} data-testid="page-next">
        {t('common.next')}
      </button>
    </nav>
  );
}

/** A page that failed to load: the refusal in the reader's language (an edited link: start again), the first page, and retry. */
export function KeysetError({ error, position, onRetry }: { error: unknown; position: KeysetPosition; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="alert-error admin-alert" role="alert" data-testid="admin-error">
      {translateApiError(t, error)}{' '}
      {position.cursor ? (
        <button type="button" className="linklike" onClick={position.first} data-testid="page-first">
          {t('common.firstPage')}
        </button>
      ) : (
        <button type="button" className="linklike" onClick={onRetry}>
          {t('remote.retry')}
        </button>
      )}
    </div>
  );
}
