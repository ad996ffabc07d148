#!/usr/bin/env node
/**
 * `npm run backup -- DIR`: a backup of the all-in-one's DATA_DIR (default ./data) into DIR.
 *   - the embedded database as PGlite's own dump (dumpDataDir: a tar of its data folder, made by
 *     PGlite after it opened the folder, so a folder left by a crash is recovered first);
 *   - everything else in DATA_DIR as it is: files/ (uploads, receipts, videos), mail/ (the mail
 *     outbox), identity's keys; events are in the database (its event log and offsets).
 * The all-in-one must be stopped while it runs (a short pause: stop, back up, `npm start`; a few
 * seconds for a small marketplace): the database is one process's, and it is refused, with the pid,
 * while a process has it open. DIR must be new or empty.
 *
 * `npm run backup -- DIR --cluster`: cluster mode. Per service with a database, `pg_dump` of its
 * own schema with its own role (<NAME>_DATABASE_URL, else DATABASE_URL); per service with documents
 * (messaging), every collection of its database on <NAME>_MONGODB_URL, else MONGODB_URL, as canonical
 * Extended JSON lines (decision 0045); then every object of the S3 bucket (S3_*), read with the
 * minio client the services use. See README "Backup and restore".
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, cpSync, existsSync, mkdirSync, readdirSync, writeFileSync, createWriteStream } from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import {
  DATABASE_DUMP,
  DATABASE_FOLDER,
  DOCUMENTS_FILE,
  dataDirOf,
  databaseUrlOf,
  die,
  documentsOf,
  parseArgs,
  processesUsing,
  scanFolder,
  s3Of,
  servicesWithDatabase,
  servicesWithDocuments,
  withDocuments,
  writeManifest,
} from './lib.mjs';

const { dir, cluster } = parseArgs(process.argv.slice(2), 'usage: npm run backup -- DIR [--cluster]   (all-in-one: DATA_DIR, default ./data)');

if (existsSync(dir) && readdirSync(dir).length > 0) die(`${dir} is not empty: back up into a new folder`);
mkdirSync(dir, { recursive: true, mode: 0o700 });
chmodSync(dir, 0o700);
const started = Date.now();
const manifest = cluster ? await backupCluster() : await backupAllInOne();
console.log(JSON.stringify({ backup: dir, mode: manifest.mode, files: manifest.files.length, ms: Date.now() - started }));

async function backupAllInOne() {
  const dataDir = dataDirOf(process.env);
  const database = path.join(dataDir, DATABASE_FOLDER);
  if (!existsSync(path.join(database, 'PG_VERSION'))) die(`${dataDir} holds no Taal database (${database} is missing): set DATA_DIR`);
  const running = processesUsing(database);
  if (running.length > 0) {
    die(`the all-in-one is running on ${dataDir} (pid ${running.join(', ')}): stop it, run the backup, then start it again`);
  }
  // A restore refuses links and special files (decision 0037): a backup never holds one either.
  const { problems } = scanFolder(dataDir, { skip: [DATABASE_FOLDER] });
  if (problems.length > 0) {
    die(`${dataDir} holds what a backup does not copy (only files and folders; decision 0037):\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
  // Everything but the database, as it is (the database is written below as a dump).
  mkdirSync(path.join(dir, 'data'), { mode: 0o700 });
  for (const entry of readdirSync(dataDir)) {
    if (entry === DATABASE_FOLDER) continue;
    cpSync(path.join(dataDir, entry), path.join(dir, 'data', entry), { recursive: true, preserveTimestamps: true });
  }
  const { PGlite } = await import('@electric-sql/pglite');
  // The catalogue's search indexes use pg_trgm (decision 0031): the database opens with it.
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const db = await PGlite.create(database, { extensions: { pg_trgm } });
  try {
    const dump = await db.dumpDataDir('gzip');
    writeFileSync(path.join(dir, DATABASE_DUMP), Buffer.from(await dump.arrayBuffer()), { mode: 0o600 });
  } finally {
    await db.close();
  }
  return writeManifest(dir, { mode: 'all-in-one', dataDir });
}

async function backupCluster() {
  const env = process.env;
  mkdirSync(path.join(dir, 'databases'), { mode: 0o700 });
  const services = servicesWithDatabase();
  for (const service of services) {
    // Its own schema only, with its own role: what the service owns, nothing of another's.
    const out = path.join(dir, 'databases', `${service}.dump`);
    const url = databaseUrlOf(service, env);
    // The extensions installed in its schema (the catalogue's pg_trgm) go with it: a schema's dump
    // leaves them out, and its indexes cannot be made again without them.
    const extensions = spawnSync('psql', ['--no-psqlrc', '--tuples-only', '--no-align', '--set=ON_ERROR_STOP=1', '--set', `schema=${service}`, '--dbname', url], {
      input: "SELECT e.extname FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace WHERE n.nspname = :'schema' ORDER BY 1;",
      encoding: 'utf8',
    });
    if (extensions.error || extensions.status !== 0) die(`listing the extensions of ${service} failed: ${extensions.error?.message ?? extensions.stderr.trim()}`);
    const withExtensions = extensions.stdout.split('\n').filter(Boolean).map((name) => `--extension=${name}`);
    const run = spawnSync('pg_dump', ['--format=custom', '--no-owner', '--no-acl', `--schema=${service}`, ...withExtensions, `--file=${out}`, url], {
      encoding: 'utf8',
    });
    if (run.error || run.status !== 0) die(`pg_dump of ${service} failed: ${run.error?.message ?? run.stderr.trim()}`);
  }
  const documents = {};
  for (const service of servicesWithDocuments()) documents[service] = await backupDocuments(service, env);
  const { client, bucket } = await s3Of(env);
  // Each object's content type and metadata beside it, so a restored file is served as before.
  const meta = {};
  if (await client.bucketExists(bucket)) {
    const keys = [];
    await new Promise((resolve, reject) => {
      const stream = client.listObjectsV2(bucket, '', true);
      stream.on('data', (item) => item.name && keys.push(item.name));
      stream.on('error', reject);
      stream.on('end', resolve);
    });
    for (const key of keys) {
      const target = path.join(dir, 's3', key);
      if (!target.startsWith(path.join(dir, 's3') + path.sep)) die(`S3 key ${key} leaves the backup folder`);
      mkdirSync(path.dirname(target), { recursive: true, mode: 0o700 });
      meta[key] = (await client.statObject(bucket, key)).metaData;
      await pipeline(await client.getObject(bucket, key), createWriteStream(target, { mode: 0o600 }));
    }
  }
  writeFileSync(path.join(dir, 's3-objects.json'), `${JSON.stringify(meta, null, 2)}\n`, { mode: 0o600 });
  return writeManifest(dir, { mode: 'cluster', services, documents, bucket, objects: Object.keys(meta).length });
}

/**
 * Every collection of a service's document database, a file each: one document a line in canonical
 * Extended JSON (ObjectIds, dates and numbers keep their BSON types). Each collection is read in
 * one pass; the services' writes stand alone (decision 0043), so a document written during the
 * backup is in it or not, never half. Indexes are not kept: the service makes its own at start.
 */
async function backupDocuments(service, env) {
  const folder = path.join(dir, 'documents', service);
  mkdirSync(folder, { recursive: true, mode: 0o700 });
  return withDocuments(documentsOf(service, env), async (db, EJSON) => {
    const names = (await db.listCollections({}, { nameOnly: true }).toArray()).map((c) => c.name).filter((name) => !name.startsWith('system.')).sort();
    for (const name of names) {
      if (!DOCUMENTS_FILE.test(`documents/${service}/${name}.jsonl`)) die(`the collection ${JSON.stringify(name)} of ${service} has a name a backup cannot hold`);
      const out = createWriteStream(path.join(folder, `${name}.jsonl`), { mode: 0o600 });
      await pipeline(async function* () {
        for await (const doc of db.collection(name).find({}, { sort: { _id: 1 } })) yield `${EJSON.stringify(doc, { relaxed: false })}\n`;
      }, out);
    }
    return names;
  });
}
