/**
 * The instructor's unanswered questions a keyset page at a time (decision 0087) on both infrastructures (the
 * embedded FerretDB and tools/infra's): more questions than UNANSWERED_SCAN, many sharing a createdAt, on two
 * instructors' courses, some answered or hidden. An instructor's pages give exactly their unanswered, visible
 * questions once each, newest first by (createdAt, _id), next empty at the end; an admin's give every course's.
 * The spec's list (the heads of the newest UNANSWERED_SCAN) says where the pages continue, and those pages
 * give the rest. Another list's or an edited cursor is INVALID_CURSOR.
 */
import { randomUUID } from 'node:crypto';
import { refusalKeyOf, type DocumentStore } from '@taal/kit';
import { backends, type Backend } from '../../../../tools/testing/backends';
import type { PageAsk } from './pages';
import { QuestionDocuments, UNANSWERED_SCAN } from './questions';

const N = UNANSWERED_SCAN + 300; // about 430 unanswered and visible (more than the scan), 90 of them one instructor's (fewer)
const BASE = Date.UTC(2026, 0, 1, 6, 0, 0, 0);
const at = (i: number) => new Date(BASE + Math.floor(i / 3) * 1000);
const refusedWith = async (p: Promise<unknown>) => refusalKeyOf(await p.then(() => null, (err: unknown) => err));

describe.each(backends)('the unanswered questions a page at a time on %s infrastructure', (_name, makeBackend) => {
  let backend: Backend;
  let conn: DocumentStore['connection'];
  let questions: QuestionDocuments;
  const expected = { mine: [] as string[], all: [] as string[] };

  const everyPage = async (instructorId: string | null, limit: number, first = '') => {
    const seen: string[] = [];
    let cursor = first;
    let pages = 0;
    do {
      const page = await questions.unansweredPage(instructorId, { cursor, limit } satisfies PageAsk);
      pages++;
      expect(page.items.length).toBeLessThanOrEqual(limit);
      if (page.next) expect(page.items).toHaveLength(limit);
      seen.push(...page.items.map((q) => q._id));
      cursor = page.next;
      if (pages > 200) throw new Error('no end');
    } while (cursor);
    return { ids: seen, pages };
  };

  beforeAll(async () => {
    backend = await makeBackend();
    const store = await backend.documents();
    conn = store.connection.useDb(`unanswered_${randomUUID().replace(/-/g, '').slice(0, 10)}`, { useCache: false });
    questions = new QuestionDocuments(conn);
    await questions.init();
    const docs = Array.from({ length: N }, (_, i) => ({
      _id: `${String(i % 7).padStart(2, '0')}-${randomUUID()}`,
      courseId: 'c-1',
      lessonId: 'l-1',
      instructorId: i % 5 === 0 ? 'i-mine' : 'i-other',
      courseTitle: 'Course',
      lessonTitle: 'Lesson',
      askedBy: `u-${i % 11}`,
      askerName: 'Asker',
      body: `Question ${i}`,
      answered: i % 13 === 0,
      hidden: i % 17 === 0,
      createdAt: at(i),
      answeredAt: null,
    }));
    await questions.models.questions.insertMany(docs);
    const order = docs
      .filter((d) => !d.answered && !d.hidden)
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a._id < b._id ? 1 : a._id > b._id ? -1 : 0));
    expected.all = order.map((d) => d._id);
    expected.mine = order.filter((d) => d.instructorId === 'i-mine').map((d) => d._id);
  }, 300_000);
  afterAll(async () => {
    await conn?.dropDatabase().catch(() => {});
    await backend?.close();
  }, 60_000);

  it('pages an instructor’s unanswered, visible questions newest first, each once, and an admin’s every course’s', async () => {
    const mine = await everyPage('i-mine', 100);
    expect(mine.ids).toEqual(expected.mine);
    expect(mine.pages).toBe(Math.ceil(expected.mine.length / 100));
    expect((await everyPage(null, 100)).ids).toEqual(expected.all);
    expect((await everyPage('i-mine', 7)).ids.slice(0, 70)).toEqual(expected.mine.slice(0, 70));
  }, 120_000);

  it('the spec’s list reads the newest UNANSWERED_SCAN heads and says where the pages continue', async () => {
    const { heads, next } = await questions.unansweredHeads(null);
    expect(heads.map((h) => h._id)).toEqual(expected.all.slice(0, UNANSWERED_SCAN));
    expect(next).not.toBe('');
    expect((await everyPage(null, 100, next)).ids).toEqual(expected.all.slice(UNANSWERED_SCAN));
    const mine = await questions.unansweredHeads('i-mine');
    expect(mine.next).toBe('');
    expect(mine.heads.map((h) => h._id)).toEqual(expected.mine);
  }, 120_000);

  it('refuses another list’s or an edited cursor with INVALID_CURSOR', async () => {
    const { next } = await questions.unansweredPage('i-mine', { limit: 10 });
    expect(await refusedWith(questions.unansweredPage(null, { cursor: next, limit: 10 }))).toBe('INVALID_CURSOR');
    expect(await refusedWith(questions.recent({ cursor: next, limit: 10 }))).toBe('INVALID_CURSOR');
    const parts = JSON.parse(Buffer.from(next, 'base64url').toString('utf8')) as string[];
    parts[2] = `${parts[2]}x`;
    expect(await refusedWith(questions.unansweredPage('i-mine', { cursor: Buffer.from(JSON.stringify(parts)).toString('base64url'), limit: 10 }))).toBe('INVALID_CURSOR');
  });
});
