import { Fragment, useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useTranslation } from '@taal/web-shared/i18n';
import { answer, publicApi, type ApiPaths } from '@taal/web-shared/api';
import { translateApiError } from '@taal/web-shared/errors';
import { formatNumber } from '@taal/web-shared/format';
import { CATEGORIES } from '@taal/web-shared/types';
import { useAsync } from '@taal/web-shared/useAsync';
import { CourseCard, categoryKey } from '../components/CourseCard';
import { PriceLine } from '../components/PriceLine';
import { CardSkeletons } from '../components/CardSkeletons';
import { SearchBox } from '../components/SearchBox';
import { linkTo } from '@taal/web-shared/routes';

type Result = ApiPaths['/api/v1/search']['get']['responses'][200]['content']['application/json']['data'];
type Mark = { start: number; end: number };

/** Text with its matched stretches in <mark>: plain text nodes only, never HTML from the answer. */
export function Highlighted({ text, marks }: { text: string; marks: Mark[] }) {
  const parts: React.ReactNode[] = [];
  let at = 0;
  for (const [i, m] of [...marks].sort((a, b) => a.start - b.start).entries()) {
    if (m.start < at || m.end > text.length) continue;
    if (m.start > at) parts.push(<Fragment key={`t${i}`}>{text.slice(at, m.start)}</Fragment>);
    parts.push(<mark key={`m${i}`}>{text.slice(m.start, m.end)}</mark>);
    at = m.end;
  }
  if (at < text.length) parts.push(<Fragment key="rest">{text.slice(at)}</Fragment>);
  return <>{parts}</>;
}

function EmptyState({ query, suggestions }: { query: string; suggestions: Result['suggestions'] }) {
  const { t } = useTranslation();
  return (
    <div className="search-empty" data-testid="search-empty">
      <p className="card">{t('search.none', { query })}</p>
      <h2>{t('search.tryCategory')}</h2>
      <div className="pills">
        {CATEGORIES.map((c) => (
          <Link key={c} to={linkTo('/allcourses', { category: c })} className="pill">
            {t(categoryKey(c))}
          </Link>
        ))}
      </div>
      {suggestions.length > 0 && (
        <>
          <h2>{t('search.popular')}</h2>
          <div className="grid" data-testid="search-suggestions">
            {suggestions.map((c) => (
              <CourseCard key={c._id} course={c} />
            ))}
          </div>
        </>
      )}
    </div>
  );
}

function Results({ result }: { result: Result }) {
  const { t } = useTranslation();
  const total = result.courses.length + result.instructors.length + result.freebies.length;
  // data-query: which query the shown results answer (the previous ones stay while the next load).
  if (total === 0)
    return (
      <div data-testid="search-results" data-query={result.query}>
        <EmptyState query={result.query} suggestions={result.suggestions} />
      </div>
    );
  return (
    <div data-testid="search-results" data-query={result.query}>
      <p className="muted" data-testid="search-count">
        {t('search.count', { count: total, n: formatNumber(total), query: result.query })}
      </p>
      {result.courses.length > 0 && (
        <section aria-labelledby="search-courses">
          <h2 id="search-courses">{t('search.courses')}</h2>
          <ol className="search-hits" data-testid="search-courses">
            {result.courses.map((h) => (
              <li key={h.course._id}>
                <Link to={linkTo('/courseview', { id: h.course._id })} className="card search-hit" data-testid="search-course">
                  <img src={h.course.thumbnail || undefined} alt="" loading="lazy" className="search-thumb" />
                  <div>
                    <h3>
                      <Highlighted text={h.course.title} marks={h.titleMarks} />
                    </h3>
                    <p className="muted">
                      {h.instructorName} · {t(categoryKey(h.course.catagory))} · {t(`levels.${h.course.courseType}`)}
                    </p>
                    {h.snippet && (
                      <p className="search-snippet">
                        <Highlighted text={h.snippet} marks={h.snippetMarks} />
                      </p>
                    )}
                    <PriceLine price={h.course.price} oldPrice={h.course.oldPrice} />
                  </div>
                </Link>
              </li>
            ))}
          </ol>
        </section>
      )}
      {result.instructors.length > 0 && (
        <section aria-labelledby="search-instructors">
          <h2 id="search-instructors">{t('search.instructors')}</h2>
          <ul className="search-chips" data-testid="search-instructors">
            {result.instructors.map((i) => (
              <li key={i._id}>
                <Link to={linkTo('/instructorview/:id', { id: i._id })} className="card search-chip" data-testid="search-instructor">
                  <img src={i.photo || undefined} alt="" width={40} height={40} loading="lazy" className="avatar" />
                  <span>
                    <strong>
                      <Highlighted text={i.name} marks={i.nameMarks} />
                    </strong>
                    {i.band && <span className="muted"> · {i.band}</span>}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      )}
      {result.freebies.length > 0 && (
        <section aria-labelledby="search-freebies">
          <h2 id="search-freebies">{t('search.freebies')}</h2>
          <ul className="search-chips" data-testid="search-freebies">
            {result.freebies.map((f) => (
              <li key={f._id}>
                <Link to={linkTo('/freebies/:id', { id: f._id })} className="card search-chip" data-testid="search-freebie">
                  <span>
                    <strong>
                      <Highlighted text={f.title} marks={f.titleMarks} />
                    </strong>
                    <span className="muted"> · {t(`freebies.category.${f.catagory.replace(/[^A-Za-z]/g, '')}`)}</span>
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}

const BENGALI = /[\u0980-\u09FF]/;

/**
 * Whether the Bengali web font is ready when the query has Bengali: text shaped while it was still
 * loading can keep the fallback's empty boxes in Chromium (shell/src/fonts.ts), and an English
 * page has not loaded it; the heading and the box are drawn again once it is there.
 */
function useBengaliFont(text: string): boolean {
  const needed = BENGALI.test(text);
  const [ready, setReady] = useState(() => !needed || document.fonts.check('700 16px "Noto Sans Bengali"', 'বাংলা'));
  useEffect(() => {
    if (!needed || ready) return;
    let live = true;
    const done = () => live && setReady(true);
    Promise.all([400, 700].map((w) => document.fonts.load(`${w} 16px "Noto Sans Bengali"`, 'বাংলা'))).then(done, done);
    return () => {
      live = false;
    };
  }, [needed, ready]);
  return ready;
}

/** The results page (/search?q=…): ranked courses, instructors and freebies with the matched words marked. */
export default function Search() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const q = (params.get('q') ?? '').trim();
  const fontReady = useBengaliFont(q);
  const found = useAsync<Result | null>(
    () => (q ? answer(publicApi.GET('/api/v1/search', { params: { query: { q } } })).then((a) => a.data) : Promise.resolve(null)),
    [q],
  );
  return (
    <div className="search-page">
      <h1 key={`title-${String(fontReady)}`} className="page-title">
        {q ? t('search.titleFor', { query: q }) : t('search.title')}
      </h1>
      <SearchBox key={`${q}-${String(fontReady)}`} initial={q} testId="search-page-box" />
      {!q ? null : found.loading && !found.data ? (
        <CardSkeletons />
      ) : found.error ? (
        <p className="card error" role="alert" data-testid="search-error">
          {translateApiError(t, found.error, 'search.failed')}
        </p>
      ) : found.data ? (
        <Results result={found.data} />
      ) : null}
    </div>
  );
}
