/** Passages and the practice log's SQL (`learning.passage`, `learning.practice_day`, `learning.practice_passage`; decision 0081). */
import type { Sql, SqlExecutor } from '@taal/kit';

export interface PassageNoteRow {
  midi: number;
  startBeat: number;
  lengthBeats: number;
}

export interface PassageRow {
  id: string;
  course_id: string;
  lesson_id: string;
  title: string;
  start_seconds: number;
  end_seconds: number;
  bpm: number;
  percussive: boolean;
  notes: PassageNoteRow[];
  source: 'typed' | 'midi';
  updated_at: Date;
}

export interface PracticeDayRow {
  day: string;
  course_id: string;
  seconds: number;
}

export interface PassageBestRow {
  passage_id: string;
  course_id: string;
  title: string | null;
  best_score: number;
  last_score: number;
  takes: number;
}

export interface PassageStatRow {
  passage_id: string;
  lesson_id: string;
  title: string;
  students: string;
  median_score: number | string | null;
}

/** jsonb may come back as text from a driver that does not parse it; doubles as strings. */
const passage = (r: PassageRow): PassageRow => ({
  ...r,
  start_seconds: Number(r.start_seconds),
  end_seconds: Number(r.end_seconds),
  bpm: Number(r.bpm),
  notes: typeof r.notes === 'string' ? (JSON.parse(r.notes) as PassageNoteRow[]) : r.notes,
});

export class PracticeStore {
  constructor(private readonly sql: Sql) {}

  async passage(id: string): Promise<PassageRow | null> {
    const { rows } = await this.sql.query<PassageRow>(`SELECT * FROM learning.passage WHERE id = $1`, [id]);
    return rows[0] ? passage(rows[0]) : null;
  }

  async passagesOf(courseId: string): Promise<PassageRow[]> {
    const { rows } = await this.sql.query<PassageRow>(`SELECT * FROM learning.passage WHERE course_id = $1 ORDER BY lesson_id, start_seconds, title, id`, [courseId]);
    return rows.map(passage);
  }

  /** The course of a lesson (null when there is no such lesson). */
  async lessonCourse(lessonId: string): Promise<string | null> {
    const { rows } = await this.sql.query<{ course_id: string }>(`SELECT course_id FROM learning.lesson WHERE id = $1`, [lessonId]);
    return rows[0]?.course_id ?? null;
  }

  async savePassage(p: Omit<PassageRow, 'updated_at'>, at: Date): Promise<PassageRow> {
    const { rows } = await this.sql.query<PassageRow>(
      `INSERT INTO learning.passage (id, course_id, lesson_id, title, start_seconds, end_seconds, bpm, percussive, notes, source, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
       ON CONFLICT (id) DO UPDATE SET lesson_id = $3, title = $4, start_seconds = $5, end_seconds = $6, bpm = $7, percussive = $8, notes = $9, source = $10, updated_at = $11
       RETURNING *`,
      [p.id, p.course_id, p.lesson_id, p.title, p.start_seconds, p.end_seconds, p.bpm, p.percussive, JSON.stringify(p.notes), p.source, at],
    );
    return passage(rows[0]!);
  }

  async deletePassage(id: string): Promise<boolean> {
    const { rows } = await this.sql.query(`DELETE FROM learning.passage WHERE id = $1 RETURNING id`, [id]);
    return rows.length > 0;
  }

  /** The consumer's writes, in the inbox transaction: seconds to the day, a take's score to the passage. */
  async addSeconds(tx: SqlExecutor, userId: string, day: string, courseId: string, seconds: number): Promise<void> {
    await tx.query(
      `INSERT INTO learning.practice_day (user_id, day, course_id, seconds) VALUES ($1, $2, $3, $4)
       ON CONFLICT (user_id, day, course_id) DO UPDATE SET seconds = learning.practice_day.seconds + $4`,
      [userId, day, courseId, seconds],
    );
  }

  async addTake(tx: SqlExecutor, t: { userId: string; passageId: string; courseId: string; score: number; at: Date }): Promise<void> {
    await tx.query(
      `INSERT INTO learning.practice_passage (user_id, passage_id, course_id, best_score, last_score, takes, updated_at) VALUES ($1, $2, $3, $4, $4, 1, $5)
       ON CONFLICT (user_id, passage_id) DO UPDATE SET best_score = GREATEST(learning.practice_passage.best_score, $4), last_score = $4,
         takes = learning.practice_passage.takes + 1, updated_at = $5`,
      [t.userId, t.passageId, t.courseId, t.score, t.at],
    );
  }

  /** A student's seconds per day and course from `firstDay` (YYYY-MM-DD) on, newest first. */
  async daysOf(userId: string, firstDay: string): Promise<PracticeDayRow[]> {
    const { rows } = await this.sql.query<PracticeDayRow>(
      `SELECT day, course_id, seconds FROM learning.practice_day WHERE user_id = $1 AND day >= $2 AND seconds > 0 ORDER BY day DESC, course_id`,
      [userId, firstDay],
    );
    return rows;
  }

  /** The Dhaka days a student practised on, newest first (at most `limit`): the streak is read from them. */
  async practisedDays(userId: string, limit: number): Promise<string[]> {
    const { rows } = await this.sql.query<{ day: string }>(
      `SELECT DISTINCT day FROM learning.practice_day WHERE user_id = $1 AND seconds > 0 ORDER BY day DESC LIMIT $2`,
      [userId, limit],
    );
    return rows.map((r) => r.day);
  }

  async bestsOf(userId: string): Promise<PassageBestRow[]> {
    const { rows } = await this.sql.query<PassageBestRow>(
      `SELECT pp.passage_id, pp.course_id, p.title, pp.best_score, pp.last_score, pp.takes
         FROM learning.practice_passage pp LEFT JOIN learning.passage p ON p.id = pp.passage_id
        WHERE pp.user_id = $1 ORDER BY pp.updated_at DESC LIMIT 100`,
      [userId],
    );
    return rows;
  }

  /** Per passage of a course: students with a scored take and the median of their best scores. */
  async statsOf(courseId: string): Promise<PassageStatRow[]> {
    const { rows } = await this.sql.query<PassageStatRow>(
      `SELECT p.id AS passage_id, p.lesson_id, p.title, count(pp.user_id) AS students,
              percentile_cont(0.5) WITHIN GROUP (ORDER BY pp.best_score) AS median_score
         FROM learning.passage p LEFT JOIN learning.practice_passage pp ON pp.passage_id = p.id
        WHERE p.course_id = $1 GROUP BY p.id, p.lesson_id, p.title, p.start_seconds ORDER BY p.lesson_id, p.start_seconds, p.id`,
      [courseId],
    );
    return rows;
  }
}
