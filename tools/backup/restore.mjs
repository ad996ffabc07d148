#!/usr/bin/env node
/**
 * `npm run restore -- DIR`: restores a backup made by `npm run backup` into DATA_DIR (default
 * ./data), which must not exist yet or be empty (an existing marketplace is never overwritten:
 * move it aside first). Nothing in the folder is trusted (decision 0037): before anything is
 * written, the whole folder is checked against its manifest, and a backup holding a link, a fifo,
 * socket or device, a file the manifest does not list, an entry outside the folder, a file whose
 * sum differs or a database dump with anything but files and folders is refused. Then only the
 * listed files are copied (never through a link). Then `npm start` runs on the restored DATA_DIR.
 *
 * `npm run restore -- DIR --cluster`: cluster mode, into databases where each service's role and
 * schema exist (deploy/service-database.sql, as for a new install) and nothing runs yet: per
 * service, `pg_restore` of its dump with its own role (<NAME>_DATABASE_URL, else DATABASE_URL),
 * replacing what its schema holds; per service with documents, each backed-up collection replaced
 * by the backup's (<NAME>_MONGODB_URL, else MONGODB_URL; decision 0045); then every object back into
 * S3_BUCKET (made when missing).
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, createReadStream, existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { DATABASE_DUMP, DATABASE_FOLDER, S3_OBJECTS, copyChecked, dataDirOf, databaseUrlOf, die, documentsOf, parseArgs, readCheckedBackup, s3Of, withDocuments } from './lib.mjs';

const { dir, cluster } = parseArgs(process.argv.slice(2), 'usage: npm run restore -- DIR [--cluster]   (all-in-one: into DATA_DIR, default ./data)');
// Everything is checked here, before anything is written; `base` is the folder's real path.
const { manifest, base, directories } = readCheckedBackup(dir, cluster ? 'cluster' : 'all-in-one');
const started = Date.now();
const restored = cluster ? await restoreCluster() : await restoreAllInOne();
console.log(JSON.stringify({ restored: dir, into: restored, ms: Date.now() - started }));

async function restoreAllInOne() {
  const dataDir = dataDirOf(process.env);
  if (existsSync(dataDir) && readdirSync(dataDir).length > 0) die(`${dataDir} is not empty: restore into a new DATA_DIR (move the old one aside)`);
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  chmodSync(dataDir, 0o700);
  try {
    // The backup's folders, then its listed files, each made new (nothing existed to be followed).
    const inData = (p) => (p.startsWith('data/') ? p.slice('data/'.length) : null);
    for (const folder of directories.map(inData).filter(Boolean)) mkdirSync(path.join(dataDir, folder), { mode: 0o700 });
    for (const file of manifest.files) if (inData(file.path)) copyChecked(base, file, path.join(dataDir, inData(file.path)));
    const { PGlite } = await import('@electric-sql/pglite');
    const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
    // PGlite unpacks its own dump into the (new) folder and opens it: a dump it cannot read fails here.
    const dump = new Blob([readFileSync(path.join(base, DATABASE_DUMP))]);
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
      ['--clean', '--if-exists', '--no-owner', '--no-acl', '--single-transaction', '--exit-on-error', `--dbname=${databaseUrlOf(service, env)}`, path.join(base, 'databases', `${service}.dump`)],
      { encoding: 'utf8' },
    );
    if (run.error || run.status !== 0) die(`pg_restore of ${service} failed: ${run.error?.message ?? run.stderr.trim()}`);
  }
  const documents = {};
  for (const [service, collections] of Object.entries(manifest.documents ?? {})) documents[service] = await restoreDocuments(service, collections, env);
  const { client, bucket, region } = await s3Of(env);
  if (!(await client.bucketExists(bucket))) await client.makeBucket(bucket, region);
  const meta = JSON.parse(readFileSync(path.join(base, S3_OBJECTS), 'utf8'));
  for (const [key, metaData] of Object.entries(meta)) await client.fPutObject(bucket, key, path.join(base, 's3', key), metaData);
  return { services: manifest.services, documents, bucket, objects: Object.keys(meta).length };
}

/**
 * Replaces each backed-up collection of a service's document database with the backup's documents
 * (dropped, then inserted a thousand at a time). The server has no transactions (decision 0043): a
 * restore that stops half-way says so, and running it again replaces the collections again.
 * Returns how many documents each collection got.
 */
async function restoreDocuments(service, collections, env) {
  return withDocuments(documentsOf(service, env), async (db, EJSON) => {
    const counts = {};
    for (const name of collections) {
      try {
        await db.collection(name).drop().catch((err) => {
          if (err?.codeName !== 'NamespaceNotFound' && err?.code !== 26) throw err;
        });
        let batch = [];
        let count = 0;
        const flush = async () => {
          if (batch.length > 0) await db.collection(name).insertMany(batch, { ordered: true });
          count += batch.length;
          batch = [];
        };
        const lines = createInterface({ input: createReadStream(path.join(base, 'documents', service, `${name}.jsonl`)), crlfDelay: Infinity });
        for await (const line of lines) {
          if (line === '') continue;
          batch.push(EJSON.parse(line, { relaxed: false }));
          if (batch.length === 1000) await flush();
        }
        await flush();
        counts[name] = count;
      } catch (err) {
        die(`restoring ${service}'s documents stopped at ${name} (${err instanceof Error ? err.message : String(err)}): run the restore again, it replaces the collections again`);
      }
    }
    return counts;
  });
}
