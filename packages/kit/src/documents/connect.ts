import { appendFileSync } from 'node:fs';
import type { Connection } from 'mongoose';
import type { DocumentStore } from '../ports/documents';

export interface CreateDocumentStoreOptions {
  /** Database to use instead of the one the URL names. */
  dbName?: string;
  /** How long to wait for the server at first (ms). */
  serverSelectionTimeoutMS?: number;
  /** Called once, after the connection has been closed (an embedded server stops here). */
  onClose?: () => Promise<void>;
}

/**
 * A document store on a server of MongoDB's wire protocol (`mongodb://host:port/db`, or a Unix
 * socket as `mongodb://%2Fpath%2Fto%2Fserver.sock/db`). Resolves once the server has answered a ping.
 * autoIndex is off: each model's indexes are made by its owner (`Model.init()` / `createIndexes()`)
 * at start, so a failing index fails the start instead of being logged in the background.
 */
export async function createDocumentStore(url: string, options: CreateDocumentStoreOptions = {}): Promise<DocumentStore> {
  // Loaded on first use: processes that keep no documents never load mongoose and its driver.
  const { default: mongoose } = await import('mongoose');
  const connection = mongoose.createConnection(url, {
    dbName: options.dbName,
    autoIndex: false,
    autoCreate: false,
    serverSelectionTimeoutMS: options.serverSelectionTimeoutMS ?? 15_000,
    // FerretDB v1 does not do retryable writes (they need sessions and transactions).
    retryWrites: false,
    // The plan test's recorder (below) reads the driver's command events.
    monitorCommands: Boolean(process.env.TAAL_RECORD_DOCUMENTS),
  });
  try {
    await connection.asPromise();
    recordReads(connection.getClient(), mongoose.mongo.BSON.EJSON.stringify);
    await connection.db!.admin().command({ ping: 1 });
  } catch (err) {
    await connection.close(true).catch(() => {});
    await options.onClose?.().catch(() => {});
    throw err;
  }
  let closed: Promise<void> | undefined;
  return {
    connection,
    close() {
      closed ??= (async () => {
        try {
          await connection.close();
        } finally {
          await options.onClose?.();
        }
      })();
      return closed;
    },
  };
}

/**
 * A test-only recorder (decision 0086, as TAAL_RECORD_SQL is for SQL): where TAAL_RECORD_DOCUMENTS names a
 * file, each find and aggregate the store sends is appended to it as an extended-JSON line
 * `{ db, command }` (the plan test explains them through FerretDB). Off unless set.
 */
function recordReads(client: ReturnType<Connection['getClient']>, ejson: (v: unknown) => string): void {
  const file = process.env.TAAL_RECORD_DOCUMENTS;
  if (!file) return;
  client.on('commandStarted', (e) => {
    if (e.commandName !== 'find' && e.commandName !== 'aggregate') return;
    const { find, aggregate, filter, sort, limit, skip, pipeline, projection } = e.command as Record<string, unknown>;
    try {
      appendFileSync(file, ejson({ db: e.databaseName, command: { find, aggregate, filter, sort, limit, skip, pipeline, projection } }) + '\n');
    } catch {
      // A full disk: the read still runs.
    }
  });
}
