/** Students' contacts (name, address, language, kept from identity) and the access-expiry notices due to them, each claimed once. */
import type { Sql, SqlExecutor } from '@taal/kit';

export interface DueNotice {
  user_id: string;
  course_id: string;
  expires_at: Date;
  name: string;
  email: string;
  language: 'en' | 'bn';
  kind: 'soon' | 'expired';
}

/** Contacts' and expiry notices' SQL. */
export class ContactStore {
  constructor(private readonly sql: Sql) {}

  /** A student's address, name and language (kept from identity.user.registered). */
  async contact(userId: string): Promise<{ name: string; email: string; language: 'en' | 'bn' } | null> {
    const { rows } = await this.sql.query<{ name: string; email: string; language: 'en' | 'bn' }>(
      `SELECT name, email, language FROM learning.contact WHERE user_id = $1`,
      [userId],
    );
    return rows[0] ?? null;
  }

  async upsertContact(tx: SqlExecutor, c: { userId: string; name: string; email: string; language: 'en' | 'bn' }): Promise<void> {
    await tx.query(
      `INSERT INTO learning.contact (user_id, name, email, language) VALUES ($1, $2, $3, $4)
       ON CONFLICT (user_id) DO UPDATE SET name = EXCLUDED.name, email = EXCLUDED.email, language = EXCLUDED.language`,
      [c.userId, c.name, c.email, c.language],
    );
  }

  /**
   * Enrolments that owe a notice at `now`: 'soon' within `days` of their expiry, 'expired' once
   * past it (up to 30 days back, so a long outage does not mail ancient expiries), each not sent
   * for this expiry yet, of students we can write to.
   */
  async dueNotices(now: Date, days: number): Promise<DueNotice[]> {
    const { rows } = await this.sql.query<DueNotice>(
      `SELECT e.user_id, e.course_id, e.expires_at, c.name, c.email, c.language, d.kind
         FROM learning.enrolment e
         JOIN learning.contact c ON c.user_id = e.user_id
         CROSS JOIN LATERAL (SELECT CASE WHEN e.expires_at <= $1 THEN 'expired' ELSE 'soon' END AS kind) d
        WHERE e.expires_at <= $1 + make_interval(days => $2)
          AND e.expires_at > $1 - interval '30 days'
          AND NOT EXISTS (SELECT 1 FROM learning.expiry_notice n
                           WHERE n.user_id = e.user_id AND n.course_id = e.course_id AND n.expires_at = e.expires_at AND n.kind = d.kind)
        ORDER BY e.expires_at LIMIT 500`,
      [now, days],
    );
    return rows;
  }

  /** Records a notice with its mail request (one transaction): false when another run did (each goes out once). */
  async claimNotice(tx: SqlExecutor, n: { userId: string; courseId: string; kind: string; expiresAt: Date }): Promise<boolean> {
    const { rowCount } = await tx.query(
      `INSERT INTO learning.expiry_notice (user_id, course_id, kind, expires_at) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING`,
      [n.userId, n.courseId, n.kind, n.expiresAt],
    );
    return rowCount === 1;
  }
}
