/** Certificate requests: asked for, pending or provided (with the PDF's key), listed and paged. */
import type { learningV1 } from '@taal/contracts';
import { decodeCursor, keysetAt, keysetPage, newestFirst, pageSizeOf, type Sql, type SqlExecutor } from '@taal/kit';
import { iso } from './schema';

export interface CertificateRow {
  id: string;
  user_id: string;
  course_id: string;
  user_name: string;
  user_email: string;
  course_name: string;
  status: 'pending' | 'provided';
  requested_at: Date;
  provided_at: Date | null;
  pdf_key: string | null;
  /** The exams passed before it was asked for (decision 0073). */
  exams: learningV1.PassedExam[] | string;
}

export const toCertificate = (r: CertificateRow, currentName?: string): learningV1.Certificate => ({
  id: r.id,
  userId: r.user_id,
  courseId: r.course_id,
  userName: currentName || r.user_name,
  issuedName: r.user_name,
  userEmail: r.user_email,
  courseName: r.course_name,
  status: r.status,
  requestedAt: iso(r.requested_at),
  providedAt: iso(r.provided_at),
  exams: typeof r.exams === 'string' ? (JSON.parse(r.exams) as learningV1.PassedExam[]) : (r.exams ?? []),
});

/** Certificates' SQL (`learning.certificate`). */
export class CertificateStore {
  constructor(private readonly sql: Sql) {}

  /** Inserts a pending request; returns null when the student asked before (their existing one is kept). */
  async insertCertificate(c: { id: string; userId: string; courseId: string; userName: string; userEmail: string; courseName: string; exams: learningV1.PassedExam[] }) {
    const { rows } = await this.sql.query<CertificateRow>(
      `INSERT INTO learning.certificate (id, user_id, course_id, user_name, user_email, course_name, exams) VALUES ($1, $2, $3, $4, $5, $6, $7)
       ON CONFLICT (user_id, course_id) DO NOTHING RETURNING *`,
      [c.id, c.userId, c.courseId, c.userName, c.userEmail, c.courseName, JSON.stringify(c.exams)],
    );
    return rows[0] ?? null;
  }

  async certificateOf(userId: string, courseId: string): Promise<CertificateRow | null> {
    const { rows } = await this.sql.query<CertificateRow>(`SELECT * FROM learning.certificate WHERE user_id = $1 AND course_id = $2`, [userId, courseId]);
    return rows[0] ?? null;
  }

  /** A student's certificates, newest request first. */
  async certificatesOf(userId: string): Promise<CertificateRow[]> {
    const { rows } = await this.sql.query<CertificateRow>(`SELECT * FROM learning.certificate WHERE user_id = $1 ORDER BY requested_at DESC, id`, [userId]);
    return rows;
  }

  async certificate(id: string): Promise<CertificateRow | null> {
    const { rows } = await this.sql.query<CertificateRow>(`SELECT * FROM learning.certificate WHERE id = $1`, [id]);
    return rows[0] ?? null;
  }

  /**
   * A page of the pending or the provided requests, newest request first by (requested_at, id) (decision 0084),
   * read from migration 009's (status, requested_at DESC, id DESC) in order: no count, no offset.
   */
  async certificatePage(status: 'pending' | 'provided', cursor: string, limit: number) {
    const list = `certificates:${status}`;
    const size = pageSizeOf(limit);
    const keyset = newestFirst(decodeCursor(list, cursor), 2, size, { at: 'requested_at', id: 'id' });
    const { rows } = await this.sql.query<CertificateRow & { cursor_at: string }>(
      `SELECT *, ${keysetAt('requested_at')} AS cursor_at FROM learning.certificate
        WHERE status = $1 AND ${keyset.where}
        ${keyset.orderBy} ${keyset.limitSql}`,
      [status, ...keyset.params],
    );
    return keysetPage(list, rows, size);
  }

  /** Marks a pending certificate provided (once); null when it is unknown or was provided before. */
  async provideCertificate(tx: SqlExecutor, id: string, pdfKey: string, at: Date): Promise<CertificateRow | null> {
    const { rows } = await tx.query<CertificateRow>(
      `UPDATE learning.certificate SET status = 'provided', provided_at = $3, pdf_key = $2 WHERE id = $1 AND status = 'pending' RETURNING *`,
      [id, pdfKey, at],
    );
    return rows[0] ?? null;
  }

  // ---- contacts and expiry notices ----
}
