import type { learningV1 } from '@taal/contracts';
import type { Sql, SqlExecutor } from '@taal/kit';
import type { LessonStatus } from '../domain/access';
import { iso } from './schema';
import { CertificateStore } from './certificates';
import { ContactStore } from './contacts';

export interface LessonRow {
  id: string;
  course_id: string;
  position: number;
  title: string;
  status: LessonStatus;
  filename: string | null;
  size: string;
  duration_seconds: number;
  /** Its HLS job (decision 0032), where the query joins it: null without one. */
  hls_state?: 'queued' | 'running' | 'ready' | 'failed' | null;
  hls_percent?: number | null;
  hls_attempts?: number | null;
  /** The video the job is for, and its published ladder's folder (served only while the source is the lesson's video). */
  hls_source?: string | null;
  hls_version?: string | null;
}

/** A lesson with its HLS job's state. */
const LESSON_WITH_HLS = `SELECT l.*, j.state AS hls_state, j.percent AS hls_percent, j.attempts AS hls_attempts, j.source AS hls_source, j.ready_version AS hls_version
  FROM learning.lesson l LEFT JOIN learning.hls_job j ON j.lesson_id = l.id`;
/** Queues the HLS job of the lesson a statement's CTE `l` inserted (in the same statement: never a video without its job). */
const QUEUE_HLS = `, queued AS (INSERT INTO learning.hls_job (lesson_id, source) SELECT id, filename FROM l WHERE filename IS NOT NULL ON CONFLICT (lesson_id) DO NOTHING)`;

export interface EnrolmentRow {
  user_id: string;
  course_id: string;
  tier: string;
  expires_at: Date;
  first_order_id: string;
  created_at: Date;
}

export const toEnrolment = (r: EnrolmentRow, now: Date): learningV1.Enrolment => ({
  userId: r.user_id,
  courseId: r.course_id,
  tier: r.tier,
  expiresAt: iso(r.expires_at),
  active: r.expires_at.getTime() > now.getTime(),
  firstOrderId: r.first_order_id,
  createdAt: iso(r.created_at),
});

const toProgress = (r: { lesson_id: string; position_seconds: number; completed: boolean; practice_seconds: string }): learningV1.LessonProgress => ({
  lessonId: r.lesson_id,
  positionSeconds: r.position_seconds,
  completed: r.completed,
  practiceSeconds: Number(r.practice_seconds),
});

/** Persistence of learning: lessons, enrolments and progress; certificates and contacts are theirs. Every query names its schema. */
export class LearningStore {
  readonly certificates: CertificateStore;
  readonly contacts: ContactStore;

  constructor(private readonly sql: Sql) {
    this.certificates = new CertificateStore(sql);
    this.contacts = new ContactStore(sql);
  }

  async lessonsOf(courseId: string): Promise<LessonRow[]> {
    const { rows } = await this.sql.query<LessonRow>(`${LESSON_WITH_HLS} WHERE l.course_id = $1 ORDER BY l.position`, [courseId]);
    return rows;
  }

  async lesson(id: string): Promise<LessonRow | null> {
    const { rows } = await this.sql.query<LessonRow>(`${LESSON_WITH_HLS} WHERE l.id = $1`, [id]);
    return rows[0] ?? null;
  }

  async insertLesson(l: { id: string; courseId: string; position: number; title: string; status: LessonStatus; filename: string | null; size: number; durationSeconds: number }) {
    await this.sql.query(
      `WITH l AS (INSERT INTO learning.lesson (id, course_id, position, title, status, filename, size, duration_seconds) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
       ON CONFLICT (course_id, position) DO NOTHING RETURNING *)${QUEUE_HLS}
       SELECT id FROM l`,
      [l.id, l.courseId, l.position, l.title, l.status, l.filename, l.size, l.durationSeconds],
    );
  }

  /** Appends a lesson at the course's next position (retried if two uploads race for it). */
  async appendLesson(l: { id: string; courseId: string; title: string; status: LessonStatus; filename: string; size: number; durationSeconds: number }) {
    for (let attempt = 0; attempt < 5; attempt++) {
      const { rows } = await this.sql.query<LessonRow>(
        `WITH l AS (INSERT INTO learning.lesson (id, course_id, position, title, status, filename, size, duration_seconds)
         SELECT $1, $2, coalesce(max(position), 0) + 1, $3, $4, $5, $6, $7 FROM learning.lesson WHERE course_id = $2
         ON CONFLICT (course_id, position) DO NOTHING RETURNING *)${QUEUE_HLS}
         SELECT * FROM l`,
        [l.id, l.courseId, l.title, l.status, l.filename, l.size, l.durationSeconds],
      );
      if (rows[0]) return rows[0];
    }
    throw new Error('could not place the lesson: too many concurrent uploads to one course');
  }

  /**
   * Deletes a course's lessons (with their progress and HLS jobs) unless someone is enrolled; null
   * when refused. Returns the lessons and their published ladders (whose files the caller deletes).
   */
  async deleteCourseLessons(courseId: string): Promise<{ lessons: LessonRow[]; ladders: { lessonId: string; version: string; files: string[] }[] } | null> {
    return this.sql.transaction(async (tx) => {
      const enrolled = await tx.query(`SELECT 1 FROM learning.enrolment WHERE course_id = $1 LIMIT 1`, [courseId]);
      if (enrolled.rowCount > 0) return null;
      await tx.query(`DELETE FROM learning.progress WHERE lesson_id IN (SELECT id FROM learning.lesson WHERE course_id = $1)`, [courseId]);
      const ladders = await tx.query<{ lesson_id: string; ready_version: string; ready_files: string[] }>(
        `DELETE FROM learning.hls_job WHERE lesson_id IN (SELECT id FROM learning.lesson WHERE course_id = $1) RETURNING lesson_id, ready_version, ready_files`,
        [courseId],
      );
      const { rows } = await tx.query<LessonRow>(`DELETE FROM learning.lesson WHERE course_id = $1 RETURNING *`, [courseId]);
      return {
        lessons: rows,
        ladders: ladders.rows.filter((r) => r.ready_version).map((r) => ({ lessonId: r.lesson_id, version: r.ready_version, files: r.ready_files })),
      };
    });
  }

