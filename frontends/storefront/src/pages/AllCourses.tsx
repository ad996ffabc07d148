import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useTranslation } from '@taal/web-shared/i18n';
import { api, clearApiCache } from '@taal/web-shared/api';
import { KeysetError, KeysetPager, useKeysetPosition } from '@taal/web-shared/keyset';
// The two lists from their own contracts module, not through web-shared's types (whose tiers would bring the
// course view's purchase rules into this first visit's chunk; /allcourses' budget).
import { COURSE_CATEGORIES as CATEGORIES, COURSE_LEVELS as LEVELS } from '@taal/contracts/web';
import type { Course } from '@taal/web-shared/types';
import { useAsync } from '@taal/web-shared/useAsync';
import { CourseCard, categoryKey } from '../components/CourseCard';
import { CardSkeletons } from '../components/CardSkeletons';
import { SearchBox } from '../components/SearchBox';
import { InstructorFilter } from '../components/InstructorFilter';
import { instructorNames } from '../components/instructor-names';

const EMPTY_RETRY_MS = 2000;
/** Spec §2: an empty list with no filter reloads once (not again and again). */
const EMPTY_RETRIES = 1;
/** Spec §9: the category pills on the course list, Drum and Guitar (the select keeps every category). */
export const CATEGORY_PILLS = [
  ['Drums', 'courses.pills.drum'],
  ['Guitar', 'courses.pills.guitar'],
] as const;
/** The sorts the server offers (decision 0078), '' for newest first, each with its label. */
const SORTS = [
  ['', 'reviews.sortNewest'],
  ['rating', 'reviews.sortRating'],
  ['price', 'courses.sortPriceLow'],
  ['price-desc', 'courses.sortPriceHigh'],
] as const;

const known = <T extends string>(values: readonly T[], value: string | null): T | '' => ((values as readonly string[]).includes(value ?? '') ? (value as T) : '');

/**
 * The published courses a server page at a time (issue 51, decision 0078): the filters, the sort and the
 * page's cursor live in the address and go to GET course/page, so a copied link opens the same page, and
 * the server draws the same page first (decision 0070: useAsync runs this load there too).
 */
export default function AllCourses() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const position = useKeysetPosition();
  const category = known(CATEGORIES, params.get('category'));
  const level = known(LEVELS, params.get('level'));
  const instructor = params.get('instructor') ?? '';
  const sort = known(['rating', 'price', 'price-desc'] as const, params.get('sort'));
  // The page's courses and the names of their instructors (read by id: a page's few, decision 0087), in one load
  // so the server's first screen has both.
  const page = useAsync<{ items: Course[]; next: string | null; names: Record<string, string> }>(async () => {
    const found = await api.coursePage({ category: category || undefined, level: level || undefined, instructor: instructor || undefined, sort: sort || undefined, cursor: position.cursor || undefined });
    return { ...found, names: await instructorNames(found.items.map((c) => c.instructor)) };
  }, [category, level, instructor, sort, position.cursor]);

  // A filter or sort changed: its first page (the cursor was a place in the list before).
  const setFilter = (key: string, value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    next.delete('cursor');
    next.delete('page');
    setParams(next, { replace: true });
  };

  // Spec: if the list stays empty with no filter set, fetch the courses again, once.
  const retries = useRef(0);
  const noFilter = !category && !level && !instructor;
  const reload = useRef(page.reload);
  reload.current = page.reload;
  const empty = !page.loading && !page.error && (page.data?.items.length ?? 0) === 0 && !position.cursor;
  useEffect(() => {
    if (!empty || !noFilter || retries.current >= EMPTY_RETRIES) return;
    const timer = window.setTimeout(() => {
      retries.current += 1;
      clearApiCache();
      reload.current();
    }, EMPTY_RETRY_MS);
    return () => window.clearTimeout(timer);
  }, [empty, noFilter, page.data]);

  const names = page.data?.names ?? {};
  const visible = page.data?.items ?? [];
  // The count is the whole list's only when it is one page.
  const onePage = position.page === 1 && !page.data?.next;

  return (
    <div className="all-courses">
      <h1 className="page-title">{t('courses.title')}</h1>
      <SearchBox testId="allcourses-search" />
      <div className="filters" role="search">
        <label>
          {t('courses.category')}
          <select value={category} onChange={(e) => setFilter('category', e.target.value)} data-testid="filter-category">
            <option value="">{t('courses.allCategories')}</option>
            {CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {t(categoryKey(c))}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('courses.instructor')}
          <InstructorFilter value={instructor} name={page.data?.names[instructor] ?? ''} onChange={(id) => setFilter('instructor', id)} />
        </label>
        <label>
          {t('courses.level')}
          <select value={level} onChange={(e) => setFilter('level', e.target.value)} data-testid="filter-level">
            <option value="">{t('courses.allLevels')}</option>
            {LEVELS.map((l) => (
              <option key={l} value={l}>
                {t(`levels.${l}`)}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('reviews.sortBy')}
          <select value={sort} onChange={(e) => setFilter('sort', e.target.value)} data-testid="sort-courses">
            {SORTS.map(([value, key]) => (
              <option key={value} value={value}>
                {t(key)}
              </option>
            ))}
          </select>
        </label>
        <div className="pills" aria-label={t('courses.category')} data-testid="category-pills">
          {CATEGORY_PILLS.map(([value, key]) => (
            <button key={value} type="button" className="pill" aria-pressed={category === value} onClick={() => setFilter('category', category === value ? '' : value)}>
              {t(key)}
            </button>
          ))}
        </div>
        <div className="pills" aria-label={t('courses.level')}>
          {LEVELS.map((l) => (
            <button key={l} type="button" className="pill" aria-pressed={level === l} onClick={() => setFilter('level', level === l ? '' : l)}>
              {t(`levels.${l}`)}
            </button>
          ))}
        </div>
        {!noFilter && (
          <button type="button" className="btn btn-outline btn-sm" onClick={() => setParams(new URLSearchParams(), { replace: true })}>
            {t('courses.clearFilters')}
          </button>
        )}
      </div>
      {page.error ? (
        <KeysetError error={page.error} position={position} onRetry={page.reload} />
      ) : page.loading && !page.data ? (
        <CardSkeletons />
      ) : (
        <>
          {onePage && (
            <p className="muted" data-testid="course-count">
              {t('courses.count', { count: visible.length })}
            </p>
          )}
          {visible.length === 0 ? (
            <p className="card" data-testid="no-courses">
              {t('courses.none')}
            </p>
          ) : (
            <div className="grid" data-testid="course-list" data-page={position.page}>
              {visible.map((c) => (
                <CourseCard key={c._id} course={c} instructorName={names[c.instructor]} />
              ))}
            </div>
          )}
          <KeysetPager position={position} next={page.data?.next} testId="course-pager" className="course-pager" />
        </>
      )}
    </div>
  );
}
