/**
 * Messaging's lists a page at a time (decision 0085) on both infrastructures (the embedded FerretDB and
 * tools/infra's): each list gets more documents than two pages, many sharing a createdAt; paging it from the
 * first page to the last gives each document once, newest first by (time, _id), and no next at the end. An
 * edited cursor and another list's cursor are refused (INVALID_CURSOR).
 */
import { randomUUID } from 'node:crypto';
import { createLogger, refusalKeyOf, type CallerIdentity, type DocumentStore } from '@taal/kit';
import { backends, type Backend } from '../../../../tools/testing/backends';
import { MassMails } from '../app/mass-mail';
import { ConductDocuments } from './conduct';
import { MessagingDocuments } from './documents';
import { MailDocuments } from './mails';
import type { PageAsk } from './pages';
import { QuestionDocuments } from './questions';
import { ReviewDocuments } from './reviews';

type Page = { items: { id: string }[]; next: string };
const N = 47; // two pages of 20 and a part
const BASE = Date.UTC(2026, 0, 1, 6, 0, 0, 0);
/** Every third document shares its time with the next two: ties broken by _id. */
const timeOf = (i: number) => new Date(BASE + Math.floor(i / 3) * 1000 + (i % 2) * 7);
const ids = () => Array.from({ length: N }, (_, i) => `${String(i % 7).padStart(2, '0')}-${randomUUID()}`);
/** The order every list is read in: time, then _id, both newest first. */
const newestFirst = (docs: { _id: string; at: Date }[]) =>
  [...docs].sort((a, b) => b.at.getTime() - a.at.getTime() || (a._id < b._id ? 1 : a._id > b._id ? -1 : 0)).map((d) => d._id);

async function everyPage(read: (ask: PageAsk) => Promise<Page>, limit = 20): Promise<{ ids: string[]; pages: number; firstNext: string }> {
  const seen: string[] = [];
  let cursor = '';
  let pages = 0;
  let firstNext = '';
  do {
    const page = await read({ cursor, limit });
    pages++;
    if (pages === 1) firstNext = page.next;
    expect(page.items.length).toBeLessThanOrEqual(limit);
    if (page.next) expect(page.items).toHaveLength(limit);
    seen.push(...page.items.map((i) => i.id));
    cursor = page.next;
    if (pages > 100) throw new Error('no end');
  } while (cursor);
  return { ids: seen, pages, firstNext };
}

/** A cursor with its position changed but its check kept: refused. */
const edited = (cursor: string) => {
  const parts = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as string[];
  parts[2] = `${parts[2]}x`;
  return Buffer.from(JSON.stringify(parts)).toString('base64url');
};
const refusedWith = async (p: Promise<unknown>) => refusalKeyOf(await p.then(() => null, (err: unknown) => err));

