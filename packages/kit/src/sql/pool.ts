import { AsyncLocalStorage } from 'node:async_hooks';
import { appendFileSync } from 'node:fs';
import type { Duplex } from 'node:stream';
import pg from 'pg';
import { localDay } from '@taal/contracts';
import type { Logger } from 'pino';
import { reportPool } from '../metrics';
import type { QueryResult, Sql, SqlExecutor } from '../ports/sql';

export interface CreateSqlOptions {
  /** Maximum pooled connections (default 10). */
  max?: number;
  /** Reported to the server as application_name (visible in pg_stat_activity). */
  applicationName?: string;
  logger?: Logger;
  /** Makes each connection's stream instead of a socket (the embedded database's in-process connections). */
  stream?: () => Duplex;
}

/** A query's result; of several statements sent as one (simple protocol), the last one's. */
function toResult<R>(res: pg.QueryResult | pg.QueryResult[]): QueryResult<R> {
  const last = Array.isArray(res) ? res[res.length - 1]! : res;
  return { rows: last.rows as R[], rowCount: last.rowCount ?? 0 };
}

export const POOL_INSIDE_TRANSACTION_MESSAGE =
  'Sql.query() or Sql.transaction() called inside an open transaction of the same pool: use the transaction executor (tx.query). ' +
  'The embedded database serves one transaction at a time, so this call would wait for ever.';

/**
 * A test-only recorder (decision 0082): where TAAL_RECORD_SQL names a file, each query a pool runs is
 * appended to it as a JSON line `{ app, text, params }` (the plan test explains them). Off (null) unless
 * set: production never pays for it.
 */
function queryRecorder(app: string): ((text: string, params?: readonly unknown[]) => void) | null {
  const file = process.env.TAAL_RECORD_SQL;
  if (!file) return null;
  return (text, params) => {
    try {
      appendFileSync(file, JSON.stringify({ app, text, params: params ?? [] }, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v)) + '\n');
    } catch {
      // A value JSON cannot write (a buffer's bytes are written as an object) or a full disk: the query still runs.
    }
  };
}

/**
 * The `Sql` port over a `pg.Pool`. Used for both a real PostgreSQL server and the
 * embedded server (see ./embedded.ts), so identical code runs in both modes.
 *
 * Queries without params use the simple query protocol, so a migration file with
 * several statements can be sent as one query; queries with params use the
 * extended protocol (one statement each).
 *
 * Using the pool (not `tx`) while one of its transactions is open, in the same async
 * flow, fails at once in both modes wherever the tests run (see below): on Postgres it would
 * run outside the transaction (a bug) and on the embedded server, which serves one transaction
 * at a time, it would wait for ever.
 */
export function createSql(connectionString: string, options: CreateSqlOptions = {}): Sql {
  // The pool's own query() or transaction() inside one of its open transactions is refused where
  // TAAL_CHECK_NESTED_TRANSACTIONS=1 (every test run). The check follows the async flow with an
  // AsyncLocalStorage, which on Node 20 hooks every promise of the process (about 5% of the
  // all-in-one's time under load), so it guards the tests, not each production request.
  const openTransaction = process.env.TAAL_CHECK_NESTED_TRANSACTIONS === '1' ? new AsyncLocalStorage<{ open: boolean }>() : null;
  const refuseInsideTransaction = () => {
    if (openTransaction?.getStore()?.open) throw new Error(POOL_INSIDE_TRANSACTION_MESSAGE);
  };
  const pool = new pg.Pool({
    connectionString,
    max: options.max ?? 10,
    ...(options.stream ? { stream: options.stream } : {}),
    ...(options.applicationName ? { application_name: options.applicationName } : {}),
  });
  // An idle client losing its connection must not crash the process; the pool drops it.
  pool.on('error', (err) => options.logger?.warn({ err }, 'idle postgres client error'));
  const unreport = reportPool(options.applicationName ?? 'default', pool);

  const record = queryRecorder(options.applicationName ?? 'default');
  const query = async <R = Record<string, unknown>>(text: string, params?: readonly unknown[]) => {
    refuseInsideTransaction();
    record?.(text, params);
    return toResult<R>(await pool.query(text, params as unknown[] | undefined));
  };

  return {
    query,
    async transaction<T>(fn: (tx: SqlExecutor) => Promise<T>): Promise<T> {
      refuseInsideTransaction();
      if (!openTransaction) return runTransaction(fn);
      const state = { open: true };
      return openTransaction.run(state, () => runTransaction(fn).finally(() => (state.open = false)));
    },
    async close() {
      unreport();
      await pool.end();
    },
  };

  async function runTransaction<T>(fn: (tx: SqlExecutor) => Promise<T>): Promise<T> {
    const client = await pool.connect();
    let broken: Error | undefined;
    // The pool listens for errors of idle connections only: a checked-out one whose socket fails
    // (Postgres restarted) would emit an unhandled 'error' and end the process. Its queries fail
    // anyway; the connection is destroyed on release.
    const onSocketError = (err: Error) => {
      broken ??= err;
    };
    client.on('error', onSocketError);
    try {
      await client.query('BEGIN');
      const tx: SqlExecutor = {
        query: async <R = Record<string, unknown>>(text: string, params?: readonly unknown[]) => {
          record?.(text, params);
          return toResult<R>(await client.query(text, params as unknown[] | undefined));
        },
      };
      try {
        const result = await fn(tx);
        await client.query('COMMIT');
        return result;
      } catch (err) {
        try {
          await client.query('ROLLBACK');
        } catch (rollbackErr) {
          // The connection is in an unknown state: destroy it instead of returning it to the pool.
          broken ??= rollbackErr as Error;
        }
        throw err;
      }
    } finally {
      client.off('error', onSocketError);
      client.release(broken);
    }
  }
}

/**
 * A `date` column as YYYY-MM-DD, whichever way it arrives. node-postgres makes a `date` the local
 * midnight of that day, so it is read back as the process's own day of that instant (localDay): its
 * UTC form (toISOString) is the day before wherever the process's zone is east of UTC.
 */
export function dateColumn(v: unknown): string {
  return v instanceof Date ? localDay(v) : String(v).slice(0, 10);
}
