import { useEffect, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useTranslation } from '@taal/web-shared/i18n';
import { api, clearApiCache } from '@taal/web-shared/api';
import { CATEGORIES, LEVELS, type Course, type Instructor } from '@taal/web-shared/types';
import { useAsync } from '@taal/web-shared/useAsync';
import { CourseCard, categoryKey } from '../components/CourseCard';
import { CardSkeletons } from '../components/CardSkeletons';
import { SearchBox } from '../components/SearchBox';

const EMPTY_RETRY_MS = 2000;
/** Spec §2: an empty list with no filter reloads once (not again and again). */
const EMPTY_RETRIES = 1;
/** Spec §9: the category pills on the course list, Drum and Guitar (the select keeps every category). */
export const CATEGORY_PILLS = [
  ['Drums', 'courses.pills.drum'],
  ['Guitar', 'courses.pills.guitar'],
] as const;

export default function AllCourses() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const category = params.get('category') ?? '';
  const level = params.get('level') ?? '';
  const instructor = params.get('instructor') ?? '';
  const sort = params.get('sort') === 'rating' ? 'rating' : '';
  const courses = useAsync<Course[]>(() => api.courses().catch(() => []), []);
  const instructors = useAsync<Instructor[]>(() => api.instructors().catch(() => []), []);

  const setFilter = (key: string, value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    setParams(next, { replace: true });
  };

  // Spec: if the list stays empty with no filter set, fetch the courses again, once.
  const retries = useRef(0);
  const noFilter = !category && !level && !instructor;
  const reload = useRef(courses.reload);
  reload.current = courses.reload;
  const empty = !courses.loading && (courses.data?.length ?? 0) === 0;
  useEffect(() => {
    if (!empty || !noFilter || retries.current >= EMPTY_RETRIES) return;
    const timer = window.setTimeout(() => {
      retries.current += 1;
      clearApiCache();
      reload.current();
    }, EMPTY_RETRY_MS);
    return () => window.clearTimeout(timer);
  }, [empty, noFilter, courses.data]);

  const names = useMemo(() => new Map((instructors.data ?? []).map((i) => [i._id, i.name])), [instructors.data]);
  const visible = (courses.data ?? []).filter(
    (c) => c.published !== false && (!category || c.catagory === category) && (!level || c.courseType === level) && (!instructor || c.instructor === instructor),
  );
  // Newest first as the catalogue answers; by rating: the best average first, then the most reviewed.
  if (sort === 'rating') visible.sort((a, b) => b.rating - a.rating || b.ratingCount - a.ratingCount);

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
          <select value={instructor} onChange={(e) => setFilter('instructor', e.target.value)} data-testid="filter-instructor">
            <option value="">{t('courses.allInstructors')}</option>
            {(instructors.data ?? []).map((i) => (
              <option key={i._id} value={i._id}>
                {i.name}
              </option>
            ))}
          </select>
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
            <option value="">{t('reviews.sortNewest')}</option>
            <option value="rating">{t('reviews.sortRating')}</option>
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
      {courses.loading && !courses.data ? (
        <CardSkeletons />
      ) : (
        <>
          <p className="muted" data-testid="course-count">
            {t('courses.count', { count: visible.length })}
          </p>
          {visible.length === 0 ? (
            <p className="card" data-testid="no-courses">
              {t('courses.none')}
            </p>
          ) : (
            <div className="grid" data-testid="course-list">
              {visible.map((c) => (
                <CourseCard key={c._id} course={c} instructorName={names.get(c.instructor)} />
              ))}
            </div>
          )}
        </>
      )}
    </div>
  );
}
