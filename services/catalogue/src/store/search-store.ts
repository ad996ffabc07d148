import type { Sql, SqlExecutor } from '@taal/kit';
import type { catalogueV1 } from '@taal/contracts';
import { TYPO_MIN_LETTERS, widenedTsQuery } from '../domain/search-text';
import { toCourse as toCourseRow, type CourseRow } from './course-rows';

/**
 * The search queries (decision 0031) on the generated columns of migrations/004_search.sql:
 * `search_doc` (weighted tsvector, 'simple' configuration, Bengali without vowel signs) and
 * `search_head` (title, subtitle, category; name and band), and the dictionary of the heads' words
 * (`search_word`, 005_search_words.sql) through which course typos are forgiven. Instructors and
 * freebies are compared with the query by pg_trgm's word similarity (`<%`, their heads' trigram indexes).
 * Visitors see published courses and instructors only; freebies have no drafts.
 *
 * A course's score is its tier (courses); an instructor's or freebie's is ts_rank of the words
 * plus the word similarity of the query to the head.
 * A search runs in one transaction (searchTransaction) that sets pg_trgm's word-similarity threshold
 * for it alone (set_config local: the embedded database's one session keeps no setting past it), so
 * `<%` is the index-served operator at WORD_SIMILARITY_THRESHOLD; `%` uses the dictionary's index at
 * pg_trgm's default 0.3 before the stricter SIMILARITY_THRESHOLD (decision 0091).
 */
export const WORD_SIMILARITY_THRESHOLD = 0.5;
/** A known word this similar to a query word (pg_trgm similarity) may be what was meant: "gitar" → "guitar" is 0.44. */
export const SIMILARITY_THRESHOLD = 0.4;

export interface SearchInput {
  /** The query's words (queryTerms). */
  terms: string[];
  /** prefixTsQuery of the terms. */
  tsQuery: string;
  /** The terms one space apart (the trigram comparison). */
  fuzzy: string;
  /** The categories the whole query names (namedCategories): their courses rank with the title matches. */
  categories?: readonly string[];
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

export interface CourseMatch {
  course: catalogueV1.Course;
  instructorName: string;
  description: string;
  score: number;
}

/** Within a tier the better rated first (decision 0048): the average of the shown reviews; unrated last. */
const BY_RATING = 'c.rating_sum::float8 / NULLIF(c.rating_count, 0) DESC NULLS LAST';

const COURSE_COLUMNS = `c.id, c.title, c.subtitle, c.description, c.course_hours, c.category, c.level, c.instructor_id,
  c.price, c.old_price, c.validity_days, c.silver_price, c.silver_old_price, c.silver_validity,
  c.gold_price, c.gold_old_price, c.gold_validity, c.diamond_price, c.diamond_old_price, c.diamond_validity,
  c.published, c.featured, c.bundle, c.thumbnail, c.banner, c.topics, c.requirements, c.who_for,
  c.free_lessons, c.sold, c.created_at, c.documents, c.rating_sum, c.rating_count`;

const toMatch = (r: CourseRow & { instructor_name: string; score: number }): CourseMatch => ({
  course: toCourseRow(r),
  instructorName: r.instructor_name,
  description: r.description,
  score: Number(r.score),
});

/** An instructor the query names: a word of the name or band, or the query's trigrams in the name (`<%`, its index). */
const INSTRUCTOR_NAMED = `(i.search_name @@ to_tsquery('simple', $1) OR $2 OPERATOR(catalogue.<%) i.search_head)`;
const INSTRUCTOR_COLUMNS = `i.id, i.name, i.band, i.photo,
  (ts_rank(i.search_doc, to_tsquery('simple', $1)) + catalogue.word_similarity($2, i.search_head))::float8 AS score`;

export class SearchStore {
  constructor(private readonly sql: Sql) {}

