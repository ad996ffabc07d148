import type { Connection } from 'mongoose';

/**
 * Document-store port (decision 0041): a mongoose connection to a server of MongoDB's wire protocol.
 * - cluster: `MONGODB_URL` (FerretDB on tools/infra's Postgres in tests; MongoDB, or FerretDB on its
 *   own Postgres, in production);
 * - embedded (all-in-one): FerretDB with its SQLite backend under the data folder, started and
 *   stopped with the process, reachable only through a Unix socket in a private folder.
 *
 * FerretDB v1 has no multi-document transactions: every write must stand alone. A consumer's write is
 * made idempotent by a unique key (the event id, with `$setOnInsert`), and work is claimed with one
 * `findOneAndUpdate` that sets a lease, which hands the work on once it expires.
 * Models are made on the connection (`connection.model(name, schema)`), never on mongoose's global one.
 */
export interface DocumentStore {
  readonly connection: Connection;
  close(): Promise<void>;
}
