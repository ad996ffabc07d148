import { useState } from 'react';
import { useTranslation } from '@taal/web-shared/i18n';
import { api } from '@taal/web-shared/api';
import type { Instructor } from '@taal/web-shared/types';
import { useAsync } from '@taal/web-shared/useAsync';
import { InstructorCard } from '../components/InstructorCard';
import { CardSkeletons } from '../components/CardSkeletons';

export const PAGE_SIZE = 8;

export default function InstructorList() {
  const { t } = useTranslation();
  const { data, loading } = useAsync<Instructor[]>(() => api.instructors().catch(() => []), []);
  const [page, setPage] = useState(1);
  const list = data ?? [];
  const pages = Math.max(1, Math.ceil(list.length / PAGE_SIZE));
  const current = Math.min(page, pages);
  const shown = list.slice((current - 1) * PAGE_SIZE, current * PAGE_SIZE);
  return (
    <div>
      <h1 className="page-title">{t('instructors.title')}</h1>
      {loading && !data ? (
        <CardSkeletons count={4} />
      ) : list.length === 0 ? (
        <p className="card">{t('instructors.none')}</p>
      ) : (
        <>
          <div className="grid" data-testid="instructor-list">
            {shown.map((i) => (
              <InstructorCard key={i._id} instructor={i} />
            ))}
          </div>
          {pages > 1 && (
            <nav className="pagination" aria-label={t('common.pagination')}>
              {Array.from({ length: pages }, (_, i) => i + 1).map((n) => (
                <button key={n} type="button" aria-current={n === current ? 'page' : undefined} onClick={() => setPage(n)}>
                  {n}
                </button>
              ))}
            </nav>
          )}
        </>
      )}
    </div>
  );
}
