/**
 * The visitor's course list a keyset page at a time (issue 51, decision 0078): published courses, filtered
 * by category, level and instructor, sorted newest first, by rating or by price; each sort and filter with
 * its index (migration 009), each filter its own statement text so the planner reads that index in order.
 */
import { decodeKeysCursor, keysetOrdered, keysetPageBy, keysetSelect, pageSizeOf, refuse, type KeysetOrder, type KeysetPage, type SqlExecutor } from '@taal/kit';
import type { catalogueV1 } from '@taal/contracts';
import { type CourseRow, toCourse } from './course-rows';

/** The course list's sorts: newest first, the best rated first, the cheapest or the dearest first. */
export const COURSE_SORTS = ['newest', 'rating', 'price', 'price-desc'] as const;
export type CourseSort = (typeof COURSE_SORTS)[number];

const ORDERS: Record<CourseSort, KeysetOrder> = {
  newest: { keys: [{ column: 'created_at', type: 'timestamptz' }], direction: 'desc' },
  rating: { keys: [{ column: 'rating_rank', type: 'integer' }, { column: 'rating_count', type: 'integer' }], direction: 'desc' },
  price: { keys: [{ column: 'price', type: 'bigint' }], direction: 'asc' },
  'price-desc': { keys: [{ column: 'price', type: 'bigint' }], direction: 'desc' },
};

export interface CoursePageFilter {
  category?: string;
  level?: string;
  instructorId?: string;
  /** Empty or none: newest. */
  sort?: string;
}

/** The sort a request names ('' is newest); another: UNKNOWN_COURSE_SORT. */
export function courseSortOf(sort: string | undefined): CourseSort {
  if (!sort) return 'newest';
  if (!(COURSE_SORTS as readonly string[]).includes(sort)) throw refuse('UNKNOWN_COURSE_SORT');
  return sort as CourseSort;
}

/** One page of published courses matching `filter` after `cursor` (INVALID_CURSOR when it is not one of this sort's). */
export async function listCoursePage(sql: SqlExecutor, filter: CoursePageFilter, cursor: string, limit: number): Promise<KeysetPage<catalogueV1.Course>> {
  const sort = courseSortOf(filter.sort);
  const order = ORDERS[sort];
  // Each sort its own list: a cursor of another sort names no place in this one.
  const list = `courses:${sort}`;
  const size = pageSizeOf(limit);
  const keyset = keysetOrdered(order, decodeKeysCursor(list, order, cursor), 4, size);
  const where = [
    'published',
    filter.category ? 'category = $1' : '$1::text IS NULL',
    filter.level ? 'level = $2' : '$2::text IS NULL',
    filter.instructorId ? 'instructor_id = $3' : '$3::text IS NULL',
  ];
  const { rows } = await sql.query<CourseRow & { id: string }>(
    `SELECT *, ${keysetSelect(order)} FROM catalogue.course
      WHERE ${where.join(' AND ')} AND ${keyset.where}
      ${keyset.orderBy} ${keyset.limitSql}`,
    [filter.category || null, filter.level || null, filter.instructorId || null, ...keyset.params],
  );
  const page = keysetPageBy(list, order, rows, size);
  return { items: page.items.map(toCourse), next: page.next };
}

/**
 * The back office's list (decision 0084): every course, published or not (or the featured ones), newest
 * first, each filter its own statement text over its own index (migration 011).
 */
export async function listAdminCoursePage(sql: SqlExecutor, featuredOnly: boolean, cursor: string, limit: number): Promise<KeysetPage<catalogueV1.Course>> {
  const order = ORDERS.newest;
  const list = featuredOnly ? 'courses:admin:featured' : 'courses:admin';
  const size = pageSizeOf(limit);
  const keyset = keysetOrdered(order, decodeKeysCursor(list, order, cursor), 1, size);
  const { rows } = await sql.query<CourseRow & { id: string }>(
    `SELECT *, ${keysetSelect(order)} FROM catalogue.course
      WHERE ${featuredOnly ? 'featured AND ' : ''}${keyset.where}
      ${keyset.orderBy} ${keyset.limitSql}`,
    keyset.params,
  );
  const page = keysetPageBy(list, order, rows, size);
  return { items: page.items.map(toCourse), next: page.next };
}

/** The landing page's counters: published courses and the times they were sold. */
export async function courseFigures(sql: SqlExecutor): Promise<{ publishedCourses: number; sold: number; allCourses: number; instructors: number }> {
  // Kept by triggers (migration 010, decision 0083): four rows, whatever the catalogue's size.
  const { rows } = await sql.query<{ name: string; n: string }>(`SELECT name, n FROM catalogue.kept_count`);
  const n = (name: string) => Number(rows.find((r) => r.name === name)?.n ?? 0);
  return { publishedCourses: n('published_courses'), sold: n('published_sold'), allCourses: n('courses'), instructors: n('instructors') };
}
