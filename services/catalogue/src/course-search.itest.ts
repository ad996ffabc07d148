/**
 * The back office's course picker and the reviews screen's titles (decision 0087) on both SQL adapters: 3,000
 * courses, some titles sharing a start in another case, some unpublished, one with LIKE's own characters. A search
 * finds the first `limit` whose title starts with the query in any case, by title then id; `%` and `_` are
 * letters; each search is a range of migration 014's index read in order (no Sort, no Seq Scan with both priced
 * out), and the titles of some courses are read by their primary key.
 */
import path from 'node:path';
import { migrate, type Sql } from '@taal/kit';
import { backends, type Backend } from '../../../tools/testing/backends';
import { planOf, recordingSql } from '../../../tools/testing/keyset-check';
import { coursesByIds, searchCourses } from './store/course-search';

const TITLES = ['Guitar basics', 'guitar chords', 'GUITAR SOLOS', 'Groove drums', 'Piano pieces', 'Bass lines', 'Mixing', 'Drum fills'];

describe.each(backends)('the course picker’s search on %s SQL', (_name, makeBackend) => {
  let backend: Backend;
  let sql: Sql;

  beforeAll(async () => {
    backend = await makeBackend();
    sql = backend.sql;
    await migrate(sql, { schema: 'catalogue', dir: path.join(__dirname, '../migrations') });
    await sql.query(`INSERT INTO catalogue.instructor (id, name, published) VALUES ('i-1', 'Rahim', true)`);
    const tiers = 'price, old_price, validity_days, silver_price, silver_old_price, silver_validity, gold_price, gold_old_price, gold_validity, diamond_price, diamond_old_price, diamond_validity';
    await sql.query(
      `INSERT INTO catalogue.course (id, title, category, level, instructor_id, published, ${tiers})
       SELECT 'c-' || lpad(g::text, 5, '0'), (ARRAY['${TITLES.join("','")}'])[1 + g % ${TITLES.length}] || ' ' || g, 'Guitar', 'beginner', 'i-1', g % 3 <> 0,
              100, 100, 30, 100, 100, 30, 200, 200, 60, 300, 300, 90
         FROM generate_series(1, 3000) AS g`,
    );
    await sql.query(
      `INSERT INTO catalogue.course (id, title, category, level, instructor_id, published, ${tiers})
       VALUES ('c-pct', 'Gu%_ 1', 'Guitar', 'beginner', 'i-1', true, 100, 100, 30, 100, 100, 30, 200, 200, 60, 300, 300, 90)`,
    );
    await sql.query('ANALYZE catalogue.course');
  }, 120_000);
  afterAll(() => backend?.close());

  const expected = async (prefix: string, published: boolean, limit: number) =>
    (
      await sql.query<{ id: string }>(
        `SELECT id FROM catalogue.course WHERE (NOT $2 OR published) AND starts_with(lower(title), $1) ORDER BY lower(title) COLLATE "C", id LIMIT $3`,
        [prefix.toLowerCase(), published, limit],
      )
    ).rows.map((r) => r.id);

  it.each([
    ['gu', true],
    ['GUITAR S', true],
    ['guitar chords 1', false],
    ['Piano pieces 99', true],
    ['gu%', true],
    ['zz', true],
  ] as const)('finds the first titles starting with %s (any case; unpublished too: %s)', async (query, all) => {
    const found = (await searchCourses(sql, query, all, 10)).map((c) => c.id);
    expect(found).toEqual(await expected(query, !all, 10));
    if (query === 'gu%') expect(found).toEqual(['c-pct']);
    if (query === 'gu') expect(found).toHaveLength(10);
  });

  it('reads the courses some ids name, drafts only when asked, unknown ids left out', async () => {
    const ids = ['c-00001', 'c-00003', 'c-00002', 'nope', 'c-00001'];
    expect((await coursesByIds(sql, ids, true)).map((c) => c.id).sort()).toEqual(['c-00001', 'c-00002', 'c-00003']);
    // c-00003 is unpublished (3 % 3 = 0).
    expect((await coursesByIds(sql, ids, false)).map((c) => c.id).sort()).toEqual(['c-00001', 'c-00002']);
    expect(await coursesByIds(sql, [], true)).toEqual([]);
  });

  it('reads a search from its index in order and the ids by the primary key: no sort, no scan of the table', async () => {
    const { recording, sent } = recordingSql(sql);
    await searchCourses(recording, 'gui', true, 10);
    await coursesByIds(recording, ['c-00010', 'c-00020'], true);
    expect(sent).toHaveLength(2);
    const [search, byId] = sent;
    expect(await planOf(sql, search![0], search![1])).toEqual({ text: search![0], sort: false, seq: false, indexes: ['course_title_search_idx'] });
    expect(await planOf(sql, byId![0], byId![1])).toEqual({ text: byId![0], sort: false, seq: false, indexes: ['course_pkey'] });
  });
});
