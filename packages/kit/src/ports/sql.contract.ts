import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { migrate } from '../sql/migrate';
import type { Sql } from './sql';

/** Unique per test run, so runs against a shared server never collide. */
export function uniqueSchema(prefix: string): string {
  return `${prefix}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
}

function migrationsDir(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'taal-migrations-'));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  return dir;
}

/** Hooks and tests talk to real servers: jest's project-level testTimeout is not honoured, so set it here. */
const TIMEOUT = 60_000;

/**
 * The SQL port's contract, run against every adapter (embedded PGlite and real
 * PostgreSQL). `makeSql` may be called several times (the concurrent-migration test
 * uses two pools, like two replicas); every Sql it returns is closed by the suite.
 * If `makeSql` throws (e.g. DATABASE_URL missing) every test fails with its message.
 */
export function describeSqlContract(name: string, makeSql: () => Promise<Sql>): void {
  describe(`Sql contract: ${name}`, () => {
    const opened: Sql[] = [];
    const schemas: string[] = [];
    const dirs: string[] = [];
    let sql: Sql;

    const open = async () => {
      const s = await makeSql();
      opened.push(s);
      return s;
    };
    const newSchema = () => {
      const schema = uniqueSchema('sqlc');
      schemas.push(schema);
      return schema;
    };
    const newDir = (files: Record<string, string>) => {
      const dir = migrationsDir(files);
      dirs.push(dir);
      return dir;
    };

    beforeAll(async () => {
      sql = await open();
    }, TIMEOUT);

    afterAll(async () => {
      if (sql) {
        for (const schema of schemas) await sql.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`).catch(() => {});
      }
      await Promise.all(opened.map((s) => s.close()));
      for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
    }, TIMEOUT);

    it('runs parameterised queries and reports rowCount', async () => {
      const r = await sql.query<{ a: number; b: string }>('SELECT $1::int AS a, $2::text AS b', [7, 'seven']);
      expect(r.rows).toEqual([{ a: 7, b: 'seven' }]);
      expect(r.rowCount).toBe(1);
    }, TIMEOUT);

    it('runs several statements of a query without params as one implicit transaction and answers the last one', async () => {
      const schema = newSchema();
      await sql.query(`CREATE SCHEMA ${schema}`);
      await sql.query(`CREATE TABLE ${schema}.t (id int PRIMARY KEY)`);
      const r = await sql.query<{ id: number }>(`INSERT INTO ${schema}.t VALUES (1); INSERT INTO ${schema}.t VALUES (2), (3) RETURNING id`);
      expect(r.rows).toEqual([{ id: 2 }, { id: 3 }]);
      expect(r.rowCount).toBe(2);
      // A failing later statement takes the earlier ones with it, and the connection stays usable.
      await expect(sql.query(`INSERT INTO ${schema}.t VALUES (4); INSERT INTO ${schema}.t VALUES (1)`)).rejects.toThrow(/duplicate key/);
      expect((await sql.query<{ id: number }>(`SELECT id FROM ${schema}.t ORDER BY id`)).rows).toEqual([{ id: 1 }, { id: 2 }, { id: 3 }]);
    }, TIMEOUT);

    it('commits a transaction and returns its value', async () => {
      const schema = newSchema();
      await sql.query(`CREATE SCHEMA ${schema}`);
      await sql.query(`CREATE TABLE ${schema}.t (id int PRIMARY KEY)`);
      const value = await sql.transaction(async (tx) => {
        await tx.query(`INSERT INTO ${schema}.t VALUES ($1), ($2)`, [1, 2]);
        return 'done';
      });
      expect(value).toBe('done');
      expect((await sql.query(`SELECT id FROM ${schema}.t ORDER BY id`)).rows).toEqual([{ id: 1 }, { id: 2 }]);
    }, TIMEOUT);

    it('rolls a transaction back when fn throws, and rethrows', async () => {
      const schema = newSchema();
      await sql.query(`CREATE SCHEMA ${schema}`);
      await sql.query(`CREATE TABLE ${schema}.t (id int PRIMARY KEY)`);
      const boom = new Error('boom');
      await expect(
        sql.transaction(async (tx) => {
          await tx.query(`INSERT INTO ${schema}.t VALUES ($1)`, [1]);
          throw boom;
        }),
      ).rejects.toBe(boom);
      // A failed statement also rolls back, and the connection stays usable.
      await expect(
        sql.transaction(async (tx) => {
          await tx.query(`INSERT INTO ${schema}.t VALUES ($1)`, [2]);
          await tx.query(`INSERT INTO ${schema}.t VALUES ($1)`, [2]);
        }),
      ).rejects.toThrow(/duplicate key/);
      expect((await sql.query(`SELECT id FROM ${schema}.t`)).rows).toEqual([]);
      expect((await sql.query('SELECT 1 AS ok')).rows).toEqual([{ ok: 1 }]);
    }, TIMEOUT);

    it('refuses the pool inside one of its open transactions at once, with a clear error (never hangs)', async () => {
      const schema = newSchema();
      await sql.query(`CREATE SCHEMA ${schema}`);
      await sql.query(`CREATE TABLE ${schema}.t (id int PRIMARY KEY)`);
      const started = Date.now();
      await expect(
        sql.transaction(async (tx) => {
          await tx.query(`INSERT INTO ${schema}.t VALUES (1)`);
          await sql.query(`SELECT count(*) FROM ${schema}.t`); // the pool, not tx: a bug
        }),
      ).rejects.toThrow(/inside an open transaction.*tx\.query/);
      await expect(sql.transaction(async () => sql.transaction(async () => 'nested'))).rejects.toThrow(/inside an open transaction/);
      expect(Date.now() - started).toBeLessThan(5_000);
      // The failed transaction rolled back and the pool works afterwards, also from work started inside a finished one.
      let later: Promise<unknown> | undefined;
      // The continuation is created inside the transaction but runs only once it has finished
      // (a gate, not a timer: under load a commit can take longer than any fixed delay).
      let open!: () => void;
      const finished = new Promise<void>((resolve) => (open = resolve));
      await sql.transaction(async (tx) => {
        await tx.query('SELECT 1');
        later = finished.then(() => sql.query(`SELECT count(*)::int AS n FROM ${schema}.t`));
      });
      open();
      expect(((await later) as { rows: unknown[] }).rows).toEqual([{ n: 0 }]);
    }, TIMEOUT);

    it('keeps every increment of concurrent read-modify-write transactions (READ COMMITTED, row lock)', async () => {
      const schema = newSchema();
      await sql.query(`CREATE SCHEMA ${schema}`);
      await sql.query(`CREATE TABLE ${schema}.counter (id int PRIMARY KEY, n int NOT NULL)`);
      await sql.query(`INSERT INTO ${schema}.counter VALUES (1, 0)`);
      const other = await open(); // a second pool, like a second replica
      await Promise.all(
        Array.from({ length: 12 }, (_, i) =>
          (i % 2 ? sql : other).transaction(async (tx) => {
            const { rows } = await tx.query<{ n: number }>(`SELECT n FROM ${schema}.counter WHERE id = 1 FOR UPDATE`);
            await new Promise((resolve) => setTimeout(resolve, 5));
            await tx.query(`UPDATE ${schema}.counter SET n = $1 WHERE id = 1`, [rows[0]!.n + 1]);
          }),
        ),
      );
      // And the conditional form used for balances: never below zero under concurrency.
      const debits = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          (i % 2 ? sql : other).query(`UPDATE ${schema}.counter SET n = n - 1 WHERE id = 1 AND n >= 1`),
        ),
      );
      expect(debits.filter((d) => d.rowCount === 1)).toHaveLength(12);
      expect((await sql.query(`SELECT n FROM ${schema}.counter`)).rows).toEqual([{ n: 0 }]);
    }, TIMEOUT);

    it('supports transaction-scoped advisory locks', async () => {
      const r = await sql.transaction((tx) =>
        tx.query<{ locked: boolean }>('SELECT pg_try_advisory_xact_lock(hashtext($1)) AS locked', ['contract']),
      );
      expect(r.rows).toEqual([{ locked: true }]);
      await sql.transaction((tx) => tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', ['contract']));
    }, TIMEOUT);

    it('migrate creates the schema, the kit tables and applies files in numeric order', async () => {
      const schema = newSchema();
      const dir = newDir({
        '2_second.sql': `INSERT INTO ${schema}.log (step) VALUES ('second');`,
        '10_tenth.sql': `ALTER TABLE ${schema}.log ADD COLUMN extra text; INSERT INTO ${schema}.log (step) VALUES ('tenth');`,
        '001_first.sql': `CREATE TABLE ${schema}.log (n serial PRIMARY KEY, step text NOT NULL);\nINSERT INTO ${schema}.log (step) VALUES ('first');`,
      });
      const result = await migrate(sql, { schema, dir });
      expect(result.applied).toEqual(['001_first.sql', '2_second.sql', '10_tenth.sql']);
      expect((await sql.query(`SELECT step FROM ${schema}.log ORDER BY n`)).rows.map((r) => r.step)).toEqual([
        'first',
        'second',
        'tenth',
      ]);
      const recorded = await sql.query<{ version: number; name: string; applied_at: Date }>(
        `SELECT version, name, applied_at FROM ${schema}.schema_migrations ORDER BY version`,
      );
      expect(recorded.rows.map((r) => [r.version, r.name])).toEqual([
        [1, 'first'],
        [2, 'second'],
        [10, 'tenth'],
      ]);
      expect(recorded.rows[0]!.applied_at).toBeInstanceOf(Date);
      const tables = await sql.query<{ table_name: string }>(
        `SELECT table_name FROM information_schema.tables WHERE table_schema = $1 ORDER BY table_name`,
        [schema],
      );
      expect(tables.rows.map((r) => r.table_name)).toEqual(['log', 'outbox', 'processed_events', 'schema_migrations']);
    }, TIMEOUT);

    it('migrate is idempotent and applies only new files', async () => {
      const schema = newSchema();
      const files: Record<string, string> = {
        '001_t.sql': `CREATE TABLE ${schema}.t (id int PRIMARY KEY);`,
        '002_row.sql': `INSERT INTO ${schema}.t VALUES (1);`,
      };
      const dir = newDir(files);
      expect((await migrate(sql, { schema, dir })).applied).toEqual(['001_t.sql', '002_row.sql']);
      expect((await migrate(sql, { schema, dir })).applied).toEqual([]);
      writeFileSync(join(dir, '003_row.sql'), `INSERT INTO ${schema}.t VALUES (3);`);
      expect((await migrate(sql, { schema, dir })).applied).toEqual(['003_row.sql']);
      expect((await sql.query(`SELECT id FROM ${schema}.t ORDER BY id`)).rows).toEqual([{ id: 1 }, { id: 3 }]);
    }, TIMEOUT);

    it('migrate rolls a failing file back, names it, and stops there', async () => {
      const schema = newSchema();
      const dir = newDir({
        '001_ok.sql': `CREATE TABLE ${schema}.ok (id int);`,
        '002_bad.sql': `CREATE TABLE ${schema}.half (id int);\nINSERT INTO ${schema}.half VALUES (1);\nSELECT * FROM ${schema}.does_not_exist;`,
        '003_later.sql': `CREATE TABLE ${schema}.later (id int);`,
      });
      await expect(migrate(sql, { schema, dir })).rejects.toThrow(/002_bad\.sql/);
      const tables = await sql.query<{ table_name: string }>(
        `SELECT table_name FROM information_schema.tables WHERE table_schema = $1 AND table_name IN ('ok', 'half', 'later')`,
        [schema],
      );
      expect(tables.rows.map((r) => r.table_name)).toEqual(['ok']);
      const versions = await sql.query(`SELECT version FROM ${schema}.schema_migrations ORDER BY version`);
      expect(versions.rows).toEqual([{ version: 1 }]);
      // Fixed file: the next start applies it and the rest.
      writeFileSync(join(dir, '002_bad.sql'), `CREATE TABLE ${schema}.half (id int);`);
      expect((await migrate(sql, { schema, dir })).applied).toEqual(['002_bad.sql', '003_later.sql']);
    }, TIMEOUT);

    it('serialises concurrent migrate calls of the same schema (several replicas starting)', async () => {
      const schema = newSchema();
      const files: Record<string, string> = {};
      // Non-idempotent statements: applying any file twice would fail or duplicate rows.
      files['001_log.sql'] = `CREATE TABLE ${schema}.log (version int PRIMARY KEY);`;
      for (let v = 2; v <= 8; v++) files[`00${v}_step.sql`] = `INSERT INTO ${schema}.log VALUES (${v});`;
      const dir = newDir(files);
      const other = await open();
      const results = await Promise.all(
        [sql, other, sql, other, sql].map((s) => migrate(s, { schema, dir })),
      );
      const applied = results.flatMap((r) => r.applied).sort();
      expect(applied).toEqual(Object.keys(files).sort());
      expect((await sql.query(`SELECT count(*)::int AS n FROM ${schema}.log`)).rows).toEqual([{ n: 7 }]);
      expect((await sql.query(`SELECT count(*)::int AS n FROM ${schema}.schema_migrations`)).rows).toEqual([{ n: 8 }]);
    }, TIMEOUT);
  });
}
