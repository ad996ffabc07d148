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
    open: (leaseMs) => new DocumentJobQueue<ContractJob>(db, { collection: 'jobs', leases: 'leases', leasePrefix: 'job:', states: CONTRACT_STATES, leaseMs, scopeFields: ['payload'] }),
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

/**
 * The document queue's due list (decision 0060): claims look there, not in the owner's collection,
 * which keeps finished jobs. Only unfinished jobs are listed; the job's own document decides.
 */
describe('DocumentJobQueue: the due list', () => {
  let store: DocumentStore;
  let db: DocumentStore['connection'];
  const open = () => new DocumentJobQueue<ContractJob>(db, { collection: 'jobs', leases: 'leases', leasePrefix: 'job:', states: CONTRACT_STATES, leaseMs: 60_000 });
  const listed = async () => (await db.collection<{ _id: string; nextAttemptAt: Date }>('jobs_due').find({}).sort({ _id: 1 }).toArray()).map((e) => e._id);

  beforeAll(async () => {
    embeddedDocs ??= await startEmbeddedDocumentServer(join(dataDir(), 'documents'));
    store = await createDocumentStore(embeddedDocs.url('taal'));
    db = store.connection.useDb(`due_${randomUUID().replace(/-/g, '').slice(0, 12)}`, { useCache: false });
    await createLeaseIndexes(db, 'leases');
  }, 60_000);
  afterAll(async () => {
    await db?.dropDatabase().catch(() => undefined);
    await store?.close();
  }, 30_000);

  it('lists a job until it is finished: done and failed jobs leave the list, a retried one stays with its new time', async () => {
    const queue = open();
    for (const k of ['a-done', 'b-retried', 'c-failed']) await queue.enqueue(k, { payload: k });
    expect(await listed()).toEqual(['a-done', 'b-retried', 'c-failed']);
    const jobs = [await queue.claim(), await queue.claim(), await queue.claim()];
    expect(jobs.map((j) => j?.key).sort()).toEqual(['a-done', 'b-retried', 'c-failed']);
    const byKey = (k: string) => jobs.find((j) => j?.key === k)!;
    expect(await queue.complete(byKey('a-done'))).toBe(true);
    expect(await queue.retry(byKey('b-retried'), 60_000)).toBe(true);
    expect(await queue.giveUp(byKey('c-failed'))).toBe(true);
    expect(await listed()).toEqual(['b-retried']);
    const entry = await db.collection<{ _id: string; nextAttemptAt: Date }>('jobs_due').findOne({ _id: 'b-retried' });
    expect(entry!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 50_000);
    expect(await open().claim()).toBeNull(); // the retried one is not due for a minute
    // A finished key queued again is not a job again, and the entry that made goes with the next claim.
    expect(await queue.enqueue('a-done')).toBe(false);
    expect(await open().claim()).toBeNull();
    expect(await listed()).toEqual(['b-retried']);
  }, 60_000);

  it('claims a job written before the list existed, and drops an entry whose job was never written', async () => {
    await db.collection('jobs').insertOne({ _id: 'old-job' as unknown as never, state: 'queued', attempts: 0, nextAttemptAt: new Date(Date.now() - 1000), payload: 'from an older version' });
    await db.collection('jobs_due').insertOne({ _id: 'never-written' as unknown as never, nextAttemptAt: new Date(Date.now() - 1000) });
    const queue = open(); // a new process: lists what is unlisted at its first claim
    const job = await queue.claim();
    expect(job).toMatchObject({ key: 'old-job', attempts: 1, data: { payload: 'from an older version' } });
    expect(await queue.claim()).toBeNull();
    expect(await listed()).toEqual(['b-retried', 'old-job']);
    expect(await queue.complete(job!)).toBe(true);
    expect(await listed()).toEqual(['b-retried']);
  }, 60_000);
});
