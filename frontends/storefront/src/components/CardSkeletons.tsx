// The course grid's placeholder while its cards load (the page's spinner: Loading in @taal/web-shared/ui).
import { useTranslation } from '@taal/web-shared/i18n';

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
