import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { requireEnv } from '../../../../tools/testing/env';
import { createDocumentStore, startEmbeddedDocumentServer, type EmbeddedDocumentServer } from '../documents';
import { describeDocumentStoreContract } from './documents.contract';

// FerretDB on tools/infra's PostgreSQL (a database of its own), as in cluster mode.
describeDocumentStoreContract('FerretDB on PostgreSQL (MONGODB_URL)', () => createDocumentStore(requireEnv('MONGODB_URL')));

// FerretDB on SQLite under a data folder, on a private Unix socket, as in the all-in-one.
let server: EmbeddedDocumentServer | undefined;
let dataDir: string | undefined;
afterAll(async () => {
  await server?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}, 30_000);

describeDocumentStoreContract('FerretDB on SQLite (embedded)', async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'taal-docs-contract-'));
  server = await startEmbeddedDocumentServer(join(dataDir, 'documents'));
  return createDocumentStore(server.url('taal'));
});
