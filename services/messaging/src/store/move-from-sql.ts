import type { Sql } from '@taal/kit';
import type { Logger } from 'pino';
import type { Connection } from 'mongoose';
import type { MessagingDocuments } from './documents';
import type { MailDocuments } from './mails';

/**
 * The one-time move of an install's messaging rows from SQL (schema `messaging`, before decision
 * 0043) into its documents. Run at start, before the consumers and jobs. Every document is written
 * with `$setOnInsert` under the row's key, so a move that a crash cut short is simply run again; the
 * mark that it is done is written last. The old tables are left as they were (read only from now on).
 */
const MARK = 'sql-move';
const PAGE = 1000;

type Row = Record<string, unknown>;
type Write = { _id: string } & Record<string, unknown>;

async function upsertAll(connection: Connection, collection: string, docs: Write[]): Promise<void> {
  if (docs.length === 0) return;
  await connection.collection<Write>(collection).bulkWrite(
    docs.map(({ _id, ...rest }) => ({ updateOne: { filter: { _id }, update: { $setOnInsert: rest }, upsert: true } })),
    { ordered: false },
  );
}

/** Copies one table page by page (ordered by its key), each row made a document by `toDoc`. */
async function copy(sql: Sql, connection: Connection, table: string, key: string, collection: string, toDoc: (r: Row) => Write): Promise<number> {
  let moved = 0;
  for (let offset = 0; ; offset += PAGE) {
    const { rows } = await sql.query<Row>(`SELECT * FROM messaging.${table} ORDER BY ${key} LIMIT ${PAGE} OFFSET ${offset}`);
    await upsertAll(connection, collection, rows.map(toDoc));
    moved += rows.length;
    if (rows.length < PAGE) return moved;
  }
}

const str = (v: unknown) => (v === null || v === undefined ? null : String(v));

export async function moveFromSql(sql: Sql, store: MessagingDocuments, mails: MailDocuments, logger: Logger): Promise<'already' | 'nothing' | 'moved'> {
  const connection = mails.connection;
  const marks = connection.collection<{ _id: string; at: Date; rows: number }>('moves');
  if (await marks.findOne({ _id: MARK })) return 'already';
  const { rows } = await sql.query<{ present: boolean }>(`SELECT to_regclass('messaging.notification') IS NOT NULL AS present`);
  let total = 0;
  if (rows[0]?.present) {
    const c = connection;
    const counts = {
      contacts: await copy(sql, c, 'contact_message', 'id', store.models.contacts.collection.name, (r) => ({
        _id: String(r.id), name: r.name, email: r.email, message: r.message, status: r.status, reply: r.reply, createdAt: r.created_at,
      })),
      studentMessages: await copy(sql, c, 'student_message', 'id', store.models.studentMessages.collection.name, (r) => ({
        _id: String(r.id), fromUser: r.from_user, name: r.name, email: r.email, toInstructor: r.to_instructor, toName: r.to_name,
        courseId: r.course_id, message: r.message, status: r.status, reply: r.reply, repliedAt: r.replied_at ?? null, createdAt: r.created_at,
      })),
      // The live stream's numbers are kept: the next notification takes the one after the last.
      notifications: await copy(sql, c, 'notification', 'seq', store.models.notifications.collection.name, (r) => ({
        _id: String(r.id), seq: Number(r.seq), userId: str(r.user_id), msg: r.msg, sourceKey: str(r.source_key) ?? `id:${String(r.id)}`,
        textKey: str(r.text_key), params: r.params ?? null, createdAt: r.created_at,
      })),
      reads: await copy(sql, c, 'notification_read', 'user_id, notification_id', store.models.reads.collection.name, (r) => ({
        _id: `${String(r.user_id)}:${String(r.notification_id)}`, userId: r.user_id, notificationId: r.notification_id, at: r.read_at,
      })),
      // Mass mails: ready, and open until the sender finds no pending recipient of theirs.
      massMails: await copy(sql, c, 'mass_mail', 'id', mails.models.massMails.collection.name, (r) => ({
        _id: String(r.id), audience: r.audience, subject: r.subject, html: r.html, ready: true, open: true, createdAt: r.created_at,
      })),
      recipients: await copy(sql, c, 'mass_mail_recipient', 'mail_id, email', mails.models.recipients.collection.name, (r) => ({
        _id: `${String(r.mail_id)}:${String(r.email)}`, mailId: r.mail_id, email: r.email, name: r.name, language: r.language,
        state: r.state, token: r.token, updatedAt: r.updated_at, attempts: r.state === 'claimed' ? 1 : 0, nextAttemptAt: new Date(0),
      })),
      unsubscribed: await copy(sql, c, 'unsubscribed', 'email', mails.models.unsubscribed.collection.name, (r) => ({ _id: String(r.email), at: r.unsubscribed_at })),
      // Sent ones too: their keys keep a cause delivered again from mailing twice.
      outgoing: await copy(sql, c, 'outgoing_mail', 'key', mails.models.outgoing.collection.name, (r) => ({
        _id: String(r.key), kind: r.kind, recipient: r.recipient, mailbox: str(r.mailbox), language: r.language, subject: r.subject,
        html: r.html, text: r.text, state: r.state, attempts: r.attempts, nextAttemptAt: r.next_attempt_at, createdAt: r.created_at,
        sentAt: r.sent_at ?? null,
      })),
    };
    total = Object.values(counts).reduce((a, b) => a + b, 0);
    logger.info(counts, 'messaging: rows moved from SQL into documents (once)');
  }
  await marks.updateOne({ _id: MARK }, { $setOnInsert: { at: new Date(), rows: total } }, { upsert: true });
  return rows[0]?.present ? 'moved' : 'nothing';
}
