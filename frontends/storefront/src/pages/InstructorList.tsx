// /instructorlist: the published instructors a server page at a time, oldest first (GET instructor/page,
// decision 0084), with the one keyset pager: the page's cursor in the address, so a copied link opens it.
import { useTranslation } from '@taal/web-shared/i18n';
import { answer, publicApi } from '@taal/web-shared/api';
import { KeysetError, KeysetPager, useKeysetPosition } from '@taal/web-shared/keyset';
import { useAsync } from '@taal/web-shared/useAsync';
import { InstructorCard } from '../components/InstructorCard';
import { CardSkeletons } from '../components/CardSkeletons';

export const PAGE_SIZE = 8;

export default function InstructorList() {
  const { t } = useTranslation();
  const position = useKeysetPosition();
  const { cursor } = position;
  const page = useAsync(
    async () => (await answer(publicApi.GET('/api/v1/instructor/page', { params: { query: { limit: String(PAGE_SIZE), ...(cursor ? { cursor } : {}) } } }))).data,
    [cursor],
  );
  const list = page.data?.items ?? [];
  return (
    <div>
      <h1 className="page-title">{t('instructors.title')}</h1>
      {page.error ? (
        <KeysetError error={page.error} position={position} onRetry={page.reload} />
      ) : page.loading && !page.data ? (
        <CardSkeletons count={4} />
      ) : list.length === 0 ? (
        <p className="card">{t('instructors.none')}</p>
      ) : (
        <>
          <div className="grid" data-testid="instructor-list" data-page={position.page}>
            {list.map((i) => (
              <InstructorCard key={i._id} instructor={i} />
            ))}
          </div>
          <KeysetPager position={position} next={page.data?.next} testId="instructor-pager" className="course-pager" />
        </>
      )}
    </div>
  );
}
