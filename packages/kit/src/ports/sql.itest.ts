import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSql } from '../sql/pool';
import { requireEnv } from '../../../../tools/testing/env';
import { startEmbeddedPostgres, type EmbeddedPostgres } from '../sql/embedded';
import { describeSqlContract } from './sql.contract';

let embedded: EmbeddedPostgres | undefined;
let dataDir: string | undefined;
afterAll(async () => {
  await embedded?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}, 30_000);

describeSqlContract('embedded PGlite', async () => {
  if (!embedded) {
    dataDir = mkdtempSync(join(tmpdir(), 'taal-sql-contract-'));
    embedded = await startEmbeddedPostgres(dataDir);
  }
  return createSql(embedded.connectionString, { applicationName: 'kit-sql-contract' });
});

describeSqlContract('embedded PGlite, in-process connections (the all-in-one)', async () => {
  if (!embedded) {
    dataDir = mkdtempSync(join(tmpdir(), 'taal-sql-contract-'));
    embedded = await startEmbeddedPostgres(dataDir);
  }
  return createSql(embedded.connectionString, { applicationName: 'kit-sql-contract', stream: embedded.stream });
});

describeSqlContract('PostgreSQL (DATABASE_URL)', async () =>
  createSql(requireEnv('DATABASE_URL'), { applicationName: 'kit-sql-contract' }),
);
