/**
 * Payouts' lists a keyset page at a time (issue 51, decision 0084, second part) on both SQL adapters: more
 * sales, settlements and course totals than two pages (ties among them), inserted by bulk SQL, read a page at
 * a time through the store's page queries as the use cases read them: every row once, in order, next
 * empty at the end; a range of Dhaka days gives exactly the sales of those paid days; each page query reads
 * its index in order (no Sort, no Seq Scan with both priced out); an edited or another list's cursor: INVALID_CURSOR.
 */
import path from 'node:path';
import { migrate, refusalKeyOf, type Sql } from '@taal/kit';
import { backends, type Backend } from '../../../tools/testing/backends';
import { pageThrough, planOf, recordingSql } from '../../../tools/testing/keyset-check';
import { keptFigures } from './store/kept-figures';
import { listCourseTotalsPage, listSalesPage, listSettlementsPage, type SalesFilter } from './store/pages';

// 'me' is one instructor of twenty and 'c-me' has one sale in fifty: each list must be read from its own index.
const SALES = 1500;
const SETTLEMENTS = 600;
const COURSES = 230;
// Three sales an instant (ties ordered by id), the instants 37 minutes apart: about 13 Dhaka days.
const AT = `timestamptz '2026-03-01 00:00:00.123456+00' + (g / 3) * interval '37 minutes 1.234567 seconds'`;
// The Dhaka day of a time: six hours ahead of UTC, all year.
const DHAKA_DAY = `((${AT}) + interval '6 hours') AT TIME ZONE 'UTC'`;

async function seed(sql: Sql) {
  await migrate(sql, { schema: 'payouts', dir: path.join(__dirname, '../migrations') });
  await sql.query(
    `INSERT INTO payouts.sale (id, order_id, course_id, course_title, instructor_id, user_id, course_price, amount_paid, gateway_cut, received_amount,
       instructor_percentage, instructor_earning, product_cut, paid_at, paid_day)
     SELECT 's-' || lpad(g::text, 5, '0'), 'o-' || g, CASE WHEN g % 50 = 0 THEN 'c-me' ELSE 'c-' || (g % 15) END, 'Course', CASE WHEN g % 20 = 0 THEN 'me' ELSE 'i-' || (g % 20) END,
            'u-' || (g % 50), 1000, 1000, 25, 975, 70, 682, 293, ${AT}, (${DHAKA_DAY})::date
       FROM generate_series(1, ${SALES}) AS g`,
  );
  await sql.query(`INSERT INTO payouts.buyer (user_id, name) SELECT 'u-' || g, 'Buyer ' || g FROM generate_series(0, 24) AS g`);
  await sql.query(
    `INSERT INTO payouts.settlement (id, instructor_id, settle_amount, received_amount, settle_day, status, created_at)
     SELECT 'st-' || lpad(g::text, 4, '0'), CASE WHEN g % 5 = 0 THEN 'me' ELSE 'i-' || (g % 5) END, 1000, 500, date '2026-03-01', true, ${AT}
       FROM generate_series(1, ${SETTLEMENTS}) AS g`,
  );
  await sql.query(
    `INSERT INTO payouts.course_totals (course_id, course_title, instructor_id, sale_count, amount_paid, gateway_cut, received_amount, earnings, product_cut)
     SELECT 'ct-' || lpad(g::text, 4, '0'), 'Course ' || g, 'i-1', g, 0, 0, (g % 17) * 1000, 0, 0 FROM generate_series(1, ${COURSES}) AS g`,
  );
  // The kept per-day figures of those sales (decision 0083), as recording them keeps them.
  await sql.query(
    `INSERT INTO payouts.sale_day SELECT course_id, paid_day, instructor_id, count(*), sum(amount_paid), sum(gateway_cut), sum(received_amount), sum(instructor_earning), sum(product_cut)
       FROM payouts.sale GROUP BY course_id, paid_day, instructor_id`,
  );
  for (const table of ['sale', 'settlement', 'course_totals']) await sql.query(`ANALYZE payouts.${table}`);
}

