import type { ReactNode } from 'react';
import { useTranslation } from '@taal/web-shared/i18n';

/** Back office §2: 'Loading ...' while loading. */
export function Loading() {
  const { t } = useTranslation();
  return (
    <p className="admin-loading" aria-busy="true" data-testid="admin-loading">
      {t('admin.loading')}
    </p>
  );
}

/** Back office §2: 'No data found' for empty lists. */
export function NoData() {
  const { t } = useTranslation();
  return (
    <p className="admin-empty" data-testid="no-data">
      {t('admin.noData')}
    </p>
  );
}

export function LoadError({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="alert-error admin-alert" role="alert" data-testid="admin-error">
      {t('common.loadFailed')}{' '}
      <button type="button" className="linklike" onClick={onRetry}>
        {t('remote.retry')}
      </button>
    </div>
  );
}

export function AdminPage({ title, actions, children, testId }: { title: string; actions?: ReactNode; children: ReactNode; testId: string }) {
  return (
    <section className="admin-page" data-testid={testId}>
      <header className="admin-page-head">
        <h1>{title}</h1>
        {actions && <div className="admin-page-actions">{actions}</div>}
      </header>
      {children}
    </section>
  );
}
