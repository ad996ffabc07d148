import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import type { Sql } from '../ports/sql';
import { startEmbeddedPostgres, type EmbeddedPostgres } from './embedded';
import { createSql } from './pool';

const execFileAsync = promisify(execFile);

/**
 * The stock pglite-socket server interleaves extended-protocol messages of different
 * connections (it keeps affinity only inside a transaction block). Against it this
 * test fails: when a message spans several TCP chunks (large params), another
 * client's Parse runs between Parse and Bind and e.g. `invalid input syntax for type
 * integer` or wrong rows come back. Our AffinityQueryQueue keeps each exchange whole.
 */
describe.each([
  ['over its private socket', false],
  // The all-in-one's own way: pg's stream option, one run of the queue per burst of messages.
  ['through in-process connections', true],
])('embedded postgres (PGlite over the wire protocol), %s', (_way, inProcess) => {
  let dir: string;
  let pgEmbedded: EmbeddedPostgres;
  let sql: Sql;
  const clientOptions = () => ({ connectionString: pgEmbedded.connectionString, ...(inProcess ? { stream: pgEmbedded.stream } : {}) });

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'taal-kit-embedded-'));
    pgEmbedded = await startEmbeddedPostgres(dir);
    sql = createSql(pgEmbedded.connectionString, { max: 8, ...(inProcess ? { stream: pgEmbedded.stream } : {}) });
  }, 60_000);

  afterAll(async () => {
    await sql?.close();
    await pgEmbedded?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('keeps concurrent parameterised queries and transactions of several clients apart', async () => {
    await sql.query('CREATE SCHEMA IF NOT EXISTS interleave');
    await sql.query('CREATE TABLE IF NOT EXISTS interleave.counter (id int PRIMARY KEY, n int NOT NULL)');
    await sql.query('INSERT INTO interleave.counter VALUES (1, 0), (2, 0) ON CONFLICT (id) DO UPDATE SET n = 0');

    const queries = Array.from({ length: 300 }, async (_, i) => {
      // Different shapes (number of params, columns, types) so clobbering shows up.
      if (i % 4 === 3) {
        // Large params: the message spans several TCP chunks, so the server sees Parse
        // before the rest arrives; the stock queue then runs other clients' messages.
        const r = await sql.query<{ x: string; n: number }>('SELECT left($1::text, 8) AS x, length($2::text) AS n', [
          `big${i}`,
          'y'.repeat(100_000 + i),
        ]);
        expect(r.rows).toEqual([{ x: `big${i}`, n: 100_000 + i }]);
      } else if (i % 3 === 0) {
        const r = await sql.query<{ a: number; b: string }>('SELECT $1::int AS a, $2::text AS b', [i, `t${i}`]);
        expect(r.rows).toEqual([{ a: i, b: `t${i}` }]);
      } else if (i % 3 === 1) {
        const r = await sql.query<{ x: string }>('SELECT $1::text || $2::text || $3::text AS x', ['q', String(i), 'z']);
        expect(r.rows).toEqual([{ x: `q${i}z` }]);
      } else {
        const r = await sql.query<{ g: number }>('SELECT g FROM generate_series(1, $1::int) AS g', [(i % 7) + 1]);
        expect(r.rows.map((row) => row.g)).toEqual(Array.from({ length: (i % 7) + 1 }, (_, k) => k + 1));
      }
    });
    const transactions = Array.from({ length: 40 }, (_, i) =>
      sql
        .transaction(async (tx) => {
          const id = (i % 2) + 1;
          const before = await tx.query<{ n: number }>('SELECT n FROM interleave.counter WHERE id = $1', [id]);
          await tx.query('UPDATE interleave.counter SET n = $2 WHERE id = $1', [id, before.rows[0]!.n + 1]);
          if (i % 5 === 4) throw new Error('roll me back');
          const after = await tx.query<{ n: number }>('SELECT n FROM interleave.counter WHERE id = $1', [id]);
          expect(after.rows[0]!.n).toBe(before.rows[0]!.n + 1);
        })
        .then(
          () => 'committed',
          (err: Error) => {
            if (err.message !== 'roll me back') throw err;
            return 'rolled back';
          },
        ),
    );
    const [, outcomes] = await Promise.all([Promise.all(queries), Promise.all(transactions)]);
    expect(outcomes.filter((o) => o === 'committed')).toHaveLength(32);
    const counts = await sql.query<{ total: string }>('SELECT sum(n)::text AS total FROM interleave.counter');
    expect(counts.rows[0]!.total).toBe('32');
  }, 60_000);

  it('rolls back the open transaction of a client that disconnects', async () => {
    await sql.query('CREATE TABLE IF NOT EXISTS interleave.flag (id int PRIMARY KEY)');
    const client = new pg.Client(clientOptions());
    client.on('error', () => {});
    await client.connect();
    await client.query('BEGIN');
    await client.query('INSERT INTO interleave.flag VALUES ($1)', [42]);
    // Abrupt disconnect (no Terminate message) while holding the session in a transaction.
    (client as unknown as { connection: { stream: { destroy(): void } } }).connection.stream.destroy();
    const r = await sql.query('SELECT id FROM interleave.flag WHERE id = $1', [42]);
    expect(r.rows).toEqual([]);
  }, 30_000);

  it('shares one instance per process and refuses a second data dir', async () => {
    const again = await startEmbeddedPostgres(dir);
    expect(again.connectionString).toBe(pgEmbedded.connectionString);
    await again.close();
    await expect(startEmbeddedPostgres(`${dir}-other`)).rejects.toThrow(/embedded postgres already running on .*; one per process/);
    // Still serving after the shared handle closed.
    expect((await sql.query('SELECT 1 AS ok')).rows).toEqual([{ ok: 1 }]);
  });
});

