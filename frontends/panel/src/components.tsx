// Small pieces the panel's tabs share: the loading / error / empty states (money: @taal/web-shared/ui).
import type { ReactNode } from 'react';
import { useTranslation } from '@taal/web-shared/i18n';

export function TabLoading() {
  const { t } = useTranslation();
  return (
    <div className="page-loading" aria-busy="true" data-testid="tab-loading">
      <span className="spinner" aria-hidden="true" /> {t('common.loading')}
    </div>
  );
}

export function TabError({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="panel-alert" role="alert" data-testid="tab-error">
      {t('common.loadFailed')}{' '}
      <button type="button" className="linklike" onClick={onRetry}>
        {t('remote.retry')}
      </button>
    </div>
  );
}

/** The empty state of a tab (spec §8: empty wishlist and purchase history messages). */
export function TabEmpty({ children, action, testId }: { children: ReactNode; action?: ReactNode; testId: string }) {
  return (
    <div className="empty-state panel-empty" data-testid={testId}>
      <p>{children}</p>
      {action}
    </div>
  );
}
