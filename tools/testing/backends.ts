/**
 * Test helpers shared by service integration tests: the two infrastructure backends
 * every service must run on, embedded and real (the servers tools/infra starts).
 * Real backends fail loudly when their settings are missing: they never skip.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { requireEnv } from './env';
import { startFerretDbContainer } from './ferretdb-container';

export { requireEnv };
import {
  createDocumentStore,
  createKafkaEventBus,
  createSqlLogEventBus,
  createSql,
  startEmbeddedDocumentServer,
  startEmbeddedPostgres,
  type DocumentStore,
  type EventBus,
  type Sql,
} from '@taal/kit';

export interface Backend {
  name: string;
  /** A Postgres connection string of an empty database owned by this backend. */
  connectionString: string;
  sql: Sql;
  bus: EventBus;
  /**
   * A document store (decision 0041) for the services that keep documents (messaging), made on first
   * use: the embedded FerretDB (SQLite) under this backend's folder, or a FerretDB in a container of
   * the real backend's own (testcontainers, stopped on close). The same store for every call of one backend.
   */
  documents(): Promise<DocumentStore>;
  close(): Promise<void>;
}

/** Made once, on first use; `close` closes it only if it was made. */
function lazily<T>(make: () => Promise<T>): { get(): Promise<T>; made(): Promise<T> | undefined } {
  let made: Promise<T> | undefined;
  return { get: () => (made ??= make()), made: () => made };
}


export async function embeddedBackend(): Promise<Backend> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'taal-embedded-'));
  const postgres = await startEmbeddedPostgres(path.join(dir, 'postgres'));
  const sql = createSql(postgres.connectionString, { max: 4 });
  const busSql = createSql(postgres.connectionString, { max: 2, applicationName: 'events' });
  const bus = createSqlLogEventBus({ sql: busSql, pollIntervalMs: 200 });
  const documents = lazily(async () => {
    const server = await startEmbeddedDocumentServer(path.join(dir, 'documents'));
    const store = await createDocumentStore(server.url('taal'));
    return { connection: store.connection, close: async () => (await store.close(), await server.close()) };
  });
  return {
    name: 'embedded',
    connectionString: postgres.connectionString,
    sql,
    bus,
    documents: documents.get,
    async close() {
      await (await documents.made())?.close();
      await bus.close();
      await busSql.close();
      await sql.close();
      await postgres.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * A fresh KAFKA_NAMESPACE for one test's services (their own topics and consumer groups on the
 * shared Kafka): a cluster started by a test gets it through its environment.
 */
export const kafkaTestNamespace = () => `test-${randomUUID().slice(0, 8)}.`;

/** A fresh database on the real server (dropped on close) and real Kafka. */
export async function realBackend(): Promise<Backend> {
  const connectionString = await createTestDatabase();
  const sql = createSql(connectionString.url, { max: 4 });
  // Its own topics and groups: suites run side by side on one Kafka, with the same group names.
  const bus = createKafkaEventBus({ brokers: requireEnv('KAFKA_BROKERS').split(','), clientId: `test-${randomUUID()}`, namespace: kafkaTestNamespace() });
  // Messaging's documents: a FerretDB of this backend's own, started through testcontainers (issue 38).
  const documents = lazily(async () => {
    const container = await startFerretDbContainer();
    let store: DocumentStore;
    try {
      store = await createDocumentStore(container.url('taal'));
    } catch (err) {
      await container.stop();
      throw err;
    }
    return {
      connection: store.connection,
      async close() {
        await store.close();
        await container.stop();
      },
    };
  });
  return {
    name: 'real',
    connectionString: connectionString.url,
    sql,
    bus,
    documents: documents.get,
    async close() {
      await (await documents.made())?.close();
      await bus.close();
      await sql.close();
      await connectionString.drop();
    },
  };
}

export async function createTestDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const adminUrl = requireEnv('DATABASE_URL');
  const name = `taal_test_${randomUUID().replace(/-/g, '').slice(0, 16)}`;
  const admin = new Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

export const backends: [string, () => Promise<Backend>][] = [
  ['embedded', embeddedBackend],
  ['real', realBackend],
];
