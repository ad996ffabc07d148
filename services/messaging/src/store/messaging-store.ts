import { randomUUID } from 'node:crypto';
import type { messagingV1 } from '@taal/contracts';
import type { Sql, SqlExecutor } from '@taal/kit';
import { notificationLink, notificationText } from '../domain/notification-texts';

export const SCHEMA = 'messaging';

const iso = (d: Date | null) => (d ? d.toISOString() : '');

interface ContactRow {
  id: string;
  name: string;
  email: string;
  message: string;
  status: boolean;
  reply: string;
  created_at: Date;
}
const toContact = (r: ContactRow): messagingV1.ContactMessage => ({
  id: r.id,
  name: r.name,
  email: r.email,
  message: r.message,
  status: r.status,
  reply: r.reply,
  createdAt: iso(r.created_at),
});

interface StudentMessageRow {
  id: string;
  from_user: string;
  name: string;
  email: string;
  to_instructor: string;
  to_name: string;
  course_id: string;
  message: string;
  status: boolean;
  reply: string;
  created_at: Date;
}
export const toStudentMessage = (r: StudentMessageRow): messagingV1.StudentMessage => ({
  id: r.id,
  name: r.name,
  email: r.email,
  from: r.from_user,
  to: r.to_instructor,
  toName: r.to_name,
  message: r.message,
  status: r.status,
  reply: r.reply,
  createdAt: iso(r.created_at),
  courseId: r.course_id,
});

interface NotificationRow {
  id: string;
  msg: string;
  user_id: string | null;
  created_at: Date;
  read?: boolean;
  text_key?: string | null;
  params?: Record<string, string | number> | null;
}
/** A system notification (text key) is written in `language`; others as stored. */
const toNotification = (r: NotificationRow, language = 'en'): messagingV1.Notification => ({
  id: r.id,
  msg: (r.text_key && notificationText(r.text_key, r.params ?? {}, language)) || r.msg,
  createdAt: iso(r.created_at),
  userId: r.user_id ?? '',
  read: r.read ?? false,
  link: notificationLink(r.text_key, r.params),
});

/** Newest first everywhere; lists are bounded (the back office shows recent ones). */
const LIST_LIMIT = 500;

/** Messaging's tables (migrations/001_messaging.sql). */
export class MessagingStore {
  constructor(private readonly sql: Sql) {}

  async addContact(input: { name: string; email: string; message: string }): Promise<messagingV1.ContactMessage> {
    const { rows } = await this.sql.query<ContactRow>(
      `INSERT INTO messaging.contact_message (id, name, email, message) VALUES ($1, $2, $3, $4) RETURNING *`,
      [randomUUID(), input.name, input.email, input.message],
    );
    return toContact(rows[0]!);
  }

  async contacts(): Promise<messagingV1.ContactMessage[]> {
    const { rows } = await this.sql.query<ContactRow>(`SELECT * FROM messaging.contact_message ORDER BY created_at DESC, id LIMIT ${LIST_LIMIT}`);
    return rows.map(toContact);
  }

  async markContactReplied(id: string): Promise<messagingV1.ContactMessage | null> {
    const { rows } = await this.sql.query<ContactRow>(`UPDATE messaging.contact_message SET status = true WHERE id = $1 RETURNING *`, [id]);
    return rows[0] ? toContact(rows[0]) : null;
  }

  async addStudentMessage(input: {
    from: string;
    name: string;
    email: string;
    to: string;
    toName: string;
    courseId: string;
    message: string;
  }): Promise<messagingV1.StudentMessage> {
    const { rows } = await this.sql.query<StudentMessageRow>(
      `INSERT INTO messaging.student_message (id, from_user, name, email, to_instructor, to_name, course_id, message)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING *`,
      [randomUUID(), input.from, input.name, input.email, input.to, input.toName, input.courseId, input.message],
    );
    return toStudentMessage(rows[0]!);
  }

  async studentMessages(userId: string, answered: boolean): Promise<messagingV1.StudentMessage[]> {
    const { rows } = await this.sql.query<StudentMessageRow>(
      `SELECT * FROM messaging.student_message WHERE from_user = $1 AND status = $2 ORDER BY created_at DESC, id LIMIT ${LIST_LIMIT}`,
      [userId, answered],
    );
    return rows.map(toStudentMessage);
  }

  async instructorMessages(instructorId: string): Promise<messagingV1.StudentMessage[]> {
    const { rows } = await this.sql.query<StudentMessageRow>(
      `SELECT * FROM messaging.student_message WHERE to_instructor = $1 ORDER BY status, created_at DESC, id LIMIT ${LIST_LIMIT}`,
      [instructorId],
    );
    return rows.map(toStudentMessage);
  }