describe.each(backends)('payouts’ pages on %s SQL', (_name, makeBackend) => {
  let backend: Backend;
  let sql: Sql;
  const ids = async (text: string) => (await sql.query<{ id: string }>(text)).rows.map((r) => r.id);
  const sales = (db: Sql, f: SalesFilter, limit: number) => (cursor: string) => listSalesPage(db, f, cursor, limit).then((p) => ({ ids: p.sales.map((s) => s.id), next: p.next }));
  const settlements = (db: Sql, limit: number) => (cursor: string) => listSettlementsPage(db, 'me', cursor, limit).then((p) => ({ ids: p.settlements.map((s) => s.id), next: p.next }));
  const courses = (db: Sql, limit: number) => (cursor: string) => listCourseTotalsPage(db, cursor, limit).then((p) => ({ ids: p.courses.map((c) => c.courseId), next: p.next }));

  beforeAll(async () => {
    backend = await makeBackend();
    sql = backend.sql;
    await seed(sql);
  }, 120_000);
  afterAll(() => backend?.close());

  it.each([
    ['an instructor’s', { instructorId: 'me' }, `instructor_id = 'me'`, 20],
    ['a course’s', { courseId: 'c-me' }, `course_id = 'c-me'`, 8],
    ['every', {}, 'true', 100],
  ] as const)('pages %s sales newest first by paid time: each once, next empty at the end', async (_what, filter, where, size) => {
    const all = await ids(`SELECT id FROM payouts.sale WHERE ${where} ORDER BY paid_at DESC, id DESC`);
    const { ids: got, pages, endedWithoutNext } = await pageThrough(sales(sql, filter, size));
    expect(got).toEqual(all);
    expect(endedWithoutNext).toBe(true);
    expect(pages.length).toBe(Math.ceil(all.length / size));
    expect(pages.length).toBeGreaterThan(2);
  });

  it('gives exactly the sales of a range of Dhaka days (paid_day), newest first', async () => {
    const range = { fromDay: '2026-03-04', toDay: '2026-03-08' };
    const inRange = await ids(`SELECT id FROM payouts.sale WHERE instructor_id = 'me' AND paid_day BETWEEN '2026-03-04' AND '2026-03-08' ORDER BY paid_at DESC, id DESC`);
    expect(inRange.length).toBeGreaterThan(20);
    expect((await pageThrough(sales(sql, { instructorId: 'me', ...range }, 7))).ids).toEqual(inRange);
    const toOnly = await ids(`SELECT id FROM payouts.sale WHERE course_id = 'c-me' AND paid_day <= '2026-03-05' ORDER BY paid_at DESC, id DESC`);
    expect(toOnly.length).toBeGreaterThan(5);
    expect((await pageThrough(sales(sql, { courseId: 'c-me', toDay: '2026-03-05' }, 4))).ids).toEqual(toOnly);
    // The range's totals (every page's) from the kept figures equal the range's sales.
    const [sums] = (await sql.query<{ n: string; received: string; earnings: string }>(
      `SELECT count(*) AS n, sum(received_amount) AS received, sum(instructor_earning) AS earnings FROM payouts.sale WHERE instructor_id = 'me' AND paid_day BETWEEN '2026-03-04' AND '2026-03-08'`,
    )).rows;
    expect(await keptFigures.instructorRange(sql, 'me', range.fromDay, range.toDay)).toEqual({ saleCount: Number(sums!.n), receivedAmount: Number(sums!.received), earnings: Number(sums!.earnings) });
    const page = await listSalesPage(sql, { instructorId: 'me', ...range }, '', 5);
    expect(page.sales.every((s) => s.userName.startsWith('Buyer ') || s.userName === '')).toBe(true);
  });

  it('pages an instructor’s settlements newest first and every course’s totals by received amount', async () => {
    const mine = await ids(`SELECT id FROM payouts.settlement WHERE instructor_id = 'me' ORDER BY created_at DESC, id DESC`);
    const walkedSettlements = await pageThrough(settlements(sql, 15));
    expect(walkedSettlements.ids).toEqual(mine);
    expect(walkedSettlements.endedWithoutNext).toBe(true);
    expect(walkedSettlements.pages.length).toBeGreaterThan(2);
    const byReceived = await ids(`SELECT course_id AS id FROM payouts.course_totals ORDER BY received_amount DESC, course_id DESC`);
    const walkedCourses = await pageThrough(courses(sql, 20));
    expect(walkedCourses.ids).toEqual(byReceived);
    expect(walkedCourses.endedWithoutNext).toBe(true);
    expect(walkedCourses.pages.length).toBeGreaterThan(2);
  });

  it('reads each page from its index in order: no sort, no scan of the table', async () => {
    const { recording, sent } = recordingSql(sql);
    const range = { fromDay: '2026-03-02', toDay: '2026-03-09' };
    const cases: [(db: Sql) => (cursor: string) => Promise<{ next: string }>, string][] = [
      [(db) => sales(db, { instructorId: 'me', ...range }, 10), 'sale_instructor_page_idx'],
      [(db) => sales(db, { instructorId: 'me' }, 10), 'sale_instructor_page_idx'],
      [(db) => sales(db, { courseId: 'c-me', ...range }, 5), 'sale_course_page_idx'],
      [(db) => sales(db, {}, 10), 'sale_page_idx'],
      [(db) => settlements(db, 10), 'settlement_instructor_page_idx'],
      [(db) => courses(db, 10), 'course_totals_received_idx'],
    ];
    const expected: string[] = [];
    for (const [read, index] of cases) {
      await read(recording)('');
      await read(recording)((await read(sql)('')).next);
      expected.push(index, index);
    }
    const pages = sent.filter(([text]) => /ORDER BY/.test(text));
    expect(pages.length).toBe(expected.length);
    for (const [i, [text, params]] of pages.entries()) {
      expect(await planOf(sql, text, params)).toEqual({ text, sort: false, seq: false, indexes: [expected[i]] });
    }
  });

  it('refuses an edited or another list’s cursor with INVALID_CURSOR', async () => {
    const { next } = await sales(sql, { instructorId: 'me' }, 10)('');
    const edited = Buffer.from(Buffer.from(next, 'base64url').toString().replace('"s-0', '"s-9')).toString('base64url');
    await expect(sales(sql, { instructorId: 'me' }, 10)(edited).catch(refusalKeyOf)).resolves.toBe('INVALID_CURSOR');
    await expect(sales(sql, { courseId: 'c-me' }, 10)(next).catch(refusalKeyOf)).resolves.toBe('INVALID_CURSOR');
    await expect(settlements(sql, 10)(next).catch(refusalKeyOf)).resolves.toBe('INVALID_CURSOR');
    const coursesNext = (await courses(sql, 10)('')).next;
    await expect(sales(sql, {}, 10)(coursesNext).catch(refusalKeyOf)).resolves.toBe('INVALID_CURSOR');
    const forged = Buffer.from(JSON.stringify(['course-totals', '1.5', 'ct-1', 'check'])).toString('base64url');
    await expect(courses(sql, 10)(forged).catch(refusalKeyOf)).resolves.toBe('INVALID_CURSOR');
  });
});
