/** Theory exams' SQL (`learning.exam`, `learning.exam_attempt`; decision 0072). */
import type { Sql } from '@taal/kit';
import type { ExamLanguage, ExamQuestion, Graded } from '../domain/exam';

export interface ExamRow {
  course_id: string;
  language: ExamLanguage;
  pass_percent: number;
  max_attempts: number;
  questions: ExamQuestion[];
  updated_at: Date;
}

export interface AttemptRow {
  id: string;
  user_id: string;
  course_id: string;
  number: number;
  started_at: Date;
  submitted_at: Date | null;
  score_percent: number | null;
  passed: boolean | null;
  wrong: string[] | null;
}

/** jsonb may come back as text from a driver that does not parse it. */
const parsed = <T>(v: unknown): T => (typeof v === 'string' ? (JSON.parse(v) as T) : (v as T));
const exam = (r: ExamRow): ExamRow => ({ ...r, questions: parsed<ExamQuestion[]>(r.questions) });
const attempt = (r: AttemptRow): AttemptRow => ({ ...r, wrong: r.wrong === null ? null : parsed<string[]>(r.wrong) });

export class ExamStore {
  constructor(private readonly sql: Sql) {}

  async exam(courseId: string): Promise<ExamRow | null> {
    const { rows } = await this.sql.query<ExamRow>(`SELECT * FROM learning.exam WHERE course_id = $1`, [courseId]);
    return rows[0] ? exam(rows[0]) : null;
  }

  async saveExam(e: { courseId: string; language: ExamLanguage; passPercent: number; maxAttempts: number; questions: ExamQuestion[] }, at: Date): Promise<ExamRow> {
    const { rows } = await this.sql.query<ExamRow>(
      `INSERT INTO learning.exam (course_id, language, pass_percent, max_attempts, questions, updated_at) VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (course_id) DO UPDATE SET language = $2, pass_percent = $3, max_attempts = $4, questions = $5, updated_at = $6 RETURNING *`,
      [e.courseId, e.language, e.passPercent, e.maxAttempts, JSON.stringify(e.questions), at],
    );
    return exam(rows[0]!);
  }

  /** Deletes an exam nobody has started; false when there is none or it has attempts. */
  async deleteUnstartedExam(courseId: string): Promise<boolean> {
    const { rows } = await this.sql.query(
      `DELETE FROM learning.exam e WHERE course_id = $1 AND NOT EXISTS (SELECT 1 FROM learning.exam_attempt a WHERE a.course_id = e.course_id) RETURNING course_id`,
      [courseId],
    );
    return rows.length > 0;
  }

  async hasAttempts(courseId: string): Promise<boolean> {
    const { rows } = await this.sql.query(`SELECT 1 FROM learning.exam_attempt WHERE course_id = $1 LIMIT 1`, [courseId]);
    return rows.length > 0;
  }

  /** A student's attempts at a course's exam, oldest first. */
  async attemptsOf(userId: string, courseId: string): Promise<AttemptRow[]> {
    const { rows } = await this.sql.query<AttemptRow>(`SELECT * FROM learning.exam_attempt WHERE user_id = $1 AND course_id = $2 ORDER BY number`, [userId, courseId]);
    return rows.map(attempt);
  }

  async attempt(id: string): Promise<AttemptRow | null> {
    const { rows } = await this.sql.query<AttemptRow>(`SELECT * FROM learning.exam_attempt WHERE id = $1`, [id]);
    return rows[0] ? attempt(rows[0]) : null;
  }

  /**
   * Opens attempt `number` unless one is open or that number is taken (a parallel start): the
   * unique keys decide, so a student never holds two open attempts or more than the limit.
   */
  async openAttempt(a: { id: string; userId: string; courseId: string; number: number }, at: Date): Promise<boolean> {
    const { rows } = await this.sql.query(
      `INSERT INTO learning.exam_attempt (id, user_id, course_id, number, started_at) VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING RETURNING id`,
      [a.id, a.userId, a.courseId, a.number, at],
    );
    return rows.length > 0;
  }

  /** Grades an open attempt: one conditional UPDATE, so of parallel submissions exactly one matches. Null when it was graded before. */
  async gradeAttempt(id: string, userId: string, answers: unknown, graded: Graded, at: Date): Promise<AttemptRow | null> {
    const { rows } = await this.sql.query<AttemptRow>(
      `UPDATE learning.exam_attempt SET submitted_at = $3, answers = $4, score_percent = $5, passed = $6, wrong = $7
        WHERE id = $1 AND user_id = $2 AND submitted_at IS NULL RETURNING *`,
      [id, userId, at, JSON.stringify(answers), graded.scorePercent, graded.passed, JSON.stringify(graded.wrongQuestionIds)],
    );
    return rows[0] ? attempt(rows[0]) : null;
  }

  /** The first passing attempt of a student (the certificate gate, decision 0073). */
  async passedAttempt(userId: string, courseId: string): Promise<AttemptRow | null> {
    const { rows } = await this.sql.query<AttemptRow>(
      `SELECT * FROM learning.exam_attempt WHERE user_id = $1 AND course_id = $2 AND passed ORDER BY submitted_at LIMIT 1`,
      [userId, courseId],
    );
    return rows[0] ? attempt(rows[0]) : null;
  }
}
