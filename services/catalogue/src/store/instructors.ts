/** Instructors: their rows, reads (public or all), writes, flags and the bio backfill. */
import { decodeKeysCursor, keysetOrdered, keysetPageBy, keysetSelect, pageSizeOf, type KeysetOrder, type KeysetPage, type Sql, type SqlExecutor } from '@taal/kit';
import type { catalogueV1 } from '@taal/contracts';
import type { InstructorValues } from '../domain/course-input';

type Instructor = catalogueV1.Instructor;

interface InstructorRow {
  id: string;
  name: string;
  bio: string;
  band: string;
  photo: string;
  banner: string;
  featured: boolean;
  published: boolean;
  percentage: number;
  created_at: Date;
  course_ids: string[] | null;
}

function toInstructor(row: InstructorRow): Instructor {
  return {
    id: row.id,
    name: row.name,
    bio: row.bio,
    band: row.band,
    photo: row.photo,
    banner: row.banner,
    featured: row.featured,
    published: row.published,
    courseIds: row.course_ids ?? [],
    percentage: row.percentage,
    createdAt: row.created_at.toISOString(),
  };
}

/** Instructors are listed oldest first (created_at, then id). */
const INSTRUCTOR_ORDER: KeysetOrder = { keys: [{ column: 'i.created_at', type: 'timestamptz' }], direction: 'asc' };

export interface InstructorFilter {
  includeUnpublished: boolean;
  featuredOnly: boolean;
  limit?: number;
}

/** Persistence of instructors; every query names its schema. */
export class InstructorStore {
  constructor(private readonly sql: Sql) {}

  async listInstructors(filter: InstructorFilter): Promise<Instructor[]> {
    // course_ids lists only the courses the same caller could see.
    const { rows } = await this.sql.query<InstructorRow>(
      `SELECT i.*,
              (SELECT coalesce(array_agg(c.id ORDER BY c.created_at DESC), '{}') FROM catalogue.course c
                WHERE c.instructor_id = i.id AND ($1 OR c.published)) AS course_ids
         FROM catalogue.instructor i
        WHERE ($1 OR i.published) AND (NOT $2 OR i.featured)
        ORDER BY i.created_at, i.id
        LIMIT $3`,
      [filter.includeUnpublished, filter.featuredOnly, filter.limit && filter.limit > 0 ? filter.limit : null],
    );
    return rows.map(toInstructor);
  }

  /** A keyset page of instructors, oldest first as listInstructors reads them (decision 0084; migration 011's indexes). */
  async listInstructorPage(includeUnpublished: boolean, cursor: string, limit: number): Promise<KeysetPage<Instructor>> {
    const list = includeUnpublished ? 'instructors:all' : 'instructors';
    const size = pageSizeOf(limit);
    const keyset = keysetOrdered(INSTRUCTOR_ORDER, decodeKeysCursor(list, INSTRUCTOR_ORDER, cursor), 1, size, 'i.id');
    const { rows } = await this.sql.query<InstructorRow>(
      `SELECT i.*, ${keysetSelect(INSTRUCTOR_ORDER)},
              (SELECT coalesce(array_agg(c.id ORDER BY c.created_at DESC), '{}') FROM catalogue.course c
                WHERE c.instructor_id = i.id AND (${includeUnpublished ? 'TRUE' : 'c.published'})) AS course_ids
         FROM catalogue.instructor i
        WHERE ${includeUnpublished ? '' : 'i.published AND '}${keyset.where}
        ${keyset.orderBy} ${keyset.limitSql}`,
      keyset.params,
    );
    const page = keysetPageBy(list, INSTRUCTOR_ORDER, rows, size);
    return { items: page.items.map(toInstructor), next: page.next };
  }

