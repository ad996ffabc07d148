/** Upcoming courses: a name and a photo, listed, added and deleted. */
import type { Sql, SqlExecutor } from '@taal/kit';
import type { catalogueV1 } from '@taal/contracts';

type UpcomingCourse = catalogueV1.UpcomingCourse;

/** Persistence of upcoming courses; every query names its schema. */
export class UpcomingCourseStore {
  constructor(private readonly sql: Sql) {}

  async listUpcoming(): Promise<UpcomingCourse[]> {
    const { rows } = await this.sql.query<{ id: string; name: string; photo: string }>(
      `SELECT id, name, photo FROM catalogue.upcoming_course ORDER BY created_at, id`,
    );
    return rows;
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
}