  async allStudentMessages(): Promise<messagingV1.StudentMessage[]> {
    const { rows } = await this.sql.query<StudentMessageRow>(`SELECT * FROM messaging.student_message ORDER BY created_at DESC, id LIMIT ${LIST_LIMIT}`);
    return rows.map(toStudentMessage);
  }

  async studentMessage(id: string): Promise<messagingV1.StudentMessage | null> {
    const { rows } = await this.sql.query<StudentMessageRow>(`SELECT * FROM messaging.student_message WHERE id = $1`, [id]);
    return rows[0] ? toStudentMessage(rows[0]) : null;
  }

  async reply(tx: SqlExecutor, id: string, reply: string): Promise<messagingV1.StudentMessage | null> {
    const { rows } = await tx.query<StudentMessageRow>(
      `UPDATE messaging.student_message SET status = true, reply = $2, replied_at = now() WHERE id = $1 RETURNING *`,
      [id, reply],
    );
    return rows[0] ? toStudentMessage(rows[0]) : null;
  }

  /** A notification to everyone (userId null) or one user; with a key, at most one per key (null when it exists). */
  async addNotification(
    tx: SqlExecutor,
    input: { userId: string | null; msg: string; key?: string; textKey?: string; params?: Record<string, string | number> },
  ): Promise<messagingV1.Notification | null> {
    const { rows } = await tx.query<NotificationRow>(
      `INSERT INTO messaging.notification (id, user_id, msg, source_key, text_key, params) VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (source_key) DO NOTHING RETURNING id, msg, user_id, created_at`,
      [randomUUID(), input.userId, input.msg, input.key ?? null, input.textKey ?? null, input.textKey ? JSON.stringify(input.params ?? {}) : null],
    );
    return rows[0] ? toNotification(rows[0]) : null;
  }

  /** The back office's list: notifications to everyone. */
  async broadcasts(): Promise<messagingV1.Notification[]> {
    const { rows } = await this.sql.query<NotificationRow>(
      `SELECT id, msg, user_id, created_at FROM messaging.notification WHERE user_id IS NULL ORDER BY seq DESC LIMIT ${LIST_LIMIT}`,
    );
    return rows.map((r) => toNotification(r));
  }

  async deleteBroadcast(id: string): Promise<boolean> {
    const { rowCount } = await this.sql.query(`DELETE FROM messaging.notification WHERE id = $1 AND user_id IS NULL`, [id]);
    return rowCount > 0;
  }

  /** A user's notifications (to everyone and to them), newest first, each with this user's read flag. */
  async userNotifications(userId: string, all: boolean, language = 'en'): Promise<messagingV1.Notification[]> {
    const { rows } = await this.sql.query<NotificationRow>(
      `SELECT n.id, n.msg, n.user_id, n.created_at, n.text_key, n.params, (r.user_id IS NOT NULL) AS read
         FROM messaging.notification n
         LEFT JOIN messaging.notification_read r ON r.notification_id = n.id AND r.user_id = $1
        WHERE (n.user_id IS NULL OR n.user_id = $1) ${all ? '' : 'AND r.user_id IS NULL'}
        ORDER BY n.seq DESC LIMIT ${LIST_LIMIT}`,
      [userId],
    );
    return rows.map((r) => toNotification(r, language));
  }

  /** Marks one read for this user; false when it is not one of theirs. */
  async markRead(userId: string, notificationId: string): Promise<boolean> {
    const { rows } = await this.sql.query<{ id: string }>(
      `SELECT id FROM messaging.notification WHERE id = $1 AND (user_id IS NULL OR user_id = $2)`,
      [notificationId, userId],
    );
    if (!rows[0]) return false;
    await this.sql.query(
      `INSERT INTO messaging.notification_read (user_id, notification_id) VALUES ($1, $2) ON CONFLICT DO NOTHING`,
      [userId, notificationId],
    );
    return true;
  }

  async changesAfter(after: number): Promise<{ changes: { seq: number; userId: string }[]; latest: number }> {
    const { rows: top } = await this.sql.query<{ latest: string | null }>(`SELECT max(seq) AS latest FROM messaging.notification`);
    const latest = Number(top[0]?.latest ?? 0);
    if (after >= latest) return { changes: [], latest };
    const { rows } = await this.sql.query<{ seq: string; user_id: string | null }>(
      `SELECT seq, user_id FROM messaging.notification WHERE seq > $1 ORDER BY seq LIMIT 1000`,
      [after],
    );
    return { changes: rows.map((r) => ({ seq: Number(r.seq), userId: r.user_id ?? '' })), latest };
  }
}
