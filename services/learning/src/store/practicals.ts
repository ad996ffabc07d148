/** Practical exams' SQL (`learning.practical_exam`, `learning.practical_submission`; decision 0079). */
import type { Sql, SqlExecutor } from '@taal/kit';

export type BriefLanguage = 'en' | 'bn' | 'both';
export type SubmissionStatus = 'waiting' | 'passed' | 'failed';

export interface BriefRow {
  course_id: string;
  language: BriefLanguage;
  brief_en: string;
  brief_bn: string;
  enabled: boolean;
  updated_at: Date;
}

export interface SubmissionRow {
  id: string;
  user_id: string;
  course_id: string;
  number: number;
  filename: string;
  media_kind: 'audio' | 'video';
  duration_seconds: number;
  submitted_at: Date;
  status: SubmissionStatus;
  comment: string;
  graded_at: Date | null;
  graded_by: string | null;
  /** Joined from learning.contact (graders' lists). */
  student_name?: string | null;
}

export class PracticalStore {
  constructor(private readonly sql: Sql) {}

  async brief(courseId: string): Promise<BriefRow | null> {
    const { rows } = await this.sql.query<BriefRow>(`SELECT * FROM learning.practical_exam WHERE course_id = $1`, [courseId]);
    return rows[0] ?? null;
  }

  async saveBrief(b: { courseId: string; language: BriefLanguage; briefEn: string; briefBn: string; enabled: boolean }, at: Date): Promise<BriefRow> {
    const { rows } = await this.sql.query<BriefRow>(
      `INSERT INTO learning.practical_exam (course_id, language, brief_en, brief_bn, enabled, updated_at) VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (course_id) DO UPDATE SET language = $2, brief_en = $3, brief_bn = $4, enabled = $5, updated_at = $6 RETURNING *`,
      [b.courseId, b.language, b.briefEn, b.briefBn, b.enabled, at],
    );
    return rows[0]!;
  }

  /** A student's submissions to a course's practical, oldest first. */
  async submissionsOf(userId: string, courseId: string): Promise<SubmissionRow[]> {
    const { rows } = await this.sql.query<SubmissionRow>(
      `SELECT * FROM learning.practical_submission WHERE user_id = $1 AND course_id = $2 ORDER BY number`,
      [userId, courseId],
    );
    return rows;
  }

  async submission(id: string): Promise<SubmissionRow | null> {
    const { rows } = await this.sql.query<SubmissionRow>(`SELECT * FROM learning.practical_submission WHERE id = $1`, [id]);
    return rows[0] ?? null;
  }

  /**
   * Adds submission `number` unless one is waiting, one passed, or that number is taken (a
   * parallel submission): the unique keys decide. False when it was not added.
   */
  async addSubmission(s: { id: string; userId: string; courseId: string; number: number; filename: string; mediaKind: 'audio' | 'video'; durationSeconds: number }, at: Date): Promise<boolean> {
    const { rows } = await this.sql.query(
      `INSERT INTO learning.practical_submission (id, user_id, course_id, number, filename, media_kind, duration_seconds, submitted_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT DO NOTHING RETURNING id`,
      [s.id, s.userId, s.courseId, s.number, s.filename, s.mediaKind, s.durationSeconds, at],
    );
    return rows.length > 0;
  }

  /** Submissions by status (waiting: oldest first; graded: newest first), with the student's name; at most 200. */
  async byStatus(status: 'waiting' | 'graded'): Promise<SubmissionRow[]> {
    const { rows } = await this.sql.query<SubmissionRow>(
      `SELECT s.*, c.name AS student_name FROM learning.practical_submission s LEFT JOIN learning.contact c ON c.user_id = s.user_id
        WHERE ${status === 'waiting' ? `s.status = 'waiting' ORDER BY s.submitted_at` : `s.status <> 'waiting' ORDER BY s.graded_at DESC`} LIMIT 200`,
    );
    return rows;
  }

  /** Grades a waiting submission: one conditional UPDATE, so of parallel grades exactly one matches. Null when it was graded before. */
  async grade(tx: SqlExecutor, id: string, passed: boolean, comment: string, by: string, at: Date): Promise<SubmissionRow | null> {
    const { rows } = await tx.query<SubmissionRow>(
      `UPDATE learning.practical_submission SET status = $2, comment = $3, graded_by = $4, graded_at = $5 WHERE id = $1 AND status = 'waiting' RETURNING *`,
      [id, passed ? 'passed' : 'failed', comment, by, at],
    );
    return rows[0] ?? null;
  }

  /** A student's passed submission (the certificate gate). */
  async passed(userId: string, courseId: string): Promise<SubmissionRow | null> {
    const { rows } = await this.sql.query<SubmissionRow>(
      `SELECT * FROM learning.practical_submission WHERE user_id = $1 AND course_id = $2 AND status = 'passed' LIMIT 1`,
      [userId, courseId],
    );
    return rows[0] ?? null;
  }
}
