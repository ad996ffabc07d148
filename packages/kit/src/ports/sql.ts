/**
 * SQL port. Both adapters speak the Postgres wire protocol through `pg`:
 * - cluster: a real PostgreSQL server (DATABASE_URL);
 * - embedded: one PGlite instance per process, served on loopback by pglite-socket.
 * Every service keeps its tables in a schema named after it and always qualifies
 * table names (`catalogue.course`), never relying on search_path: the embedded
 * server multiplexes every client over one session, so session state would leak.
 */
export interface QueryResult<R> {
  rows: R[];
  rowCount: number;
}

export interface SqlExecutor {
  /**
   * With params: one statement (extended protocol). Without: the text may hold several statements,
   * sent in one round trip and run as one implicit transaction (outside tx); the result is the last one's.
   */
  query<R = Record<string, unknown>>(text: string, params?: readonly unknown[]): Promise<QueryResult<R>>;
}

export interface Sql extends SqlExecutor {
  /** Runs fn inside BEGIN/COMMIT on one connection; rolls back if fn throws. */
  transaction<T>(fn: (tx: SqlExecutor) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}
