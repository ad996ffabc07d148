import { useNavigate } from 'react-router-dom';
import { useTranslation } from '@taal/web-shared/i18n';
import { SearchForm } from '@taal/web-shared/search-form';

/** A search box that opens the results page (the course list and the results page carry one). */
export function SearchBox({ initial = '', testId }: { initial?: string; testId: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <SearchForm
      initial={initial}
      go={(url) => navigate(url)}
      className="page-search"
      formLabel={t('search.pageLabel')}
      submit={t('search.submit')}
      submitClassName="btn btn-primary btn-sm"
      testId={testId}
    />
  );
}
