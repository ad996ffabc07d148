import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from '@taal/web-shared/i18n';

/** The longest query the search route takes (characters). */
export const SEARCH_MAX = 100;

/** A search box that opens the results page (the course list and the results page carry one). */
export function SearchBox({ initial = '', testId }: { initial?: string; testId: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [q, setQ] = useState(initial);
  return (
    <form
      role="search"
      aria-label={t('search.pageLabel')}
      className="page-search"
      onSubmit={(e) => {
        e.preventDefault();
        const query = q.trim();
        if (query) navigate(`/search?q=${encodeURIComponent(query)}`);
      }}
    >
      <input
        type="search"
        name="q"
        value={q}
        maxLength={SEARCH_MAX}
        onChange={(e) => setQ(e.target.value)}
        placeholder={t('search.placeholder')}
        aria-label={t('search.label')}
        enterKeyHint="search"
        data-testid={testId}
      />
      <button type="submit" className="btn btn-primary btn-sm">
        {t('search.submit')}
      </button>
    </form>
  );
}
