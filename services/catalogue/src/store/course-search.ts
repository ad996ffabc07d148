/**
 * The back office's course picker (issue 51, decision 0087): the first courses whose title starts with what was
 * typed, any case, by title then id (a prefix range of migration 014's `lower(title) COLLATE "C"` index, read in
 * order), and some courses by id (each by its primary key: the titles of a page of reviews).
 */
import type { SqlExecutor } from '@taal/kit';
import type { catalogueV1 } from '@taal/contracts';
import { type CourseRow, toCourse } from './course-rows';

/** At most this many ids are read at once. */
export const COURSES_BY_ID_MAX = 100;

/** The first `limit` courses whose title starts with `query` (any case); LIKE's own characters are letters. */
export async function searchCourses(sql: SqlExecutor, query: string, includeUnpublished: boolean, limit: number): Promise<catalogueV1.Course[]> {
  const prefix = `${query.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const { rows } = await sql.query<CourseRow>(
    `SELECT * FROM catalogue.course
      WHERE ${includeUnpublished ? '' : 'published AND '}lower(title) COLLATE "C" LIKE $1
      ORDER BY lower(title) COLLATE "C", id
      LIMIT $2`,
    [prefix, limit],
  );
  return rows.map(toCourse);
}

/** The courses these ids name (published ones only unless `includeUnpublished`), unknown ids left out. */
export async function coursesByIds(sql: SqlExecutor, ids: string[], includeUnpublished: boolean): Promise<catalogueV1.Course[]> {
  const wanted = [...new Set(ids.filter(Boolean))].slice(0, COURSES_BY_ID_MAX);
  if (!wanted.length) return [];
  const { rows } = await sql.query<CourseRow>(`SELECT * FROM catalogue.course WHERE id = ANY($1::text[])${includeUnpublished ? '' : ' AND published'}`, [wanted]);
  return rows.map(toCourse);
}