/**
 * Issue 26: PGlite trusts every client as superuser, so the embedded database must be
 * reachable only by the process that started it (any local process once read every
 * password hash and credited a wallet through its TCP port).
 */
describe('embedded postgres refuses strangers', () => {
  let dir: string;
  let pgEmbedded: EmbeddedPostgres;
  let socketDir: string;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'taal-kit-embedded-strangers-'));
    pgEmbedded = await startEmbeddedPostgres(dir);
    socketDir = decodeURIComponent(new URL(pgEmbedded.connectionString).hostname);
  }, 60_000);

  afterAll(async () => {
    await pgEmbedded?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('listens on a socket in a folder only its user can enter, not on TCP', () => {
    expect(socketDir.startsWith('/')).toBe(true);
    expect(statSync(socketDir).mode & 0o777).toBe(0o700);
    expect(new URL(pgEmbedded.connectionString).port).toBe('');
  });

  it('refuses a client with the wrong password, or none, before any query runs', async () => {
    const stranger = new pg.Client({ host: socketDir, user: 'postgres', password: 'postgres', database: 'postgres' });
    stranger.on('error', () => {});
    await expect(stranger.connect()).rejects.toMatchObject({ code: '28P01' });

    // A raw client that skips the password and sends a query straight after its startup message.
    const answer = await new Promise<string>((resolveAnswer) => {
      const socket = connect(join(socketDir, '.s.PGSQL.5432'));
      const chunks: Buffer[] = [];
      socket.on('data', (chunk) => chunks.push(chunk));
      socket.on('close', () => resolveAnswer(Buffer.concat(chunks).toString('latin1')));
      socket.on('error', () => {});
      const params = Buffer.from('user\0postgres\0database\0postgres\0\0', 'latin1');
      const startup = Buffer.alloc(8);
      startup.writeInt32BE(8 + params.length, 0);
      startup.writeInt32BE(196608, 4);
      const sqlText = Buffer.from("SELECT 'leaked' AS x\0", 'latin1');
      const query = Buffer.alloc(5);
      query.write('Q', 0, 'latin1');
      query.writeInt32BE(4 + sqlText.length, 1);
      socket.write(Buffer.concat([startup, params, query, sqlText]));
    });
    expect(answer).toContain('28P01');
    expect(answer).not.toContain('leaked');

    // The process's own clients still get in.
    const own = createSql(pgEmbedded.connectionString, { max: 1 });
    expect((await own.query('SELECT 1 AS ok')).rows).toEqual([{ ok: 1 }]);
    await own.close();
  }, 30_000);

  it('keeps another user of the machine out of the socket folder', async () => {
    // Only root can act as another user here; anyone else is checked by the folder's mode above.
    if (process.getuid?.() !== 0) return;
    const { stdout } = await execFileAsync(
      process.execPath,
      ['-e', `require('net').connect(process.argv[1]).on('connect', () => { console.log('connected'); process.exit(0); }).on('error', (e) => { console.log(e.code); process.exit(0); })`, join(socketDir, '.s.PGSQL.5432')],
      { uid: 65534, gid: 65534 },
    );
    expect(stdout.trim()).toBe('EACCES');
  });
});
