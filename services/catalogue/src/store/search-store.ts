import type { Sql, SqlExecutor } from '@taal/kit';
import type { catalogueV1 } from '@taal/contracts';
import { toCourse as toCourseRow, type CourseRow } from './catalogue-store';

/**
 * The search queries (decision 0031) on the generated columns of migrations/004_search.sql:
 * `search_doc` (weighted tsvector, 'simple' configuration, Bengali without vowel signs) and
 * `search_head` (title, subtitle, category: where typos are forgiven through pg_trgm's word
 * similarity, `<%`). Visitors see published courses and instructors only; freebies have no drafts.
 *
 * A hit's score: ts_rank of the words (title A, subtitle and category B, description C) plus the
 * word similarity of the query to the head, plus 0.3 for a course whose instructor matches.
 * Typos: a word similarity of 0.5 (pg_trgm's default 0.6 misses "mastring" for "mastering",
 * 0.58), set for the search's own transaction only.
 */
export const WORD_SIMILARITY_THRESHOLD = 0.5;

export interface SearchInput {
  /** prefixTsQuery of the terms. */
  tsQuery: string;
  /** The terms one space apart (the trigram comparison). */
  fuzzy: string;
  limit: number;
}

export interface InstructorMatch {
  id: string;
  name: string;
  band: string;
  photo: string;
  score: number;
}

export interface FreebieMatch {
  id: string;
  title: string;
  category: string;
  thumbnail: string;
  score: number;
}

const INSTRUCTOR_MATCHES = `i.published AND (i.search_doc @@ to_tsquery('simple', $1) OR $2 OPERATOR(public.<%) i.search_head)`;

export class SearchStore {
  constructor(private readonly sql: Sql) {}

  /** Runs the search's reads in one transaction with the typo threshold set. */
  read<T>(fn: (db: SqlExecutor) => Promise<T>): Promise<T> {
    return this.sql.transaction(async (tx) => {
      await tx.query(`SELECT set_config('pg_trgm.word_similarity_threshold', $1, true)`, [String(WORD_SIMILARITY_THRESHOLD)]);
      return fn(tx);
    });
  }

  async courses(db: SqlExecutor, input: SearchInput): Promise<{ course: catalogueV1.Course; instructorName: string; description: string; score: number }[]> {
    const { rows } = await db.query<CourseRow & { instructor_name: string; score: number }>(
      `WITH matched_instructor AS (SELECT i.id FROM catalogue.instructor i WHERE ${INSTRUCTOR_MATCHES})
       SELECT c.id, c.title, c.subtitle, c.description, c.course_hours, c.category, c.level, c.instructor_id,
              c.price, c.old_price, c.validity_days, c.silver_price, c.silver_old_price, c.silver_validity,
              c.gold_price, c.gold_old_price, c.gold_validity, c.diamond_price, c.diamond_old_price, c.diamond_validity,
              c.published, c.featured, c.bundle, c.thumbnail, c.banner, c.topics, c.requirements, c.who_for,
              c.free_lessons, c.sold, c.created_at, c.documents, i.name AS instructor_name,
              (ts_rank(c.search_doc, to_tsquery('simple', $1)) + public.word_similarity($2, c.search_head)
                + CASE WHEN c.instructor_id IN (SELECT id FROM matched_instructor) THEN 0.3 ELSE 0 END)::float8 AS score
         FROM catalogue.course c JOIN catalogue.instructor i ON i.id = c.instructor_id
        WHERE c.published
          AND (c.search_doc @@ to_tsquery('simple', $1) OR $2 OPERATOR(public.<%) c.search_head
               OR c.instructor_id IN (SELECT id FROM matched_instructor))
        ORDER BY score DESC, c.sold DESC, c.id
        LIMIT $3`,
      [input.tsQuery, input.fuzzy, input.limit],
    );
    return rows.map((r) => ({ course: toCourseRow(r), instructorName: r.instructor_name, description: r.description, score: Number(r.score) }));
  }

  async instructors(db: SqlExecutor, input: SearchInput): Promise<InstructorMatch[]> {
    const { rows } = await db.query<InstructorMatch>(
      `SELECT i.id, i.name, i.band, i.photo,
              (ts_rank(i.search_doc, to_tsquery('simple', $1)) + public.word_similarity($2, i.search_head))::float8 AS score
         FROM catalogue.instructor i
        WHERE ${INSTRUCTOR_MATCHES}
        ORDER BY score DESC, i.id
        LIMIT $3`,
      [input.tsQuery, input.fuzzy, input.limit],
    );
    return rows.map((r) => ({ ...r, score: Number(r.score) }));
  }

  async freebies(db: SqlExecutor, input: SearchInput): Promise<FreebieMatch[]> {
    const { rows } = await db.query<FreebieMatch>(
      `SELECT f.id, f.title, f.category, f.thumbnail,
              (ts_rank(f.search_doc, to_tsquery('simple', $1)) + public.word_similarity($2, f.search_head))::float8 AS score
         FROM catalogue.freebie f
        WHERE f.search_doc @@ to_tsquery('simple', $1) OR $2 OPERATOR(public.<%) f.search_head
        ORDER BY score DESC, f.created_at DESC, f.id
        LIMIT $3`,
      [input.tsQuery, input.fuzzy, input.limit],
    );
    return rows.map((r) => ({ ...r, score: Number(r.score) }));
  }

  /** The most bought published courses (what an empty result suggests). */
  async popular(limit: number): Promise<catalogueV1.Course[]> {
    const { rows } = await this.sql.query<CourseRow>(
      `SELECT * FROM catalogue.course WHERE published ORDER BY sold DESC, created_at DESC, id LIMIT $1`,
      [limit],
    );
    return rows.map(toCourseRow);
  }
}
