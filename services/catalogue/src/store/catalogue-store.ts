import type { Sql, SqlExecutor } from '@taal/kit';
import type { catalogueV1 } from '@taal/contracts';
import type { CourseValues, InstructorValues } from '../domain/course-input';
import { demoCourses, demoFreebies, demoInstructors, demoThumbnail, demoTiers, demoUpcomingCourses } from '../domain/demo-data';

type Course = catalogueV1.Course;
type Instructor = catalogueV1.Instructor;
type UpcomingCourse = catalogueV1.UpcomingCourse;

export const SCHEMA = 'catalogue';

export interface CourseRow {
  id: string;
  title: string;
  subtitle: string;
  description: string;
  course_hours: number;
  category: string;
  level: string;
  instructor_id: string;
  price: string;
  old_price: string;
  validity_days: number;
  silver_price: string;
  silver_old_price: string;
  silver_validity: number;
  gold_price: string;
  gold_old_price: string;
  gold_validity: number;
  diamond_price: string;
  diamond_old_price: string;
  diamond_validity: number;
  published: boolean;
  featured: boolean;
  bundle: boolean;
  thumbnail: string;
  banner: string;
  topics: string[];
  requirements: string[];
  who_for: string[];
  free_lessons: { title: string; youtubeUrl: string }[];
  sold: number;
  created_at: Date;
  documents?: { name: string; url: string }[];
  rating_sum?: string;
  rating_count?: number;
}

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

// bigint columns come back from pg as strings; poisha amounts stay far below 2^53.
const money = (value: string) => Number(value);

