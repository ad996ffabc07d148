import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Settings of the embedded PostgreSQL. PGlite's default shared_buffers (128 MB) lives in
 * its WebAssembly heap, which never shrinks; the all-in-one's data is small, so 16 MB of
 * buffers keeps ~110 MB off the process RSS (the memory budget, decision 0044); beyond them pages
 * come from the OS's page cache.
 */
export const EMBEDDED_POSTGRES_CONF = ['shared_buffers=16MB'];

const INITDB_SCRIPT = `
const [pglitePath, dir, conf] = process.argv.slice(1);
require(pglitePath).PGlite.create(dir, { postgresqlconf: JSON.parse(conf) })
  .then((db) => db.close())
  .catch((err) => { console.error(err && err.stack || err); process.exit(1); });
`;

/**
 * Runs initdb for a new data dir in a short-lived child process. initdb grows its own
 * WebAssembly memory by several hundred MB and a process never gives WebAssembly memory
 * back while it runs, so in-process it would stay in the all-in-one's RSS for good (909 MB
 * measured on a first start, against 290 MB on a restart). A data dir that already has
 * PG_VERSION is left alone.
 */
export async function initEmbeddedDataDir(dir: string): Promise<void> {
  if (existsSync(join(dir, 'PG_VERSION'))) return;
  // The CommonJS build: the child is plain Node (also under jest), where it loads fine.
  const pglitePath = require.resolve('@electric-sql/pglite');
  await new Promise<void>((resolve, reject) => {
    execFile(
      process.execPath,
      ['-e', INITDB_SCRIPT, pglitePath, dir, JSON.stringify(EMBEDDED_POSTGRES_CONF)],
      { timeout: 120_000 },
      (err, _stdout, stderr) => {
        if (err) reject(new Error(`embedded postgres initdb failed in ${dir}: ${stderr.trim() || err.message}`));
        else resolve();
      },
    );
  });
}
