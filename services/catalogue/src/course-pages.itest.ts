/**
 * The visitor's course list a keyset page at a time (issue 51, decision 0078) on both SQL adapters: more
 * published courses than two pages are inserted by bulk SQL into the catalogue's schema (its migrations run
 * first), with drafts among them, then read a page at a time through the store's page query, as the gRPC
 * handler reads them, in every sort (newest, rating, price either way) and filter (category, level,
 * instructor, two at once): every published row exactly once, in the sort's order with ties broken by id,
 * next empty at the end; each page query's plan reads its index in order (no Sort, no sequential scan); a
 * cursor of another sort, or an edited one, is refused with INVALID_CURSOR; an unknown sort with UNKNOWN_COURSE_SORT.
 */
import path from 'node:path';
import { migrate, refusalKeyOf, type Sql, type SqlExecutor } from '@taal/kit';
import { backends, type Backend } from '../../../tools/testing/backends';
import { courseFigures, listCoursePage, type CoursePageFilter } from './store/course-pages';

const COURSES = 260;
const CATEGORIES = ['Guitar', 'Bass Guitar', 'Drums', 'Piano & Keyboard', 'Sound Engineering'];
const LEVELS = ['beginner', 'intermediate', 'advanced'];

async function seed(sql: Sql) {
  await migrate(sql, { schema: 'catalogue', dir: path.join(__dirname, '../migrations') });
  await sql.query(`INSERT INTO catalogue.instructor (id, name) SELECT 'i-' || g, 'Instructor ' || g FROM generate_series(1, 4) AS g`);
  // Created in threes on the same microsecond, prices in a few steps and ratings in a few steps: every
  // sort has ties its id must break. Every 7th course is a draft (never listed).
  await sql.query(
    `INSERT INTO catalogue.course (id, title, category, level, instructor_id, price, old_price, validity_days, silver_price, silver_old_price,
       silver_validity, gold_price, gold_old_price, gold_validity, diamond_price, diamond_old_price, diamond_validity, published, sold,
       rating_sum, rating_count, created_at)
     SELECT 'c-' || lpad(g::text, 5, '0'), 'Course ' || g, ($1::text[])[1 + g % 5], ($2::text[])[1 + g % 3], 'i-' || (1 + g % 4),
            100000 + (g % 9) * 50000, 0, 30, 100000, 0, 30, 200000, 0, 60, 300000, 0, 90, g % 7 <> 0, g % 4,
            (g % 6) * (g % 5), g % 5, timestamptz '2026-03-01 00:00:00.123456+00' + (g / 3) * interval '1.234567 seconds'
       FROM generate_series(1, ${COURSES}) AS g`,
    [CATEGORIES, LEVELS],
  );
  await sql.query('ANALYZE catalogue.course');
}

const ORDER_BY: Record<string, string> = {
  newest: 'created_at DESC, id DESC',
  rating: 'rating_rank DESC, rating_count DESC, id DESC',
  price: 'price ASC, id ASC',
  'price-desc': 'price DESC, id DESC',
};

