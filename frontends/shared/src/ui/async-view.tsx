// The one set of loading, empty and error states, and `AsyncView`, which picks one of them (or the
// content) from a `useAsync` state. Two looks, the same messages in both languages: the back
// office's boxed notes ('Loading ...', 'No data found') and the site's spinner (storefront, panel).
// A remote sets its look once at its root (`<StateLook value="admin">`).
import { createContext, useContext, type ReactNode } from 'react';
import { useTranslation } from '@taal/web-shared/i18n';

export type Look = 'admin' | 'site';
const LookContext = createContext<Look>('site');
/** Sets the look of every state below it (the back office's root sets 'admin'). */
export const StateLook = LookContext.Provider;

export function Loading() {
  const { t } = useTranslation();
  if (useContext(LookContext) === 'admin') {
    return (
      <p className="admin-loading" aria-busy="true" data-testid="admin-loading">
        {t('admin.loading')}
      </p>
    );
  }
  return (
    <div className="page-loading" aria-busy="true" data-testid="page-loading">
      <span className="spinner" aria-hidden="true" /> {t('common.loading')}
    </div>
  );
}

export function LoadError({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  const admin = useContext(LookContext) === 'admin';
  return (
    <div className={admin ? 'alert-error admin-alert' : 'panel-alert'} role="alert" data-testid={admin ? 'admin-error' : 'tab-error'}>
      {t('common.loadFailed')}{' '}
      <button type="button" className="linklike" onClick={onRetry}>
        {t('remote.retry')}
      </button>
    </div>
  );
}

/** An empty list: 'No data found' (back office §2), or the site's message and what to do next. */
export function Empty({ children, action, testId = 'no-data' }: { children?: ReactNode; action?: ReactNode; testId?: string }) {
  const { t } = useTranslation();
  if (useContext(LookContext) === 'admin') {
    return (
      <p className="admin-empty" data-testid={testId}>
        {children ?? t('admin.noData')}
      </p>
    );
  }
  return (
    <div className="empty-state panel-empty" data-testid={testId}>
      <p>{children ?? t('admin.noData')}</p>
      {action}
    </div>
  );
}

/** What `useAsync` gives (its `reload` retries after an error). */
export interface AsyncViewState<T> {
  data: T | undefined;
  error: unknown;
  loading: boolean;
  reload: () => void;
}

const noRows = (data: unknown) => Array.isArray(data) && data.length === 0;

/**
 * The error (with a retry), else 'loading' until the first data, else `empty` when there is
 * nothing to show (an empty list, unless `isEmpty` says otherwise), else the content. Data that
 * is being reloaded stays on screen; a load not started (no data, not loading) shows `empty`.
 */
export function AsyncView<T>({
  state,
  empty,
  isEmpty = noRows,
  children,
}: {
  state: AsyncViewState<T>;
  /** Shown instead of the content when `isEmpty(data)`; none: the content is always shown. */
  empty?: ReactNode;
  isEmpty?: (data: T) => boolean;
  children: (data: T) => ReactNode;
}) {
  if (state.error) return <LoadError onRetry={state.reload} />;
  if (state.data === undefined) return state.loading ? <Loading /> : <>{empty}</>;
  if (empty !== undefined && isEmpty(state.data)) return <>{empty}</>;
  return <>{children(state.data)}</>;
}
