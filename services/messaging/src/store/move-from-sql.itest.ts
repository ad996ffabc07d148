/**
 * An install started before decision 0043 kept messaging's rows in SQL: at start they are moved into
 * its documents once, idempotently (a second run, or a run after a crash mid-move, adds nothing),
 * and read back as before (read marks, system texts in the reader's language, mail states).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createLogger, type DocumentStore } from '@taal/kit';
import { backends, type Backend } from '../../../../tools/testing/backends';
import { MessagingDocuments } from './documents';
import { MailDocuments } from './mails';
import { moveFromSql } from './move-from-sql';

const logger = createLogger('messaging-move-test', 'warn');
const oldTables = readFileSync(path.join(__dirname, '..', 'testing', 'old-sql-tables.sql'), 'utf8');

describe.each(backends)('messaging rows moved from SQL into documents (%s)', (_name, makeBackend) => {
  let backend: Backend;
  let documents: DocumentStore;
  let store: MessagingDocuments;
  let mails: MailDocuments;

  beforeAll(async () => {
    backend = await makeBackend();
    documents = await backend.documents();
    store = new MessagingDocuments(documents.connection);
    mails = new MailDocuments(documents.connection);
    await store.init();
    await mails.init();
  }, 120_000);
  afterAll(() => backend?.close(), 60_000);

  it('an install without the old tables: nothing to move, marked done', async () => {
    expect(await moveFromSql(backend.sql, store, mails, logger)).toBe('nothing');
    expect(await moveFromSql(backend.sql, store, mails, logger)).toBe('already');
    await documents.connection.collection('moves').deleteMany({});
  });

  it('moves every row once; the store then reads them as the SQL store did', async () => {
    await backend.sql.query('CREATE SCHEMA IF NOT EXISTS messaging');
    await backend.sql.query(oldTables);
    await backend.sql.query(`INSERT INTO messaging.contact_message (id, name, email, message) VALUES ('c1', 'Rina', 'rina@example.com', 'Drum classes?')`);
    await backend.sql.query(
      `INSERT INTO messaging.student_message (id, from_user, name, email, to_instructor, to_name, course_id, message, status, reply, replied_at)
       VALUES ('m1', 'student-1', 'Rina', 'rina@example.com', 'ins-1', 'Ustad', 'course-1', 'When?', true, 'Monday', now())`,
    );
    await backend.sql.query(
      `INSERT INTO messaging.notification (id, user_id, msg, source_key, text_key, params) VALUES
         ('n1', NULL, 'Site news', NULL, NULL, NULL),
         ('n2', 'student-1', 'BDT 100.00 referral bonus was added to your wallet.', 'requested:ref-1', 'referralBonus', '{"amount": 10000}'),
         ('n3', 'student-1', 'Your message was answered', 'message-answered:m1', NULL, NULL)`,
    );
    await backend.sql.query(`INSERT INTO messaging.notification_read (user_id, notification_id) VALUES ('student-1', 'n1')`);
    await backend.sql.query(`INSERT INTO messaging.mass_mail (id, audience, subject, html) VALUES ('mm1', 'verified-user', 'News', '<p>Hi</p>')`);
    await backend.sql.query(
      `INSERT INTO messaging.mass_mail_recipient (mail_id, email, name, language, state, token) VALUES
         ('mm1', 'a@example.com', 'A', 'en', 'sent', 'tok-a'), ('mm1', 'b@example.com', 'B', 'bn', 'pending', 'tok-b')`,
    );
    await backend.sql.query(`INSERT INTO messaging.unsubscribed (email) VALUES ('c@example.com')`);
    await backend.sql.query(
      `INSERT INTO messaging.outgoing_mail (key, kind, recipient, mailbox, subject, html, text, state) VALUES
         ('receipt:o1', 'orderPaid', 'rina@example.com', 'rina@example.com', 'Receipt', '', '', 'sent'),
         ('reset:1', 'passwordReset', 'rina@example.com', 'rina@example.com', 'Reset', '<p>r</p>', 'r', 'pending')`,
    );

    expect(await moveFromSql(backend.sql, store, mails, logger)).toBe('moved');
    // A second start (or a run after a crash mid-move, once the mark is not there) adds nothing.
    expect(await moveFromSql(backend.sql, store, mails, logger)).toBe('already');
    await documents.connection.collection('moves').deleteMany({});
    expect(await moveFromSql(backend.sql, store, mails, logger)).toBe('moved');

    expect((await store.contacts.listContacts({})).items.map((c) => [c.id, c.message])).toEqual([['c1', 'Drum classes?']]);
    expect((await store.studentMessages.studentMessagesOf('student-1', true, {})).items).toMatchObject([{ id: 'm1', reply: 'Monday', toName: 'Ustad', courseId: 'course-1' }]);
    const all = await store.userNotifications('student-1', true, 'bn');
    expect(all.map((n) => [n.id, n.read])).toEqual([['n3', false], ['n2', false], ['n1', true]]);
    expect(all[1]!.msg).toBe('রেফারেল বোনাস হিসেবে ১০০.০০ টাকা আপনার ওয়ালেটে যোগ হয়েছে।');
    expect((await store.userNotifications('student-1', false)).map((n) => n.id)).toEqual(['n3', 'n2']);
    // The next notification follows the moved ones in the live stream; a moved cause is not notified twice.
    expect(await store.addNotification({ userId: 'student-1', msg: 'again', key: 'message-answered:m1' })).toBeNull();
    await store.addNotification({ userId: 'student-1', msg: 'new' });
    expect((await store.changesAfter(0)).changes.map((c) => c.seq)).toEqual([1, 2, 3, 4]);

    expect(await mails.models.recipients.countDocuments({ mailId: 'mm1' })).toBe(2);
    expect(await mails.models.unsubscribed.exists({ _id: 'c@example.com' })).toBeTruthy();
    const outgoing = await mails.models.outgoing.find().sort({ _id: 1 }).lean();
    expect(outgoing.map((m) => [m._id, m.state])).toEqual([['receipt:o1', 'sent'], ['reset:1', 'pending']]);
    expect(await documents.connection.collection('notifications').countDocuments()).toBe(4);
  }, 60_000);
});