describe.each(backends)('course pages on %s SQL', (_name, makeBackend) => {
  let backend: Backend;
  let sql: Sql;

  beforeAll(async () => {
    backend = await makeBackend();
    sql = backend.sql;
    await seed(sql);
  }, 120_000);
  afterAll(() => backend?.close());

  const expected = async (filter: CoursePageFilter) => {
    const where = ['published', filter.category ? 'category = $1' : '$1::text IS NULL', filter.level ? 'level = $2' : '$2::text IS NULL', filter.instructorId ? 'instructor_id = $3' : '$3::text IS NULL'];
    const { rows } = await sql.query<{ id: string }>(`SELECT id FROM catalogue.course WHERE ${where.join(' AND ')} ORDER BY ${ORDER_BY[filter.sort || 'newest']}`, [
      filter.category || null,
      filter.level || null,
      filter.instructorId || null,
    ]);
    return rows.map((r) => r.id);
  };
  const pageThrough = async (db: Sql, filter: CoursePageFilter, limit: number) => {
    const pages: string[][] = [];
    let cursor = '';
    do {
      const page = await listCoursePage(db, filter, cursor, limit);
      pages.push(page.items.map((c) => c.id));
      cursor = page.next;
    } while (cursor && pages.length < 100);
    return pages;
  };

  const filters: [string, CoursePageFilter][] = [
    ['every course', {}],
    ['a category', { category: 'Drums' }],
    ['a level', { level: 'advanced' }],
    ['an instructor', { instructorId: 'i-2' }],
    ['a category and a level', { category: 'Guitar', level: 'beginner' }],
  ];
  const cases = filters.flatMap(([what, filter]) => Object.keys(ORDER_BY).map((sort) => [`${what}, ${sort}`, { ...filter, sort }] as const));

  it.each(cases)('pages %s: each published course once, in order, next empty at the end', async (_what, filter) => {
    const all = await expected(filter);
    const size = filter.category && filter.level ? 3 : 12;
    const pages = await pageThrough(sql, filter, size);
    expect(pages.flat()).toEqual(all);
    expect(pages.length).toBe(Math.ceil(all.length / size));
    expect(pages.length).toBeGreaterThan(2);
    expect(pages.slice(0, -1).every((p) => p.length === size)).toBe(true);
  });

  it('reads each page from its index in order: no sort, no scan of the table', async () => {
    const sent: [string, readonly unknown[]][] = [];
    const recording = { query: (text: string, params?: readonly unknown[]) => (sent.push([text, params ?? []]), sql.query(text, params)) } as unknown as Sql;
    for (const [, filter] of cases) {
      const { next } = await listCoursePage(recording, filter, '', 5);
      await listCoursePage(recording, filter, next, 5);
    }
    expect(sent.length).toBe(cases.length * 2);
    for (const [text, params] of sent) {
      const plan = await sql.transaction(async (tx) => {
        await tx.query('SET LOCAL enable_seqscan = off');
        await tx.query('SET LOCAL enable_sort = off');
        return JSON.stringify((await tx.query(`EXPLAIN (FORMAT JSON) ${text}`, params)).rows);
      });
      const indexes = [...plan.matchAll(/"Index Name":\s*"([^"]+)"/g)].map((m) => m[1]);
      expect({ text, params, sort: /"Node Type":\s*"(Sort|Incremental Sort)"/.test(plan), seq: /Seq Scan/.test(plan), page: indexes.every((i) => i?.startsWith('course_page_')) && indexes.length === 1 }).toEqual({
        text,
        params,
        sort: false,
        seq: false,
        page: true,
      });
    }
  });

  it('refuses another sort’s, an edited or a cut cursor, and an unknown sort', async () => {
    const { next } = await listCoursePage(sql, { sort: 'price' }, '', 10);
    const edited = Buffer.from(Buffer.from(next, 'base64url').toString().replace('c-0', 'c-1')).toString('base64url');
    for (const [sort, cursor] of [['price-desc', next], ['newest', next], ['price', edited], ['price', next.slice(0, -3)]] as const) {
      await expect(listCoursePage(sql, { sort }, cursor, 10).catch(refusalKeyOf)).resolves.toBe('INVALID_CURSOR');
    }
    await expect(listCoursePage(sql, { sort: 'cheapest' }, '', 10).catch(refusalKeyOf)).resolves.toBe('UNKNOWN_COURSE_SORT');
  });

  it('keeps its counts (every course, the published ones and their sales, instructors) equal to a count after writes (decision 0083)', async () => {
    const counted = async () => {
      const { rows } = await sql.query<{ all: number; n: number; sold: number; instructors: number }>(
        `SELECT (SELECT count(*)::int FROM catalogue.course) AS all, count(*)::int AS n, coalesce(sum(sold), 0)::int AS sold,
                (SELECT count(*)::int FROM catalogue.instructor) AS instructors FROM catalogue.course WHERE published`,
      );
      return { allCourses: rows[0]!.all, publishedCourses: rows[0]!.n, sold: rows[0]!.sold, instructors: rows[0]!.instructors };
    };
    expect(await courseFigures(sql)).toEqual(await counted());
    // Published and unpublished, sold more, a course deleted, instructors added: in parallel writers.
    await Promise.all([
      sql.query(`UPDATE catalogue.course SET published = NOT published WHERE id LIKE 'c-000%'`),
      sql.query(`UPDATE catalogue.course SET sold = sold + 3 WHERE id LIKE 'c-001%'`),
      sql.query(`INSERT INTO catalogue.instructor (id, name) SELECT 'j-' || g, 'Joined ' || g FROM generate_series(1, 3) AS g`),
    ]);
    await sql.query(`DELETE FROM catalogue.course WHERE id IN ('c-00200', 'c-00201')`);
    await sql.query(`UPDATE catalogue.course SET title = title || '!' WHERE id LIKE 'c-002%'`);
    const after = await counted();
    expect(await courseFigures(sql)).toEqual(after);
    expect(after.allCourses).toBe(COURSES - 2);
  });

  it('adds a bulk write to its counts once per statement, not once per row (catalogue migration 013)', async () => {
    // The kept row's updates within one transaction, as Postgres counts them: a row trigger made one per
    // written row, each walking the versions before it (100,000 courses: 450 s where 20,000 took 11 s).
    const updatesOfKeptCounts = async (tx: SqlExecutor) =>
      Number((await tx.query<{ n: string }>(`SELECT pg_stat_get_xact_tuples_updated('catalogue.kept_count'::regclass) AS n`)).rows[0]!.n);
    const before = await courseFigures(sql);
    const updates = await sql.transaction(async (tx) => {
      // Counted from here: the backend's counts not yet flushed may hold its earlier transactions' updates.
      const start = await updatesOfKeptCounts(tx);
      await tx.query(
        `INSERT INTO catalogue.course (id, title, category, level, instructor_id, price, old_price, validity_days, silver_price, silver_old_price,
           silver_validity, gold_price, gold_old_price, gold_validity, diamond_price, diamond_old_price, diamond_validity, published, sold)
         SELECT 'bulk-' || g, 'Bulk ' || g, 'Drums', 'beginner', 'i-1', 100000, 0, 30, 100000, 0, 30, 200000, 0, 60, 300000, 0, 90, g % 2 = 0, 1
           FROM generate_series(1, 500) AS g`,
      );
      const afterInsert = (await updatesOfKeptCounts(tx)) - start;
      await tx.query(`UPDATE catalogue.course SET sold = sold + 1 WHERE id LIKE 'bulk-%'`);
      await tx.query(`DELETE FROM catalogue.course WHERE id LIKE 'bulk-%'`);
      return { afterInsert, all: (await updatesOfKeptCounts(tx)) - start };
    });
    // Courses, published courses, their sales: three for the insert; the update's sales (published
    // courses unchanged: no update); three for the delete.
    expect(updates).toEqual({ afterInsert: 3, all: 7 });
    expect(await courseFigures(sql)).toEqual(before);
  });
});
