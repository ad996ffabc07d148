import type { Sql, SqlExecutor } from '@taal/kit';
import type { catalogueV1 } from '@taal/contracts';
import { demoCourses, demoInstructors, demoThumbnail, demoTiers, demoUpcomingCourses } from '../domain/demo-data';

type Course = catalogueV1.Course;
type Instructor = catalogueV1.Instructor;
type UpcomingCourse = catalogueV1.UpcomingCourse;

export const SCHEMA = 'catalogue';

interface CourseRow {
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

function toCourse(row: CourseRow): Course {
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

  async getInstructor(id: string, includeUnpublished: boolean): Promise<Instructor | null> {
    const { rows } = await this.sql.query<InstructorRow>(
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
      await tx.query(`INSERT INTO catalogue.demo_seed DEFAULT VALUES`);
      return true;
    });
  }
}
