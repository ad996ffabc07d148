// The error of a load, with another try, and `AsyncView`, which picks the error, loading, empty
// (states.tsx) or the content from a `useAsync` state. Apart from the states because a remote's first
// chunk holds `Loading` (its routes' Suspense fallback): a module's used exports go where the module
// goes, so an error used by one page would otherwise be paid for by every first visit.
import type { ReactNode } from 'react';
import { useTranslation } from '@taal/web-shared/i18n';
import { Loading, useLook } from './states';

/** `message`: what could not be loaded (default: the general 'Something went wrong while loading'). */
export function LoadError({ onRetry, message }: { onRetry: () => void; message?: string }) {
  const { t } = useTranslation();
  const admin = useLook() === 'admin';
  return (
    <div className={admin ? 'alert-error admin-alert' : 'panel-alert'} role="alert" data-testid={admin ? 'admin-error' : 'tab-error'}>
      {message ?? t('common.loadFailed')}{' '}
      <button type="button" className="linklike" onClick={onRetry}>
        {t('remote.retry')}
      </button>
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
