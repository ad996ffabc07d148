import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSql } from '../sql/pool';
import { startEmbeddedPostgres, type EmbeddedPostgres } from '../sql/embedded';
import { describeSqlContract } from './sql.contract';

/** The real-adapter suites FAIL (never skip) when the infra env is missing. */
function requireEnv(name: string): string {
  const value = process.env[name];
  if (!value) {
    throw new Error(
      `${name} is not set: start the real servers with \`bash tools/infra/up\` (it writes ~/.cache/taal/infra/env.sh, loaded by the jest setup)`,
    );
  }
  return value;
}

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

describeSqlContract('PostgreSQL (DATABASE_URL)', async () =>
  createSql(requireEnv('DATABASE_URL'), { applicationName: 'kit-sql-contract' }),
);
