import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { requireEnv } from '../../../../tools/testing/env';
import { createDocumentStore, createLeaseIndexes, startEmbeddedDocumentServer, type EmbeddedDocumentServer } from '../documents';
import type { DocumentStore } from '../ports/documents';
import type { Sql } from '../ports/sql';
import { createSql } from '../sql/pool';
import { startEmbeddedPostgres, type EmbeddedPostgres } from '../sql/embedded';
import { DocumentJobQueue } from './document-queue';
import { CONTRACT_STATES, describeJobQueueContract, type ContractJob, type JobQueueBackend } from './jobs.contract';
import { SqlJobQueue } from './sql-queue';

/** A table of jobs in a schema of its own, dropped at the end. */
async function sqlBackend(sql: Sql): Promise<JobQueueBackend> {
  const schema = `kit_jobs_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
  await sql.query(`CREATE SCHEMA ${schema};
    CREATE TABLE ${schema}.job (id text PRIMARY KEY, state text NOT NULL, attempts integer NOT NULL DEFAULT 0,
      next_attempt_at timestamptz NOT NULL DEFAULT now(), claim text, payload text, error text, updated_at timestamptz NOT NULL DEFAULT now())`);
  return {
    open: (leaseMs) => new SqlJobQueue<ContractJob>(sql, { table: `${schema}.job`, key: 'id', claimColumn: 'claim', states: CONTRACT_STATES, leaseMs, touched: 'updated_at' }),
    read: async (key) => (await sql.query<{ state: string; attempts: number; payload: string; error: string | null }>(`SELECT state, attempts, payload, error FROM ${schema}.job WHERE id = $1`, [key])).rows[0] ?? null,
    close: async () => {
      await sql.query(`DROP SCHEMA ${schema} CASCADE`).catch(() => undefined);
      await sql.close();
    },
  };
}

/** A database of its own, dropped at the end. */
async function documentBackend(store: DocumentStore): Promise<JobQueueBackend> {
  const db = store.connection.useDb(`jobs_${randomUUID().replace(/-/g, '').slice(0, 12)}`, { useCache: false });
  await createLeaseIndexes(db, 'leases');
  return {
    open: (leaseMs) => new DocumentJobQueue<ContractJob>(db, { collection: 'jobs', leases: 'leases', leasePrefix: 'job:', states: CONTRACT_STATES, leaseMs }),
    read: async (key) => {
      const doc = await db.collection<{ _id: string; state: string; attempts: number; payload?: string; error?: string }>('jobs').findOne({ _id: key });
      return doc ? { state: doc.state, attempts: doc.attempts, payload: doc.payload, error: doc.error } : null;
    },
    close: async () => {
      await db.dropDatabase().catch(() => undefined);
      await store.close();
    },
  };
}

let embeddedSql: EmbeddedPostgres | undefined;
let embeddedDocs: EmbeddedDocumentServer | undefined;
const dataDirs: string[] = [];
afterAll(async () => {
  await embeddedSql?.close();
  await embeddedDocs?.close();
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
}, 30_000);
const dataDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'taal-jobs-contract-'));
  dataDirs.push(dir);
  return dir;
};

describeJobQueueContract('SqlJobQueue on PostgreSQL (DATABASE_URL)', async () => sqlBackend(createSql(requireEnv('DATABASE_URL'), { applicationName: 'kit-jobs-contract' })));

describeJobQueueContract('SqlJobQueue on embedded PGlite', async () => {
  embeddedSql = await startEmbeddedPostgres(dataDir());
  return sqlBackend(createSql(embeddedSql.connectionString, { applicationName: 'kit-jobs-contract' }));
});

describeJobQueueContract('DocumentJobQueue on FerretDB on PostgreSQL (MONGODB_URL)', async () => documentBackend(await createDocumentStore(requireEnv('MONGODB_URL'))), {
  scopedClaims: true,
});

describeJobQueueContract('DocumentJobQueue on FerretDB on SQLite (embedded)', async () => {
  embeddedDocs = await startEmbeddedDocumentServer(join(dataDir(), 'documents'));
  return documentBackend(await createDocumentStore(embeddedDocs.url('taal')));
}, { scopedClaims: true });
