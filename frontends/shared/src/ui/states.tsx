// The one set of loading and empty states (the error, with `AsyncView`, is in async-view.tsx). Two
// looks, the same messages in both languages: the back office's boxed notes ('Loading ...', 'No
// data found') and the site's spinner (storefront, panel). A remote sets its look once at its root
// (`<StateLook value="admin">`).
import { createContext, useContext, type ReactNode } from 'react';
import { useTranslation } from '@taal/web-shared/i18n';

export type Look = 'admin' | 'site';
const LookContext = createContext<Look>('site');
/** Sets the look of every state below it (the back office's root sets 'admin'). */
export const StateLook = LookContext.Provider;
/** The look set above. */
export const useLook = (): Look => useContext(LookContext);

export function Loading() {
  const { t } = useTranslation();
  if (useLook() === 'admin') {
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

/** An empty list: 'No data found' (back office §2), or the site's message and what to do next. */
export function Empty({ children, action, testId = 'no-data' }: { children?: ReactNode; action?: ReactNode; testId?: string }) {
  const { t } = useTranslation();
  if (useLook() === 'admin') {
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
