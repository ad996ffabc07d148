/**
 * The back office's course list and the instructor lists a keyset page at a time (issue 51, decision 0084) on
 * both SQL adapters: more courses (drafts and featured among them) and instructors (unpublished among them)
 * than two pages, inserted by bulk SQL, read a page at a time through the stores' page queries as the gRPC
 * handlers read them: every row once, in order, next empty at the end; each page query reads an index in
 * order (no Sort, no Seq Scan with both priced out); an edited or another list's cursor: INVALID_CURSOR.
 */
import path from 'node:path';
import { migrate, refusalKeyOf, type Sql } from '@taal/kit';
import { backends, type Backend } from '../../../tools/testing/backends';
import { pageThrough, planOf, recordingSql } from '../../../tools/testing/keyset-check';
import { listAdminCoursePage } from './store/course-pages';
import { InstructorStore } from './store/instructors';

const COURSES = 230;
const INSTRUCTORS = 170;
const AT = `timestamptz '2026-03-01 00:00:00.123456+00' + (g / 3) * interval '1.234567 seconds'`;

async function seed(sql: Sql) {
  await migrate(sql, { schema: 'catalogue', dir: path.join(__dirname, '../migrations') });
  await sql.query(
    `INSERT INTO catalogue.instructor (id, name, published, created_at) SELECT 'i-' || lpad(g::text, 4, '0'), 'Instructor ' || g, g % 4 <> 0, ${AT} FROM generate_series(1, ${INSTRUCTORS}) AS g`,
  );
  await sql.query(
    `INSERT INTO catalogue.course (id, title, category, level, instructor_id, price, old_price, validity_days, silver_price, silver_old_price,
       silver_validity, gold_price, gold_old_price, gold_validity, diamond_price, diamond_old_price, diamond_validity, published, featured, created_at)
     SELECT 'c-' || lpad(g::text, 5, '0'), 'Course ' || g, 'Guitar', 'beginner', 'i-' || lpad((1 + g % 9)::text, 4, '0'),
            100000, 0, 30, 100000, 0, 30, 200000, 0, 60, 300000, 0, 90, g % 7 <> 0, g % 2 = 0, ${AT}
       FROM generate_series(1, ${COURSES}) AS g`,
  );
  await sql.query('ANALYZE catalogue.course');
  await sql.query('ANALYZE catalogue.instructor');
}

describe.each(backends)('back-office pages on %s SQL', (_name, makeBackend) => {
  let backend: Backend;
  let sql: Sql;
  const ids = async (text: string) => (await sql.query<{ id: string }>(text)).rows.map((r) => r.id);

  beforeAll(async () => {
    backend = await makeBackend();
    sql = backend.sql;
    await seed(sql);
  }, 120_000);
  afterAll(() => backend?.close());

  it.each([
    ['every course, drafts included', false, 'TRUE', 25],
    ['the featured courses', true, 'featured', 20],
  ] as const)('pages %s newest first: each once, next empty at the end', async (_what, featured, where, limit) => {
    const all = await ids(`SELECT id FROM catalogue.course WHERE ${where} ORDER BY created_at DESC, id DESC`);
    const { ids: got, pages, endedWithoutNext } = await pageThrough(async (cursor) => {
      const page = await listAdminCoursePage(sql, featured, cursor, limit);
      return { ids: page.items.map((c) => c.id), next: page.next };
    });
    expect(got).toEqual(all);
    expect(endedWithoutNext).toBe(true);
    expect(pages.length).toBe(Math.ceil(all.length / limit));
    expect(pages.length).toBeGreaterThan(2);
  });

  it.each([
    ['every instructor', true, 'TRUE'],
    ['the published instructors', false, 'published'],
  ] as const)('pages %s oldest first with their courses', async (_what, all, where) => {
    const store = new InstructorStore(sql);
    const expected = await ids(`SELECT id FROM catalogue.instructor WHERE ${where} ORDER BY created_at, id`);
    const { ids: got, pages, endedWithoutNext } = await pageThrough(async (cursor) => {
      const page = await store.listInstructorPage(all, cursor, 30);
      return { ids: page.items.map((i) => i.id), next: page.next };
    });
    expect(got).toEqual(expected);
    expect(endedWithoutNext).toBe(true);
    expect(pages.length).toBeGreaterThan(2);
    const first = (await store.listInstructorPage(all, '', 5)).items.find((i) => i.id === 'i-0002')!;
    const courses = await ids(`SELECT id FROM catalogue.course WHERE instructor_id = 'i-0002' AND (${all} OR published) ORDER BY created_at DESC`);
    expect(first.courseIds).toEqual(courses);
  });

  it('reads each page from an index in order: no sort, no scan of the table', async () => {
    const { recording, sent } = recordingSql(sql);
    const store = new InstructorStore(recording);
    for (const featured of [false, true]) {
      const { next } = await listAdminCoursePage(recording, featured, '', 10);
      await listAdminCoursePage(recording, featured, next, 10);
    }
    for (const all of [true, false]) {
      const { next } = await store.listInstructorPage(all, '', 10);
      await store.listInstructorPage(all, next, 10);
    }
    const pages = sent.filter(([text]) => /ORDER BY/.test(text));
    expect(pages.length).toBe(8);
    const indexOf = (text: string) =>
      /catalogue\.course/.test(text) && !/i\.created_at/.test(text)
        ? /featured AND/.test(text) ? 'course_admin_featured_idx' : 'course_admin_newest_idx'
        : /i\.published AND/.test(text) ? 'instructor_page_published_idx' : 'instructor_page_idx';
    for (const [text, params] of pages) expect(await planOf(sql, text, params)).toEqual({ text, sort: false, seq: false, indexes: [indexOf(text)] });
  });

  it('refuses an edited or another list’s cursor with INVALID_CURSOR', async () => {
    const { next } = await listAdminCoursePage(sql, false, '', 10);
    const edited = Buffer.from(Buffer.from(next, 'base64url').toString().replace('c-00', 'c-01')).toString('base64url');
    await expect(listAdminCoursePage(sql, false, edited, 10).catch(refusalKeyOf)).resolves.toBe('INVALID_CURSOR');
    await expect(listAdminCoursePage(sql, true, next, 10).catch(refusalKeyOf)).resolves.toBe('INVALID_CURSOR');
    await expect(new InstructorStore(sql).listInstructorPage(true, next, 10).catch(refusalKeyOf)).resolves.toBe('INVALID_CURSOR');
  });
});