export function toCourse(row: CourseRow): Course {
  return {
    id: row.id,
    title: row.title,
    subtitle: row.subtitle,
    description: row.description,
    courseHours: row.course_hours,
    category: row.category,
    level: row.level,
    instructorId: row.instructor_id,
    price: money(row.price),
    oldPrice: money(row.old_price),
    validityDays: row.validity_days,
    silver: { price: money(row.silver_price), oldPrice: money(row.silver_old_price), validityDays: row.silver_validity },
    gold: { price: money(row.gold_price), oldPrice: money(row.gold_old_price), validityDays: row.gold_validity },
    diamond: { price: money(row.diamond_price), oldPrice: money(row.diamond_old_price), validityDays: row.diamond_validity },
    published: row.published,
    featured: row.featured,
    bundle: row.bundle,
    thumbnail: row.thumbnail,
    banner: row.banner,
    topics: row.topics,
    requirements: row.requirements,
    whoFor: row.who_for,
    freeLessons: row.free_lessons,
    sold: row.sold,
    createdAt: row.created_at.toISOString(),
    documents: row.documents ?? [],
    ratingSum: Number(row.rating_sum ?? 0),
    ratingCount: row.rating_count ?? 0,
  };
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

/** The writable fields of a stored course. */
function courseValues(c: Course): CourseValues {
  const tier = (t: catalogueV1.TierPrice | undefined) => ({ price: t?.price ?? 0, oldPrice: t?.oldPrice ?? 0, validityDays: t?.validityDays ?? 1 });
  return {
    title: c.title,
    subtitle: c.subtitle,
    description: c.description,
    courseHours: c.courseHours,
    category: c.category,
    level: c.level,
    instructorId: c.instructorId,
    price: c.price,
    oldPrice: c.oldPrice,
    validityDays: c.validityDays,
    silver: tier(c.silver),
    gold: tier(c.gold),
    diamond: tier(c.diamond),
    bundle: c.bundle,
    thumbnail: c.thumbnail,
    banner: c.banner,
    topics: c.topics,
    requirements: c.requirements,
    whoFor: c.whoFor,
    documents: c.documents,
  };
}

/** $1…$27 of insertCourse and updateCourse. */
const courseParams = (id: string, v: CourseValues) => [
  id, v.title, v.subtitle, v.description, v.courseHours, v.category, v.level, v.instructorId,
  v.price, v.oldPrice, v.validityDays, v.silver.price, v.silver.oldPrice, v.silver.validityDays,
  v.gold.price, v.gold.oldPrice, v.gold.validityDays, v.diamond.price, v.diamond.oldPrice, v.diamond.validityDays,
  v.bundle, v.thumbnail, v.banner, JSON.stringify(v.topics), JSON.stringify(v.requirements), JSON.stringify(v.whoFor),
  JSON.stringify(v.documents),
];

export interface CourseFilter {
  includeUnpublished: boolean;
  featuredOnly: boolean;
  instructorId?: string;
}

export interface InstructorFilter {
  includeUnpublished: boolean;
  featuredOnly: boolean;
  limit?: number;
}

/** Persistence of the catalogue; every query names its schema (see ports/sql.ts). */
export class CatalogueStore {
  constructor(private readonly sql: Sql) {}

  async listCourses(filter: CourseFilter, db: SqlExecutor = this.sql): Promise<Course[]> {
    const { rows } = await db.query<CourseRow>(
      `SELECT * FROM catalogue.course
        WHERE ($1 OR published) AND (NOT $2 OR featured) AND ($3::text IS NULL OR instructor_id = $3)
        ORDER BY created_at DESC, id`,
      [filter.includeUnpublished, filter.featuredOnly, filter.instructorId || null],
    );
    return rows.map(toCourse);
  }

  async getCourse(id: string, includeUnpublished: boolean, db: SqlExecutor = this.sql): Promise<Course | null> {
    const { rows } = await db.query<CourseRow>(`SELECT * FROM catalogue.course WHERE id = $1 AND ($2 OR published)`, [
      id,
      includeUnpublished,
    ]);
    return rows[0] ? toCourse(rows[0]) : null;
  }

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

  async listUpcoming(): Promise<UpcomingCourse[]> {
    const { rows } = await this.sql.query<{ id: string; name: string; photo: string }>(
      `SELECT id, name, photo FROM catalogue.upcoming_course ORDER BY created_at, id`,
    );
    return rows;
  }

  /** Sets flags on courses inside the caller's transaction and returns the courses changed. */
  async updateCourseFlags(
    tx: SqlExecutor,
    ids: readonly string[],
    change: { published?: boolean; featured?: boolean },
  ): Promise<Course[]> {
    if (ids.length === 0) return [];
    const { rows } = await tx.query<CourseRow>(
      `UPDATE catalogue.course
          SET published = coalesce($2, published), featured = coalesce($3, featured)
        WHERE id = ANY($1::text[])
        RETURNING *`,
      [ids, change.published ?? null, change.featured ?? null],
    );
    return rows.map(toCourse);
  }

  /** Inserts a course (unpublished); an id already taken returns null (the caller's retry reads it). */
  async insertCourse(tx: SqlExecutor, id: string, v: CourseValues): Promise<Course | null> {
    const { rows } = await tx.query<CourseRow>(
      `INSERT INTO catalogue.course (id, title, subtitle, description, course_hours, category, level, instructor_id,
         price, old_price, validity_days, silver_price, silver_old_price, silver_validity,
         gold_price, gold_old_price, gold_validity, diamond_price, diamond_old_price, diamond_validity,
         published, featured, bundle, thumbnail, banner, topics, requirements, who_for, documents)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20,
         false, false, $21, $22, $23, $24, $25, $26, $27)
       ON CONFLICT (id) DO NOTHING
       RETURNING *`,
      courseParams(id, v),
    );
    return rows[0] ? toCourse(rows[0]) : null;
  }

  /** The course's writable fields, locked for the caller's transaction; null when unknown. */
  async lockCourse(tx: SqlExecutor, id: string): Promise<{ course: Course; values: CourseValues } | null> {
    const { rows } = await tx.query<CourseRow>(`SELECT * FROM catalogue.course WHERE id = $1 FOR UPDATE`, [id]);
    if (!rows[0]) return null;
    const course = toCourse(rows[0]);
    return { course, values: courseValues(course) };
  }

  async updateCourse(tx: SqlExecutor, id: string, v: CourseValues): Promise<Course> {
    const { rows } = await tx.query<CourseRow>(
      `UPDATE catalogue.course SET title = $2, subtitle = $3, description = $4, course_hours = $5, category = $6, level = $7,
         instructor_id = $8, price = $9, old_price = $10, validity_days = $11, silver_price = $12, silver_old_price = $13,
         silver_validity = $14, gold_price = $15, gold_old_price = $16, gold_validity = $17, diamond_price = $18,
         diamond_old_price = $19, diamond_validity = $20, bundle = $21, thumbnail = $22, banner = $23, topics = $24,
         requirements = $25, who_for = $26, documents = $27
       WHERE id = $1 RETURNING *`,
      courseParams(id, v),
    );
    return toCourse(rows[0]!);
  }

  /** Every course's description (the backfill that sanitises what was stored raw). */
  async listCourseDescriptions(): Promise<{ id: string; description: string }[]> {
    const { rows } = await this.sql.query<{ id: string; description: string }>(`SELECT id, description FROM catalogue.course ORDER BY id`);
    return rows;
  }

  /** Replaces a description that is still `was` (compare-and-set: a concurrent edit wins); null when it changed meanwhile. */
  async replaceCourseDescription(tx: SqlExecutor, id: string, was: string, description: string): Promise<Course | null> {
    const { rows } = await tx.query<CourseRow>(`UPDATE catalogue.course SET description = $3 WHERE id = $1 AND description = $2 RETURNING *`, [
      id,
      was,
      description,
    ]);
    return rows[0] ? toCourse(rows[0]) : null;
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

  async setFreeLessons(tx: SqlExecutor, id: string, lessons: { title: string; youtubeUrl: string }[]): Promise<Course> {
    const { rows } = await tx.query<CourseRow>(`UPDATE catalogue.course SET free_lessons = $2 WHERE id = $1 RETURNING *`, [id, JSON.stringify(lessons)]);
    return toCourse(rows[0]!);
  }

  /** Deletes an unpublished course nobody bought; false when there is no such draft. */
  async deleteDraftCourse(tx: SqlExecutor, id: string): Promise<boolean> {
    const { rowCount } = await tx.query(`DELETE FROM catalogue.course WHERE id = $1 AND NOT published AND sold = 0`, [id]);
    return rowCount > 0;
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

  async insertUpcoming(tx: SqlExecutor, id: string, name: string, photo: string): Promise<UpcomingCourse> {
    await tx.query(`INSERT INTO catalogue.upcoming_course (id, name, photo) VALUES ($1, $2, $3) ON CONFLICT (id) DO NOTHING`, [id, name, photo]);
    const { rows } = await tx.query<UpcomingCourse>(`SELECT id, name, photo FROM catalogue.upcoming_course WHERE id = $1`, [id]);
    return rows[0]!;
  }

  async deleteUpcoming(tx: SqlExecutor, id: string): Promise<UpcomingCourse | null> {
    const { rows } = await tx.query<UpcomingCourse>(`DELETE FROM catalogue.upcoming_course WHERE id = $1 RETURNING id, name, photo`, [id]);
    return rows[0] ?? null;
  }

  /** Seeds the demo catalogue once; returns false when it was already seeded. */
  async seedDemoData(): Promise<boolean> {
    return this.sql.transaction(async (tx) => {
      await tx.query(`SELECT pg_advisory_xact_lock(hashtext('catalogue.demo_seed'))`);
      const seeded = await tx.query(`SELECT 1 FROM catalogue.demo_seed LIMIT 1`);
      if (seeded.rowCount > 0) return false;
      for (const i of demoInstructors) {
        await tx.query(
          `INSERT INTO catalogue.instructor (id, name, bio, band, photo, featured, published, percentage, created_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
          [i.id, i.name, i.bio, i.band, i.photo, i.featured, i.published, i.percentage, i.createdAt],
        );
      }
      for (const c of demoCourses) {
        const t = demoTiers(c.silverTaka);
        await tx.query(
          `INSERT INTO catalogue.course (id, title, subtitle, description, course_hours, category, level, instructor_id,
             price, old_price, validity_days, silver_price, silver_old_price, silver_validity,
             gold_price, gold_old_price, gold_validity, diamond_price, diamond_old_price, diamond_validity,
             published, featured, bundle, thumbnail, banner, topics, requirements, who_for, free_lessons, sold, created_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20,
             $21, $22, $23, $24, $25, $26, $27, $28, $29, $30, $31)`,
          [
            c.id, c.title, c.subtitle, c.description, c.courseHours, c.category, c.level, c.instructorId,
            t.silver.price, t.silver.oldPrice, t.silver.validityDays,
            t.silver.price, t.silver.oldPrice, t.silver.validityDays,
            t.gold.price, t.gold.oldPrice, t.gold.validityDays,
            t.diamond.price, t.diamond.oldPrice, t.diamond.validityDays,
            c.published, c.featured, c.bundle, demoThumbnail(c.category), demoThumbnail(c.category),
            JSON.stringify(c.topics), JSON.stringify(c.requirements), JSON.stringify(c.whoFor),
            JSON.stringify(c.freeLessons), c.sold, c.createdAt,
          ],
        );
      }
      for (const u of demoUpcomingCourses) {
        await tx.query(`INSERT INTO catalogue.upcoming_course (id, name, photo) VALUES ($1, $2, $3)`, [u.id, u.name, u.photo]);
      }
      for (const [n, f] of demoFreebies.entries()) {
        await tx.query(
          `INSERT INTO catalogue.freebie (id, title, subtitle, category, description, thumbnail, youtube, created_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, now() - make_interval(days => $8))`,
          [f.id, f.title, f.subtitle, f.category, f.description, f.thumbnail, f.youtube, n + 1],
        );
      }
      await tx.query(`INSERT INTO catalogue.demo_seed DEFAULT VALUES`);
      return true;
    });
  }
}
