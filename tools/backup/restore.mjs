#!/usr/bin/env node
/**
 * `npm run restore -- DIR`: restores a backup made by `npm run backup` into DATA_DIR (default
 * ./data), which must not exist yet or be empty (an existing marketplace is never overwritten:
 * move it aside first). Every file is checked against the backup's manifest before anything is
 * written. Then `npm start` runs on the restored DATA_DIR.
 *
 * `npm run restore -- DIR --cluster`: cluster mode, into databases where each service's role and
 * schema exist (deploy/service-database.sql, as for a new install) and nothing runs yet: per
 * service, `pg_restore` of its dump with its own role (<NAME>_DATABASE_URL, else DATABASE_URL),
 * replacing what its schema holds; then every object back into S3_BUCKET (made when missing).
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { DATABASE_DUMP, DATABASE_FOLDER, dataDirOf, databaseUrlOf, die, parseArgs, readCheckedManifest, s3Of } from './lib.mjs';

const { dir, cluster } = parseArgs(process.argv.slice(2), 'usage: npm run restore -- DIR [--cluster]   (all-in-one: into DATA_DIR, default ./data)');
const manifest = readCheckedManifest(dir);
if (manifest.mode !== (cluster ? 'cluster' : 'all-in-one')) {
  die(`${dir} is a backup of ${manifest.mode} mode: restore it ${manifest.mode === 'cluster' ? 'with' : 'without'} --cluster`);
}
const started = Date.now();
const restored = cluster ? await restoreCluster() : await restoreAllInOne();
console.log(JSON.stringify({ restored: dir, into: restored, ms: Date.now() - started }));

async function restoreAllInOne() {
  const dataDir = dataDirOf(process.env);
  if (existsSync(dataDir) && readdirSync(dataDir).length > 0) die(`${dataDir} is not empty: restore into a new DATA_DIR (move the old one aside)`);
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  chmodSync(dataDir, 0o700);
  try {
    cpSync(path.join(dir, 'data'), dataDir, { recursive: true, preserveTimestamps: true });
    const { PGlite } = await import('@electric-sql/pglite');
    const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
    // PGlite unpacks its own dump into the (new) folder and opens it: a dump it cannot read fails here.
    const dump = new Blob([readFileSync(path.join(dir, DATABASE_DUMP))]);
    const db = await PGlite.create(path.join(dataDir, DATABASE_FOLDER), { loadDataDir: dump, extensions: { pg_trgm } });
    await db.query('SELECT 1');
    await db.close();
  } catch (err) {
    // Half a restore is no marketplace: leave the folder as it was found (empty).
    for (const entry of readdirSync(dataDir)) rmSync(path.join(dataDir, entry), { recursive: true, force: true });
    die(`restore failed, ${dataDir} left empty: ${err instanceof Error ? err.message : String(err)}`);
  }
  return dataDir;
}

async function restoreCluster() {
  const env = process.env;
  for (const service of manifest.services) {
    // --clean drops what the schema holds first; one transaction: a failed restore changes nothing.
    const run = spawnSync(
      'pg_restore',
      ['--clean', '--if-exists', '--no-owner', '--no-acl', '--single-transaction', '--exit-on-error', `--dbname=${databaseUrlOf(service, env)}`, path.join(dir, 'databases', `${service}.dump`)],
      { encoding: 'utf8' },
    );
    if (run.error || run.status !== 0) die(`pg_restore of ${service} failed: ${run.error?.message ?? run.stderr.trim()}`);
  }
  const { client, bucket, region } = await s3Of(env);
  if (!(await client.bucketExists(bucket))) await client.makeBucket(bucket, region);
  const meta = JSON.parse(readFileSync(path.join(dir, 's3-objects.json'), 'utf8'));
  for (const [key, metaData] of Object.entries(meta)) await client.fPutObject(bucket, key, path.join(dir, 's3', key), metaData);
  return { services: manifest.services, bucket, objects: Object.keys(meta).length };
}