  /**
   * Runs `fn`'s statements in one transaction with pg_trgm's word-similarity threshold set for it
   * (`<%`, decision 0091) and, when `ms` > 0, a statement timeout: PostgreSQL cancels a statement
   * past it (decision 0038), failing with SQLSTATE 57014. The settings end with the transaction, so
   * no other query of the pool's connection (or of the embedded database's one session) has them.
   */
  async searchTransaction<T>(ms: number, fn: (db: SqlExecutor) => Promise<T>): Promise<T> {
    return this.sql.transaction(async (tx) => {
      await tx.query(
        `SELECT set_config('pg_trgm.word_similarity_threshold', $1, true)${ms > 0 ? `, set_config('statement_timeout', $2, true)` : ''}`,
        ms > 0 ? [String(WORD_SIMILARITY_THRESHOLD), `${Math.max(1, Math.round(ms))}ms`] : [String(WORD_SIMILARITY_THRESHOLD)],
      );
      return fn(tx);
    });
  }

  /**
   * Courses whose words match, in three tiers: every word in the title, then in the title,
   * subtitle or category, then anywhere (description too) or taught by a matching instructor; the
   * most bought (then newest) first within a tier. Only when they are fewer than the limit are
   * typos tried: the query words are widened with similar known words (search_word) and the
   * courses found only so follow, at half the score (a word found beats a guess). Answers the
   * widening words too (the marks of the hits).
   */
  async courses(db: SqlExecutor, input: SearchInput, instructorIds: readonly string[]): Promise<{ matches: CourseMatch[]; widened: string[] }> {
    const found = await this.courseQuery(db, input.tsQuery, instructorIds, [], input.limit, 1, input.categories ?? []);
    if (found.length >= input.limit) return { matches: found, widened: [] };
    const similar = await this.similarWords(db, input.terms.filter((t) => [...t].length >= TYPO_MIN_LETTERS));
    if (similar.size === 0) return { matches: found, widened: [] };
    const more = await this.courseQuery(db, widenedTsQuery(input.terms, similar), [], found.map((m) => m.course.id), input.limit - found.length, 0.5);
    return { matches: [...found, ...more], widened: [...similar.values()].flat() };
  }

  /**
   * One statement: each tier is its own scan of its own document (migration 007), in order, and
   * stops as soon as the page is full (the LIMIT over the UNION ALL), so a lower tier is read only
   * when the higher ones found too little. A broad word walks the popularity index, a rare one
   * takes the tier's text index (the planner's choice, from the column's statistics). A tier
   * leaves out what a higher one matches. Score: the tier (3, 2, 1) times `weight`.
   */
  private async courseQuery(
    db: SqlExecutor,
    tsQuery: string,
    instructorIds: readonly string[],
    exclude: readonly string[],
    limit: number,
    weight: number,
    categories: readonly string[] = [],
  ): Promise<CourseMatch[]> {
    const tier = (score: number, where: string) =>
      `(SELECT c.id, ${score} AS tier FROM catalogue.course c
         WHERE c.published AND ${where} AND c.id <> ALL($3::text[])
         ORDER BY c.sold DESC, c.created_at DESC, c.id LIMIT $4)`;
    // Written out in each tier (not a CTE) so the planner sees the query's words.
    const q = "to_tsquery('simple', $1)";
    // The top tier: the words in the title, or a course of the category the query names (issue 55).
    const named = 'c.category = ANY($6::text[])';
    const { rows } = await db.query<CourseRow & { instructor_name: string; score: number }>(
      `WITH hits AS (SELECT * FROM (
         ${tier(3, `(c.search_title @@ ${q} OR ${named})`)}
         UNION ALL
         ${tier(2, `c.search_top @@ ${q} AND NOT c.search_title @@ ${q} AND NOT ${named}`)}
         UNION ALL
         ${tier(1, `(c.search_doc @@ ${q} OR c.instructor_id = ANY($2::text[])) AND NOT c.search_top @@ ${q} AND NOT ${named}`)}
       ) AS tiers LIMIT $4)
       SELECT ${COURSE_COLUMNS}, i.name AS instructor_name, ($5::float8 * h.tier) AS score
         FROM hits h JOIN catalogue.course c ON c.id = h.id JOIN catalogue.instructor i ON i.id = c.instructor_id
        ORDER BY h.tier DESC, ${BY_RATING}, c.sold DESC, c.created_at DESC, c.id`,
      [tsQuery, instructorIds, exclude, limit, weight, categories],
    );
    return rows.map(toMatch);
  }