  /**
   * The first `limit` instructors whose name starts with `query` (any case), by name then id (decision 0087): a
   * prefix range of migration 012's `lower(name) COLLATE "C"` index, read in order. LIKE's own characters are escaped.
   */
  async searchInstructors(query: string, includeUnpublished: boolean, limit: number): Promise<Instructor[]> {
    const prefix = `${query.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const { rows } = await this.sql.query<InstructorRow>(
      `SELECT i.*, '{}'::text[] AS course_ids
         FROM catalogue.instructor i
        WHERE ${includeUnpublished ? '' : 'i.published AND '}lower(i.name) COLLATE "C" LIKE $1
        ORDER BY lower(i.name) COLLATE "C", i.id
        LIMIT $2`,
      [prefix, limit],
    );
    return rows.map(toInstructor);
  }

  async getInstructor(id: string, includeUnpublished: boolean, db: SqlExecutor = this.sql): Promise<Instructor | null> {
    const { rows } = await db.query<InstructorRow>(
      `SELECT i.*,
              (SELECT coalesce(array_agg(c.id ORDER BY c.created_at DESC), '{}') FROM catalogue.course c
                WHERE c.instructor_id = i.id AND ($2 OR c.published)) AS course_ids
         FROM catalogue.instructor i
        WHERE i.id = $1 AND ($2 OR i.published)`,
      [id, includeUnpublished],
    );
    return rows[0] ? toInstructor(rows[0]) : null;
  }

  /** Every instructor's bio (the backfill that sanitises what was stored raw). */
  async listInstructorBios(): Promise<{ id: string; bio: string }[]> {
    const { rows } = await this.sql.query<{ id: string; bio: string }>(`SELECT id, bio FROM catalogue.instructor ORDER BY id`);
    return rows;
  }

  /** Replaces a bio that is still `was` (compare-and-set: a concurrent edit wins); null when it changed meanwhile. */
  async replaceInstructorBio(tx: SqlExecutor, id: string, was: string, bio: string): Promise<Instructor | null> {
    const { rowCount } = await tx.query(`UPDATE catalogue.instructor SET bio = $3 WHERE id = $1 AND bio = $2`, [id, was, bio]);
    return rowCount > 0 ? this.getInstructor(id, true, tx) : null;
  }

  async instructorExists(db: SqlExecutor, id: string): Promise<boolean> {
    const { rowCount } = await db.query(`SELECT 1 FROM catalogue.instructor WHERE id = $1`, [id]);
    return rowCount > 0;
  }

  async insertInstructor(tx: SqlExecutor, id: string, v: InstructorValues): Promise<Instructor | null> {
    const { rowCount } = await tx.query(
      `INSERT INTO catalogue.instructor (id, name, bio, band, photo, banner, featured, published, percentage)
       VALUES ($1, $2, $3, $4, $5, $6, $7, false, $8) ON CONFLICT (id) DO NOTHING`,
      [id, v.name, v.bio, v.band, v.photo, v.banner, v.featured, v.percentage],
    );
    return rowCount > 0 ? this.getInstructor(id, true, tx) : null;
  }

  async lockInstructor(tx: SqlExecutor, id: string): Promise<InstructorValues | null> {
    const { rows } = await tx.query<InstructorRow>(`SELECT * FROM catalogue.instructor WHERE id = $1 FOR UPDATE`, [id]);
    const r = rows[0];
    return r ? { name: r.name, bio: r.bio, band: r.band, photo: r.photo, banner: r.banner, percentage: r.percentage, featured: r.featured } : null;
  }

  async updateInstructor(tx: SqlExecutor, id: string, v: InstructorValues): Promise<Instructor> {
    await tx.query(
      `UPDATE catalogue.instructor SET name = $2, bio = $3, band = $4, photo = $5, banner = $6, featured = $7, percentage = $8 WHERE id = $1`,
      [id, v.name, v.bio, v.band, v.photo, v.banner, v.featured, v.percentage],
    );
    return (await this.getInstructor(id, true, tx))!;
  }

  /** Sets flags on instructors inside the caller's transaction and returns those changed. */
  async updateInstructorFlags(tx: SqlExecutor, ids: readonly string[], change: { published?: boolean; featured?: boolean }): Promise<Instructor[]> {
    if (ids.length === 0) return [];
    const { rows } = await tx.query<{ id: string }>(
      `UPDATE catalogue.instructor SET published = coalesce($2, published), featured = coalesce($3, featured)
        WHERE id = ANY($1::text[]) RETURNING id`,
      [ids, change.published ?? null, change.featured ?? null],
    );
    const out: Instructor[] = [];
    for (const r of rows) out.push((await this.getInstructor(r.id, true, tx))!);
    return out;
  }
}