describe.each(backends)('messaging lists a page at a time on %s infrastructure', (_name, makeBackend) => {
  let backend: Backend;
  let store: DocumentStore;
  let docs: MessagingDocuments;
  let reviews: ReviewDocuments;
  let questions: QuestionDocuments;
  let conduct: ConductDocuments;
  let mails: MailDocuments;
  let conn: DocumentStore['connection'];
  const lists: { name: string; expected: string[]; read: (ask: PageAsk) => Promise<Page> }[] = [];

  beforeAll(async () => {
    backend = await makeBackend();
    store = await backend.documents();
    conn = store.connection.useDb(`pages_${randomUUID().replace(/-/g, '').slice(0, 10)}`, { useCache: false });
    docs = new MessagingDocuments(conn);
    reviews = new ReviewDocuments(conn);
    questions = new QuestionDocuments(conn);
    conduct = new ConductDocuments(conn);
    mails = new MailDocuments(conn);
    for (const s of [docs, reviews, questions, conduct, mails]) await s.init();
  }, 120_000);
  afterAll(async () => {
    await conn?.dropDatabase().catch(() => {});
    await backend?.close();
  }, 60_000);

  /** Inserts N documents made by `make` (each with its _id and createdAt) and returns them newest first. */
  const insert = async (model: string, make: (id: string, at: Date, i: number) => Record<string, unknown>, at = 'createdAt') => {
    const made = ids().map((id, i) => make(id, timeOf(i), i));
    await conn.model(model).insertMany(made);
    return newestFirst(made.map((d) => ({ _id: d._id as string, at: d[at] as Date })));
  };

  it('fills every list with more than two pages, times shared', async () => {
    const contact = (id: string, createdAt: Date) => ({ _id: id, name: 'V', email: 'v@x', message: 'hi', status: false, reply: '', createdAt });
    lists.push({ name: 'contacts', expected: await insert('ContactMessage', contact), read: (a) => docs.contacts.listContacts(a) });

    const message = (from: string, to: string, status: boolean) => (id: string, createdAt: Date) => ({
      _id: id, fromUser: from, name: 'S', email: 's@x', toInstructor: to, toName: 'I', courseId: 'c', message: 'm', status, reply: status ? 'r' : '', repliedAt: null, createdAt,
    });
    const pendingOfS1 = await insert('StudentMessage', message('s1', 'i1', false));
    const answeredOfS1 = await insert('StudentMessage', message('s1', 'i2', true));
    const pendingToI3 = await insert('StudentMessage', message('s2', 'i3', false));
    const sm = docs.studentMessages;
    lists.push({ name: 'student pending', expected: pendingOfS1, read: (a) => sm.studentMessagesOf('s1', false, a) });
    lists.push({ name: 'student answered', expected: answeredOfS1, read: (a) => sm.studentMessagesOf('s1', true, a) });
    lists.push({ name: 'instructor pending', expected: pendingToI3, read: (a) => sm.instructorMessages('i3', false, a) });
    lists.push({ name: 'instructor answered', expected: answeredOfS1, read: (a) => sm.instructorMessages('i2', true, a) });
    const all = await conn.model('StudentMessage').find({}, { createdAt: 1 }).lean<{ _id: string; createdAt: Date }[]>();
    lists.push({ name: 'all student messages', expected: newestFirst(all.map((d) => ({ _id: d._id, at: d.createdAt }))), read: (a) => sm.allStudentMessages(a) });

    let seq = 1;
    const note = (userId: string | null) => (id: string, createdAt: Date) => ({ _id: id, seq: seq++, userId, msg: 'n', sourceKey: `id:${id}`, textKey: null, params: null, createdAt });
    const broadcasts = await insert('Notification', note(null));
    const toU1 = await insert('Notification', note('u1'));
    await insert('Notification', note('u2'));
    lists.push({ name: 'broadcasts', expected: broadcasts, read: (a) => docs.broadcasts(a) });
    const mine = await conn.model('Notification').find({ userId: { $in: [null, 'u1'] } }, { createdAt: 1 }).lean<{ _id: string; createdAt: Date }[]>();
    expect(mine).toHaveLength(broadcasts.length + toU1.length);
    lists.push({ name: "a user's notifications", expected: newestFirst(mine.map((d) => ({ _id: d._id, at: d.createdAt }))), read: (a) => docs.userNotificationPage('u1', a) });

    const review = (hidden: boolean) => (id: string, createdAt: Date, i: number) => ({
      _id: id, courseId: `c-${id}`, userId: 'u', userName: 'U', rating: 5, text: 't', reply: '', repliedAt: null, replierId: '',
      hidden, hiddenReason: hidden ? 'x' : '', hiddenAt: hidden ? timeOf(N - 1 - i) : null, hiddenBy: '', createdAt, updatedAt: createdAt,
    });
    lists.push({ name: 'reviews', expected: await insert('CourseReview', review(false)), read: (a) => reviews.recent(a) });
    lists.push({ name: 'hidden reviews', expected: await insert('CourseReview', review(true), 'hiddenAt'), read: (a) => reviews.hiddenList(a) });

    const question = (id: string, createdAt: Date) => ({
      _id: id, courseId: 'c', lessonId: 'l', instructorId: 'i', courseTitle: 'C', lessonTitle: 'L', askedBy: 'u', askerName: 'U', body: 'q', answered: false, hidden: false, createdAt, answeredAt: null,
    });
    lists.push({ name: 'questions', expected: await insert('LessonQuestion', question), read: (a) => questions.recent(a).then((p) => ({ items: p.items.map((d) => ({ id: d._id })), next: p.next })) });

    const report = (id: string, createdAt: Date, i: number) => ({
      _id: id, key: `k:${id}`, kind: 'message', itemId: `item-${i % 4}`, reporterId: 'r', reason: 'spam', senderId: 's', senderName: 'S', excerpt: 'e', courseId: '', status: i % 2 ? 'open' : 'dismissed', createdAt, decidedAt: null,
    });
    const reports = await insert('ConductReport', report);
    const open = new Set((await conn.model('ConductReport').find({ status: 'open' }, { _id: 1 }).lean<{ _id: string }[]>()).map((d) => d._id));
    const asIds = (p: Awaited<ReturnType<ConductDocuments['queue']>>) => ({ items: p.items.map((d) => ({ id: d._id })), next: p.next });
    lists.push({ name: 'reports', expected: reports, read: (a) => conduct.queue(false, a).then(asIds) });
    lists.push({ name: 'open reports', expected: reports.filter((id) => open.has(id)), read: (a) => conduct.queue(true, a).then(asIds) });

    const massMails = new MassMails(mails, { send: async () => ({ messageId: 'none' }), close: async () => {} }, createLogger('pages-test'), { publicUrl: () => 'http://localhost' });
    const mail = (id: string, createdAt: Date) => ({ _id: id, audience: 'allUser', subject: 's', html: '<p>h</p>', ready: true, open: false, createdAt });
    const admin = { identity: { userId: 'admin', userType: 1 } as CallerIdentity };
    lists.push({ name: 'mass mails', expected: await insert('MassMail', mail), read: (a) => massMails.list(admin, a) });
  }, 120_000);

  it('pages every list: each document once, newest first, no next at the end', async () => {
    expect(lists).toHaveLength(14);
    for (const list of lists) {
      const { ids: seen, pages } = await everyPage(list.read);
      expect({ list: list.name, ids: seen }).toEqual({ list: list.name, ids: list.expected });
      expect(pages).toBe(Math.ceil(list.expected.length / 20) || 1);
      // Other page sizes give the same order.
      expect((await everyPage(list.read, 7)).ids).toEqual(list.expected);
    }
  }, 120_000);

  it('refuses an edited cursor, and a cursor of another list (INVALID_CURSOR)', async () => {
    for (const list of lists) {
      const { firstNext } = await everyPage(list.read);
      expect(firstNext).not.toBe('');
      expect({ list: list.name, key: await refusedWith(list.read({ cursor: edited(firstNext) })) }).toEqual({ list: list.name, key: 'INVALID_CURSOR' });
      expect(await refusedWith(list.read({ cursor: `${firstNext.slice(0, -2)}` }))).toBe('INVALID_CURSOR');
      // Every list has its own name in its cursors: the next list's cursor is not this list's.
      const other = lists[(lists.indexOf(list) + 1) % lists.length]!;
      expect(await refusedWith(list.read({ cursor: (await other.read({ limit: 5 })).next }))).toBe('INVALID_CURSOR');
    }
  }, 120_000);
});
