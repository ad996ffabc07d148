import type { Sql, SqlExecutor } from '@taal/kit';
import type { catalogueV1 } from '@taal/contracts';
import type { CourseValues } from '../domain/course-input';
import { demoCourses, demoFreebies, demoInstructors, demoThumbnail, demoTiers, demoUpcomingCourses } from '../domain/demo-data';
import { type CourseRow, toCourse, courseValues, courseParams, type CourseFilter } from './course-rows';
import { InstructorStore } from './instructors';
import { UpcomingCourseStore } from './upcoming-courses';

type Course = catalogueV1.Course;

/** Persistence of the catalogue's courses, every query naming its schema (see ports/sql.ts); instructors and upcoming courses are theirs. */
export class CatalogueStore {
  readonly instructors: InstructorStore;
  readonly upcoming: UpcomingCourseStore;

  constructor(private readonly sql: Sql) {
    this.instructors = new InstructorStore(sql);
    this.upcoming = new UpcomingCourseStore(sql);
  }

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

  async setFreeLessons(tx: SqlExecutor, id: string, lessons: { title: string; youtubeUrl: string }[]): Promise<Course> {
    const { rows } = await tx.query<CourseRow>(`UPDATE catalogue.course SET free_lessons = $2 WHERE id = $1 RETURNING *`, [id, JSON.stringify(lessons)]);
    return toCourse(rows[0]!);
  }

  /** Deletes an unpublished course nobody bought; false when there is no such draft. */
  async deleteDraftCourse(tx: SqlExecutor, id: string): Promise<boolean> {
    const { rowCount } = await tx.query(`DELETE FROM catalogue.course WHERE id = $1 AND NOT published AND sold = 0`, [id]);
    return rowCount > 0;
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