  /** Up to three known words similar to each term (trigram similarity at least SIMILARITY_THRESHOLD), most similar first. */
  async similarWords(db: SqlExecutor, terms: readonly string[]): Promise<Map<string, string[]>> {
    if (terms.length === 0) return new Map();
    const { rows } = await db.query<{ term: string; word: string }>(
      `SELECT t.term, w.word
         FROM unnest($1::text[]) AS t (term)
         CROSS JOIN LATERAL (
           SELECT word FROM catalogue.search_word
            WHERE word OPERATOR(catalogue.%) t.term AND catalogue.similarity(word, t.term) >= ${SIMILARITY_THRESHOLD}
            ORDER BY catalogue.similarity(word, t.term) DESC, word
            LIMIT 3) AS w`,
      [terms],
    );
    const similar = new Map<string, string[]>();
    for (const r of rows) similar.set(r.term, [...(similar.get(r.term) ?? []), r.word]);
    return similar;
  }

  /**
   * The best `limit` instructors by score (inside searchTransaction: `<%` needs its threshold): every
   * one the query names (name or band), and at most `limit` of those only their bio matches, the
   * oldest first (migration 011's order), not all of them ranked: a word in 8,000 bios ranks a page.
   */
  async instructors(db: SqlExecutor, input: SearchInput): Promise<InstructorMatch[]> {
    const { rows } = await db.query<InstructorMatch>(
      `SELECT * FROM (
         SELECT ${INSTRUCTOR_COLUMNS} FROM catalogue.instructor i WHERE i.published AND ${INSTRUCTOR_NAMED}
         UNION ALL
         (SELECT ${INSTRUCTOR_COLUMNS} FROM catalogue.instructor i
           WHERE i.published AND i.search_doc @@ to_tsquery('simple', $1) AND NOT ${INSTRUCTOR_NAMED}
           ORDER BY i.created_at, i.id LIMIT $3)) AS found
        ORDER BY score DESC, id
        LIMIT $3`,
      [input.tsQuery, input.fuzzy, input.limit],
    );
    return rows.map((r) => ({ ...r, score: Number(r.score) }));
  }

  async freebies(db: SqlExecutor, input: SearchInput): Promise<FreebieMatch[]> {
    const { rows } = await db.query<FreebieMatch>(
      `SELECT f.id, f.title, f.category, f.thumbnail,
              (ts_rank(f.search_doc, to_tsquery('simple', $1)) + catalogue.word_similarity($2, f.search_head))::float8 AS score
         FROM catalogue.freebie f
        WHERE f.search_doc @@ to_tsquery('simple', $1) OR $2 OPERATOR(catalogue.<%) f.search_head
        ORDER BY score DESC, f.created_at DESC, f.id
        LIMIT $3`,
      [input.tsQuery, input.fuzzy, input.limit],
    );
    return rows.map((r) => ({ ...r, score: Number(r.score) }));
  }

  /** Fresh planner statistics of the searched tables (which scan a tier takes depends on them). */
  async refreshStatistics(): Promise<void> {
    await this.sql.query('ANALYZE catalogue.course, catalogue.instructor, catalogue.freebie');
  }

  /** The most bought published courses (what an empty result suggests). */
  async popular(db: SqlExecutor, limit: number): Promise<catalogueV1.Course[]> {
    const { rows } = await db.query<CourseRow>(
      `SELECT * FROM catalogue.course WHERE published ORDER BY sold DESC, created_at DESC, id LIMIT $1`,
      [limit],
    );
    return rows.map(toCourseRow);
  }
}
