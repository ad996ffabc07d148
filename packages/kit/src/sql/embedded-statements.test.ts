import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { startEmbeddedPostgres, type EmbeddedPostgres } from './embedded';
import { SharedStatements } from './embedded-statements';

/**
 * The all-in-one's connections share prepared statements (embedded-statements.ts): a text seen
 * twice is prepared once in PGlite's one session and bound by name after. What a client sees must
 * not change: the same rows, the same errors, the same schema changes taken into account.
 */
describe('prepared statements shared by the embedded database connections', () => {
  let dir: string;
  let db: EmbeddedPostgres;
  const clients: pg.Client[] = [];

  async function connection(): Promise<pg.Client> {
    const client = new pg.Client({ connectionString: db.connectionString, stream: db.stream });
    await client.connect();
    clients.push(client);
    return client;
  }
  /** The session's prepared statements for this text (asked as a simple query: never itself prepared). */
  async function preparedFor(client: pg.Client, text: string): Promise<number> {
    const r = await client.query<{ n: string }>(`SELECT count(*)::text AS n FROM pg_prepared_statements WHERE statement = '${text.replace(/'/g, "''")}'`);
    return Number(r.rows[0]!.n);
  }

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'taal-kit-statements-'));
    db = await startEmbeddedPostgres(dir);
    const c = await connection();
    await c.query('CREATE SCHEMA shared; CREATE TABLE shared.item (id int PRIMARY KEY, name text NOT NULL)');
    await c.query("INSERT INTO shared.item VALUES (1, 'one'), (2, 'two'), (3, 'three')");
  }, 60_000);

  afterAll(async () => {
    await Promise.all(clients.map((c) => c.end().catch(() => undefined)));
    await db?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('prepares a text seen twice once, for every connection, and answers each with its own rows', async () => {
    const text = 'SELECT name FROM shared.item WHERE id = $1';
    const [a, b, c] = [await connection(), await connection(), await connection()];
    expect((await a.query(text, [1])).rows).toEqual([{ name: 'one' }]);
    expect(await preparedFor(a, text)).toBe(0); // seen once: not prepared
    expect((await b.query(text, [2])).rows).toEqual([{ name: 'two' }]);
    expect(await preparedFor(a, text)).toBe(1);
    const answers = await Promise.all([1, 2, 3, 4].map((id, i) => [a, b, c][i % 3]!.query(text, [id])));
    expect(answers.map((r) => r.rows)).toEqual([[{ name: 'one' }], [{ name: 'two' }], [{ name: 'three' }], []]);
    expect(await preparedFor(c, text)).toBe(1);
  });

  it('takes a schema change into account (the prepared plan is made again)', async () => {
    const text = 'SELECT * FROM shared.item WHERE id = $1';
    const a = await connection();
    await a.query(text, [1]);
    await a.query(text, [1]);
    expect(await preparedFor(a, text)).toBe(1);
    await a.query("ALTER TABLE shared.item ADD COLUMN colour text NOT NULL DEFAULT 'red'");
    expect((await a.query(text, [2])).rows).toEqual([{ id: 2, name: 'two', colour: 'red' }]);
    await a.query('ALTER TABLE shared.item DROP COLUMN colour');
    expect((await a.query(text, [2])).rows).toEqual([{ id: 2, name: 'two' }]);
  });

  it('keeps a statement first prepared in a transaction that rolled back, and gives the errors a fresh Parse gives', async () => {
    const text = 'INSERT INTO shared.item (id, name) VALUES ($1, $2) RETURNING id';
    const a = await connection();
    await a.query('BEGIN');
    await a.query(text, [10, 'ten']);
    await a.query(text, [11, 'eleven']);
    await a.query('ROLLBACK');
    expect(await preparedFor(a, text)).toBe(1);
    expect((await a.query('SELECT count(*)::int AS n FROM shared.item WHERE id >= 10')).rows).toEqual([{ n: 0 }]);
    expect((await a.query(text, [12, 'twelve'])).rows).toEqual([{ id: 12 }]);

    // A bad parameter, a broken constraint, a failed transaction: the same refusals as unprepared.
    await expect(a.query(text, ['twelve', 'x'])).rejects.toMatchObject({ code: '22P02' });
    await expect(a.query(text, [12, 'again'])).rejects.toMatchObject({ code: '23505' });
    await a.query('BEGIN');
    await expect(a.query(text, [12, 'again'])).rejects.toMatchObject({ code: '23505' });
    await expect(a.query(text, [13, 'thirteen'])).rejects.toMatchObject({ code: '25P02' });
    await a.query('ROLLBACK');
    expect((await a.query(text, [13, 'thirteen'])).rows).toEqual([{ id: 13 }]);
    await a.query('DELETE FROM shared.item WHERE id >= 10');
  });

  it('prepares no more than its bound, and nothing that is not one whole unnamed exchange', async () => {
    const statements = new SharedStatements(1);
    const exchange = (text: string) => {
      const parse = Buffer.concat([Buffer.from('P'), int32(4 + 1 + text.length + 1 + 2), Buffer.from(`\0${text}\0`), Buffer.from([0, 0])]);
      const bind = Buffer.concat([Buffer.from('B'), int32(4 + 1 + 1 + 2 + 2 + 2), Buffer.from([0, 0, 0, 0, 0, 0, 0, 0])]);
      const execute = Buffer.concat([Buffer.from('E'), int32(9), Buffer.from([0, 0, 0, 0, 0])]);
      const sync = Buffer.concat([Buffer.from('S'), int32(4)]);
      return { whole: Buffer.concat([parse, bind, execute, sync]), parseOnly: parse };
    };
    const first = exchange('SELECT 1');
    expect(statements.plan(first.whole).preparing).toBeUndefined(); // seen once
    const second = statements.plan(first.whole);
    expect(second.preparing?.name).toMatch(/^taal_shared_\d+$/);
    expect(statements.plan(first.parseOnly)).toEqual({ message: first.parseOnly, answerParse: false });
    statements.prepare(second.preparing!);
    const bound = statements.plan(first.whole);
    expect(bound.answerParse).toBe(true);
    expect(Buffer.from(bound.message).subarray(0, 1).toString()).toBe('B');
    expect(Buffer.from(bound.message).includes(Buffer.from(second.preparing!.name))).toBe(true);
    // The bound is reached: another text goes unprepared however often it comes.
    const other = exchange('SELECT 2');
    for (let i = 0; i < 3; i++) expect(statements.plan(other.whole)).toEqual({ message: other.whole, answerParse: false });
    expect(statements.size).toBe(1);
  });
});

function int32(n: number): Buffer {
  const b = Buffer.alloc(4);
  b.writeInt32BE(n);
  return b;
}
