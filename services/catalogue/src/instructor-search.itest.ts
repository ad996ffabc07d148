/**
 * The back office's instructor picker (decision 0087) on both SQL adapters: 3,000 instructors, some names
 * sharing a start in another case, some unpublished, one with LIKE's own characters. A search finds the first
 * `limit` whose name starts with the query in any case, by name then id, published or not (or the published
 * ones only); `%` and `_` are letters, not wildcards; each search is a range of migration 012's index read in
 * order (no Sort, no Seq Scan with both priced out).
 */
import path from 'node:path';
import { migrate, type Sql } from '@taal/kit';
import { backends, type Backend } from '../../../tools/testing/backends';
import { planOf, recordingSql } from '../../../tools/testing/keyset-check';
import { InstructorStore } from './store/instructors';

const NAMES = ['Rahim', 'rahima', 'RAHMAN', 'Rana', 'Anika', 'Bashir', 'Chitra', 'Dipu'];

describe.each(backends)('the instructor picker’s search on %s SQL', (_name, makeBackend) => {
  let backend: Backend;
  let sql: Sql;

  beforeAll(async () => {
    backend = await makeBackend();
    sql = backend.sql;
    await migrate(sql, { schema: 'catalogue', dir: path.join(__dirname, '../migrations') });
    await sql.query(
      `INSERT INTO catalogue.instructor (id, name, published)
       SELECT 'i-' || lpad(g::text, 5, '0'), (ARRAY['${NAMES.join("','")}'])[1 + g % ${NAMES.length}] || ' ' || g, g % 3 <> 0 FROM generate_series(1, 3000) AS g`,
    );
    await sql.query(`INSERT INTO catalogue.instructor (id, name, published) VALUES ('i-pct', 'Ra%_ 1', true)`);
    await sql.query('ANALYZE catalogue.instructor');
  }, 120_000);
  afterAll(() => backend?.close());

  const expected = async (prefix: string, published: boolean, limit: number) =>
    (
      await sql.query<{ id: string }>(
        `SELECT id FROM catalogue.instructor WHERE (NOT $2 OR published) AND starts_with(lower(name), $1) ORDER BY lower(name) COLLATE "C", id LIMIT $3`,
        [prefix.toLowerCase(), published, limit],
      )
    ).rows.map((r) => r.id);

  it.each([
    ['ra', true],
    ['RAH', true],
    ['rahima 1', false],
    ['Anika 99', true],
    ['ra%', true],
    ['zz', true],
  ] as const)('finds the first names starting with %s (any case; unpublished too: %s)', async (query, all) => {
    const store = new InstructorStore(sql);
    const found = (await store.searchInstructors(query, all, 10)).map((i) => i.id);
    expect(found).toEqual(await expected(query, !all, 10));
    if (query === 'ra%') expect(found).toEqual(['i-pct']);
    if (query === 'ra') expect(found).toHaveLength(10);
  });

  it('reads each search from its index in order: no sort, no scan of the table', async () => {
    const { recording, sent } = recordingSql(sql);
    await new InstructorStore(recording).searchInstructors('rah', true, 10);
    await new InstructorStore(recording).searchInstructors('rah', false, 10);
    expect(sent).toHaveLength(2);
    const [all, published] = sent;
    expect(await planOf(sql, all![0], all![1])).toEqual({ text: all![0], sort: false, seq: false, indexes: ['instructor_name_search_idx'] });
    expect(await planOf(sql, published![0], published![1])).toEqual({ text: published![0], sort: false, seq: false, indexes: ['instructor_name_search_published_idx'] });
  });
});