  async coursesWithLessons(): Promise<Set<string>> {
    const { rows } = await this.sql.query<{ course_id: string }>(`SELECT DISTINCT course_id FROM learning.lesson`);
    return new Set(rows.map((r) => r.course_id));
  }

  async renameLesson(id: string, title: string): Promise<LessonRow | null> {
    const { rows } = await this.sql.query<LessonRow>(`UPDATE learning.lesson SET title = $2 WHERE id = $1 RETURNING *`, [id, title]);
    return rows[0] ?? null;
  }

  async enrolment(userId: string, courseId: string, db: SqlExecutor = this.sql): Promise<EnrolmentRow | null> {
    const { rows } = await db.query<EnrolmentRow>(`SELECT * FROM learning.enrolment WHERE user_id = $1 AND course_id = $2`, [userId, courseId]);
    return rows[0] ?? null;
  }

  /** Records that an order's course was granted; false when it was before (the grant is skipped). */
  async markGranted(tx: SqlExecutor, orderId: string, courseId: string): Promise<boolean> {
    const { rowCount } = await tx.query(`INSERT INTO learning.grant_applied (order_id, course_id) VALUES ($1, $2) ON CONFLICT DO NOTHING`, [orderId, courseId]);
    return rowCount === 1;
  }

  async lockEnrolment(tx: SqlExecutor, userId: string, courseId: string): Promise<EnrolmentRow | null> {
    const { rows } = await tx.query<EnrolmentRow>(`SELECT * FROM learning.enrolment WHERE user_id = $1 AND course_id = $2 FOR UPDATE`, [userId, courseId]);
    return rows[0] ?? null;
  }

  async upsertEnrolment(tx: SqlExecutor, e: { userId: string; courseId: string; tier: string; expiresAt: Date; orderId: string }): Promise<void> {
    await tx.query(
      `INSERT INTO learning.enrolment (user_id, course_id, tier, expires_at, first_order_id) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (user_id, course_id) DO UPDATE SET tier = EXCLUDED.tier, expires_at = EXCLUDED.expires_at, updated_at = now()`,
      [e.userId, e.courseId, e.tier, e.expiresAt, e.orderId],
    );
  }

  async enrolmentsOf(userId: string): Promise<EnrolmentRow[]> {
    const { rows } = await this.sql.query<EnrolmentRow>(`SELECT * FROM learning.enrolment WHERE user_id = $1 ORDER BY expires_at DESC`, [userId]);
    return rows;
  }

  async expiredEnrolments(now: Date): Promise<EnrolmentRow[]> {
    const { rows } = await this.sql.query<EnrolmentRow>(`SELECT * FROM learning.enrolment WHERE expires_at <= $1 ORDER BY expires_at DESC LIMIT 5000`, [now]);
    return rows;
  }

  async progressOf(userId: string, courseId: string): Promise<learningV1.LessonProgress[]> {
    const { rows } = await this.sql.query<{ lesson_id: string; position_seconds: number; completed: boolean; practice_seconds: string }>(
      `SELECT p.lesson_id, p.position_seconds, p.completed, p.practice_seconds
         FROM learning.progress p JOIN learning.lesson l ON l.id = p.lesson_id
        WHERE p.user_id = $1 AND l.course_id = $2 ORDER BY l.position`,
      [userId, courseId],
    );
    return rows.map(toProgress);
  }

  async recordProgress(p: { userId: string; lessonId: string; positionSeconds: number; completed: boolean; practicedSeconds: number }) {
    const { rows } = await this.sql.query<{ lesson_id: string; position_seconds: number; completed: boolean; practice_seconds: string }>(
      `INSERT INTO learning.progress (user_id, lesson_id, position_seconds, completed, practice_seconds) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (user_id, lesson_id) DO UPDATE SET position_seconds = EXCLUDED.position_seconds,
         completed = learning.progress.completed OR EXCLUDED.completed,
         practice_seconds = learning.progress.practice_seconds + EXCLUDED.practice_seconds, updated_at = now()
       RETURNING lesson_id, position_seconds, completed, practice_seconds`,
      [p.userId, p.lessonId, p.positionSeconds, p.completed, p.practicedSeconds],
    );
    return toProgress(rows[0]!);
  }

  /** Per course of the user: lesson count, completed lessons and practice seconds. */
  async classroomTotals(userId: string): Promise<Map<string, { lessons: number; completed: number; practice: number }>> {
    const { rows } = await this.sql.query<{ course_id: string; lessons: string; completed: string; practice: string }>(
      `SELECT l.course_id, count(*) AS lessons, count(*) FILTER (WHERE p.completed) AS completed, coalesce(sum(p.practice_seconds), 0) AS practice
         FROM learning.lesson l LEFT JOIN learning.progress p ON p.lesson_id = l.id AND p.user_id = $1
        WHERE l.course_id IN (SELECT course_id FROM learning.enrolment WHERE user_id = $1)
        GROUP BY l.course_id`,
      [userId],
    );
    return new Map(rows.map((r) => [r.course_id, { lessons: Number(r.lessons), completed: Number(r.completed), practice: Number(r.practice) }]));
  }

  // ---- certificates ----
}
