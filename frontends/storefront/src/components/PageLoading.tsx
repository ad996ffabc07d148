import { useTranslation } from '@taal/web-shared/i18n';

export function PageLoading() {
  const { t } = useTranslation();
  return (
    <div className="page-loading" aria-busy="true">
      <span className="spinner" aria-hidden="true" /> {t('common.loading')}
    </div>
  );
}

export function CardSkeletons({ count = 8 }: { count?: number }) {
  const { t } = useTranslation();
  return (
    <div className="grid" aria-busy="true" aria-label={t('common.loading')} data-testid="courses-loading">
      {Array.from({ length: count }, (_, i) => (
        <div key={i} className="skeleton" />
      ))}
    </div>
  );
}
