// The one search form (issue 24): the header's box (shell) and the storefront's page boxes differ
// in how they navigate, their class and their button, not in what they send.
import { useState, type ReactNode } from 'react';
import { SEARCH_QUERY_MAX } from '@taal/contracts/web';
import { useTranslation } from './i18n';
import { linkTo } from '@taal/web-shared/routes';

/** The results page's address for a query. */
export const searchUrl = (query: string) => linkTo('/search', { q: query });

export function SearchForm({
  initial = '',
  go,
  className,
  formLabel,
  submit,
  submitClassName,
  submitLabel,
  testId,
}: {
  initial?: string;
  /** Opens a URL of this app (react-router's navigate, or single-spa's navigateToUrl in the shell). */
  go: (url: string) => void;
  className: string;
  formLabel: string;
  submit: ReactNode;
  submitClassName: string;
  submitLabel?: string;
  testId: string;
}) {
  const { t } = useTranslation();
  // What the box starts with; a caller shows another query by drawing the form anew (its key).
  const [q, setQ] = useState(initial);
  return (
    <form
      role="search"
      aria-label={formLabel}
      className={className}
      onSubmit={(e) => {
        e.preventDefault();
        const query = q.trim();
        if (query) go(searchUrl(query));
      }}
    >
      <input
        type="search"
        name="q"
        value={q}
        maxLength={SEARCH_QUERY_MAX}
        onChange={(e) => setQ(e.target.value)}
        placeholder={t('search.placeholder')}
        aria-label={t('search.label')}
        enterKeyHint="search"
        data-testid={testId}
      />
      <button type="submit" className={submitClassName} aria-label={submitLabel}>
        {submit}
      </button>
    </form>
  );
}
