/**
 * The search's reads at scale (issue 51, decision 0091) on both SQL adapters: 10,000 published instructors (and
 * their 10,000 known words), 4 in 10 with "guitar" in their bio, written after the indexes were made, as a
 * catalogue grows. The planner's own plans (nothing priced out) read the indexes: the known words' trigram index
 * for a misspelt word (a GIN index's pending list, which the embedded database never merges, once made it read
 * every word), and the instructors' name words and trigrams (`<%` at its threshold) for the instructors, with at
 * most a page of bio-only matches; and the instructors found are those a ranking of every match finds when the
 * bio-only matches are fewer than a page.
 */
import path from 'node:path';
import { migrate, type Sql, type SqlExecutor } from '@taal/kit';
import { backends, type Backend } from '../../../tools/testing/backends';
import { chosenPlan } from '../../../tools/testing/plan-checks';
import { fuzzyText, prefixTsQuery, queryTerms } from './domain/search-text';
import { SearchStore, WORD_SIMILARITY_THRESHOLD } from './store/search-store';

const INSTRUCTORS = 10_000;

/** An executor that records what is sent through it. */
const recorded = (db: SqlExecutor, sent: [string, readonly unknown[]][]): SqlExecutor => ({
  query: (text: string, params?: readonly unknown[]) => (sent.push([text, params ?? []]), db.query(text, params)),
}) as SqlExecutor;

const inputOf = (query: string, limit: number) => {
  const terms = queryTerms(query);
  return { terms, tsQuery: prefixTsQuery(terms), fuzzy: fuzzyText(terms), limit };
};
const THRESHOLD = `SELECT set_config('pg_trgm.word_similarity_threshold', '${WORD_SIMILARITY_THRESHOLD}', true)`;

describe.each(backends)('the search’s plans at scale on %s SQL', (_name, makeBackend) => {
  let backend: Backend;
  let sql: Sql;
  let store: SearchStore;

  beforeAll(async () => {
    backend = await makeBackend();
    sql = backend.sql;
    await migrate(sql, { schema: 'catalogue', dir: path.join(__dirname, '../migrations') });
    await sql.query(
      `INSERT INTO catalogue.instructor (id, name, band, bio, published)
       SELECT 'i-' || lpad(g::text, 5, '0'), CASE WHEN g = 77 THEN 'Tanvir Hossain' ELSE 'Teacher ' || g END, 'Band ' || g,
              CASE WHEN g % 5 < 2 THEN 'Teaches guitar for ' || g % 20 || ' years.' ELSE 'Teaches drums.' END, true
         FROM generate_series(1, ${INSTRUCTORS}) AS g`,
    );
    await sql.query('ANALYZE catalogue.instructor, catalogue.search_word');
    store = new SearchStore(sql);
  }, 300_000);
  afterAll(() => backend?.close());

  it('finds the known words like a misspelt one through their trigram index, not by reading them all', async () => {
    const sent: [string, readonly unknown[]][] = [];
    const similar = await store.similarWords(recorded(sql, sent), ['tanvri', 'hosain']);
    expect(Object.fromEntries(similar)).toEqual({ tanvri: ['tanvir'], hosain: ['hossain'] });
    const plan = await chosenPlan(sql, sent[0]![0], sent[0]![1]);
    expect(plan).toMatchObject({ seqScans: [], indexes: ['search_word_trgm_idx'] });
  });

  it('reads the instructors a query names from their indexes and adds at most a page of bio-only ones', async () => {
    // (A query whose words every name shares, "teacher 12" here, names every instructor by its trigrams: all are ranked.)
    for (const [query, limit] of [['guitar', 100], ['tanvir hosain', 100], ['hossain', 20]] as const) {
      const sent: [string, readonly unknown[]][] = [];
      await store.searchTransaction(0, (tx) => store.instructors(recorded(tx, sent), inputOf(query, limit)));
      const plan = await chosenPlan(sql, sent[0]![0], sent[0]![1], [THRESHOLD]);
      expect({ query, seqScans: plan.seqScans }).toEqual({ query, seqScans: [] });
      expect(plan.indexes).toEqual(expect.arrayContaining(['instructor_search_name_idx', 'instructor_search_head_trgm_idx']));
    }
  });

  it('finds the instructors a ranking of every match finds, when the bio-only ones are fewer than a page', async () => {
    // Every match ranked (the search before decision 0091): words anywhere, or the query's trigrams in the name.
    const everyMatch = async (query: string, limit: number) => {
      const input = inputOf(query, limit);
      const { rows } = await sql.query<{ id: string }>(
        `SELECT i.id FROM catalogue.instructor i
          WHERE i.published AND (i.search_doc @@ to_tsquery('simple', $1) OR catalogue.word_similarity($2, i.search_head) >= ${WORD_SIMILARITY_THRESHOLD})
          ORDER BY (ts_rank(i.search_doc, to_tsquery('simple', $1)) + catalogue.word_similarity($2, i.search_head))::float8 DESC, i.id LIMIT $3`,
        [input.tsQuery, input.fuzzy, limit],
      );
      return rows.map((r) => r.id);
    };
    const found = async (query: string, limit: number) =>
      (await store.searchTransaction(0, (tx) => store.instructors(tx, inputOf(query, limit)))).map((i) => i.id);
    for (const [query, limit] of [['tanvir', 10], ['tanvri hosain', 10], ['teacher 123', 20], ['band 4567', 10]] as const) {
      const ids = await found(query, limit);
      expect({ query, ids }).toEqual({ query, ids: await everyMatch(query, limit) });
      expect(ids.length).toBeGreaterThan(0);
    }
    // A word in 4,000 bios: a page of them, each a match.
    const guitar = await found('guitar', 100);
    expect(guitar).toHaveLength(100);
    const { rows } = await sql.query<{ n: string }>(`SELECT count(*) AS n FROM catalogue.instructor WHERE id = ANY($1) AND bio LIKE '%guitar%'`, [guitar]);
    expect(Number(rows[0]!.n)).toBe(100);
  });
});
