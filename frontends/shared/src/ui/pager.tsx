import { formatNumber } from '@taal/web-shared/format';
import { useTranslation } from '@taal/web-shared/i18n';

/** Previous / numbered / next page buttons (a window of pages around the current one). */
export function Pager({ page, pages, onPage, testId }: { page: number; pages: number; onPage: (p: number) => void; testId?: string }) {
  const { t } = useTranslation();
  if (pages <= 1) return null;
  const from = Math.max(0, Math.min(page - 2, pages - 5));
  const shown = Array.from({ length: Math.min(5, pages) }, (_, i) => from + i);
  return (
    <nav className="pagination admin-pager" aria-label={t('common.pagination')} data-testid={testId}>
      <button type="button" disabled={page === 0} onClick={() => onPage(page - 1)}>
        {t('common.previous')}
      </button>
      {shown.map((p) => (
        <button key={p} type="button" aria-current={p === page ? 'page' : undefined} onClick={() => onPage(p)}>
          {formatNumber(p + 1)}
        </button>
      ))}
      <button type="button" disabled={page >= pages - 1} onClick={() => onPage(page + 1)}>
        {t('common.next')}
      </button>
    </nav>
  );
}

export function pageOf<T>(rows: T[], page: number, size: number): { rows: T[]; pages: number; page: number } {
  const pages = Math.max(1, Math.ceil(rows.length / size));
  const p = Math.min(Math.max(0, page), pages - 1);
  return { rows: rows.slice(p * size, p * size + size), pages, page: p };
}
