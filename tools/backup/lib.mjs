/**
 * Shared by tools/backup/backup.mjs and restore.mjs: the manifest (every file of a backup with its
 * size and sha256, checked before anything is restored), the all-in-one's DATA_DIR layout and the
 * check that no process has the embedded database open.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, readlinkSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const FORMAT = 'taal-backup/1';
/** The embedded database's folder under DATA_DIR (packages/kit embeddedPorts). */
export const DATABASE_FOLDER = 'postgres';
/** The embedded database as PGlite's own dump (a gzipped tar of its data folder). */
export const DATABASE_DUMP = 'postgres.tar.gz';

export function die(message) {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

/** The command line: one folder, then flags (`--cluster`). */
export function parseArgs(argv, usage) {
  const flags = new Set(argv.filter((a) => a.startsWith('--')));
  const positional = argv.filter((a) => !a.startsWith('--'));
  if (positional.length !== 1 || flags.has('--help')) die(usage);
  return { dir: path.resolve(positional[0]), cluster: flags.has('--cluster') };
}

export function dataDirOf(env) {
  return path.resolve(env.DATA_DIR || './data');
}

/** Every file under `dir`, as paths relative to it. */
export function filesUnder(dir) {
  const out = [];
  const walk = (sub) => {
    for (const entry of readdirSync(path.join(dir, sub), { withFileTypes: true })) {
      const rel = path.join(sub, entry.name);
      if (entry.isDirectory()) walk(rel);
      else if (entry.isFile()) out.push(rel);
    }
  };
  walk('');
  return out.sort();
}

const sha256 = (file) => createHash('sha256').update(readFileSync(file)).digest('hex');

export function writeManifest(dir, fields) {
  const files = filesUnder(dir)
    .filter((f) => f !== 'manifest.json')
    .map((f) => ({ path: f, bytes: statSync(path.join(dir, f)).size, sha256: sha256(path.join(dir, f)) }));
  const manifest = { format: FORMAT, createdAt: new Date().toISOString(), ...fields, files };
  writeFileSync(path.join(dir, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`, { mode: 0o600 });
  return manifest;
}

/** Reads the manifest and checks every file it lists (size and sha256); dies on the first difference. */
export function readCheckedManifest(dir) {
  let manifest;
  try {
    manifest = JSON.parse(readFileSync(path.join(dir, 'manifest.json'), 'utf8'));
  } catch {
    die(`${dir} holds no backup (manifest.json is missing or unreadable)`);
  }
  if (manifest.format !== FORMAT) die(`${dir}: unknown backup format ${manifest.format} (this tool reads ${FORMAT})`);
  for (const file of manifest.files) {
    const full = path.join(dir, file.path);
    let bytes;
    try {
      bytes = statSync(full).size;
    } catch {
      die(`${dir}: ${file.path} is missing: the backup is incomplete`);
    }
    if (bytes !== file.bytes || sha256(full) !== file.sha256) die(`${dir}: ${file.path} differs from the manifest: the backup is damaged`);
  }
  return manifest;
}

/**
 * Processes that have a file under `folder` open (Linux /proc). The all-in-one keeps the embedded
 * database's files open while it runs, so a pid here means it is running on this DATA_DIR.
 */
export function processesUsing(folder) {
  const prefix = `${path.resolve(folder)}${path.sep}`;
  const pids = [];
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    if (Number(pid) === process.pid) continue;
    let fds;
    try {
      fds = readdirSync(`/proc/${pid}/fd`);
    } catch {
      continue; // gone, or not ours to read
    }
    for (const fd of fds) {
      let target;
      try {
        target = readlinkSync(`/proc/${pid}/fd/${fd}`);
      } catch {
        continue;
      }
      if (target.startsWith(prefix)) {
        pids.push(Number(pid));
        break;
      }
    }
  }
  return pids;
}

/** The services that have a database (a migrations folder), as tools/infra/lib.sh lists them. */
export function servicesWithDatabase() {
  return readdirSync(path.join(root, 'services'))
    .filter((name) => {
      try {
        return statSync(path.join(root, 'services', name, 'migrations')).isDirectory();
      } catch {
        return false;
      }
    })
    .sort();
}

/** `<NAME>_DATABASE_URL` (the service's own role, issue 22), else DATABASE_URL. */
export function databaseUrlOf(service, env) {
  const url = env[`${service.toUpperCase().replace(/-/g, '_')}_DATABASE_URL`] || env.DATABASE_URL;
  if (!url) die(`${service}: set ${service.toUpperCase()}_DATABASE_URL (its own role) or DATABASE_URL`);
  return url;
}

/** The S3 settings the services use (S3_ENDPOINT, S3_ACCESS_KEY, S3_SECRET_KEY, S3_BUCKET, S3_REGION). */
export async function s3Of(env) {
  for (const name of ['S3_ENDPOINT', 'S3_ACCESS_KEY', 'S3_SECRET_KEY', 'S3_BUCKET']) if (!env[name]) die(`set ${name} (the services' S3 settings)`);
  const { Client } = await import('minio');
  const url = new URL(env.S3_ENDPOINT);
  const useSSL = url.protocol === 'https:';
  const client = new Client({
    endPoint: url.hostname,
    port: url.port ? Number(url.port) : useSSL ? 443 : 80,
    useSSL,
    accessKey: env.S3_ACCESS_KEY,
    secretKey: env.S3_SECRET_KEY,
    region: env.S3_REGION || 'us-east-1',
    pathStyle: true,
  });
  return { client, bucket: env.S3_BUCKET, region: env.S3_REGION || 'us-east-1' };
}
