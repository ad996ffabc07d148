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
  });
  try {
    await connection.asPromise();
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
