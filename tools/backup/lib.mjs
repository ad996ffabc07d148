/**
 * Shared by tools/backup/backup.mjs and restore.mjs: the manifest (every file of a backup with its
 * size and sha256), the check a restore makes before it writes anything (decision 0037: no link, no
 * special file, no file the manifest does not list, no entry outside the folder or the layout of
 * its mode, every sum right, only files and folders in the database dump), the all-in-one's
 * DATA_DIR layout and the check that no process has the embedded database open.
 */
import { createHash } from 'node:crypto';
import {
  closeSync,
  constants,
  fstatSync,
  futimesSync,
  lstatSync,
  openSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  readSync,
  realpathSync,
  statSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const FORMAT = 'taal-backup/1';
/** The embedded database's folder under DATA_DIR (packages/kit embeddedPorts). */
export const DATABASE_FOLDER = 'postgres';
/** The embedded database as PGlite's own dump (a gzipped tar of its data folder). */
export const DATABASE_DUMP = 'postgres.tar.gz';
/** The S3 objects' content types and metadata in a cluster backup. */
export const S3_OBJECTS = 's3-objects.json';
/** A cluster backup's documents: `documents/<service>/<collection>.jsonl`, one canonical Extended JSON document a line. */
export const DOCUMENTS_FILE = /^documents\/([a-z][a-z0-9-]*)\/([A-Za-z0-9_-][A-Za-z0-9_.-]*)\.jsonl$/;

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

/** What a folder entry is, in words, for a refusal (lstat: a link is a link). */
function kindOf(stat) {
  if (stat.isSymbolicLink()) return 'a link';
  if (stat.isFIFO()) return 'a fifo';
  if (stat.isSocket()) return 'a socket';
  if (stat.isBlockDevice() || stat.isCharacterDevice()) return 'a device';
  return 'not a file';
}

/**
 * Everything under `dir`, without following anything: regular files and folders (relative paths,
 * '/'-separated, folders before what they hold), and a problem for every link, fifo, socket or
 * device. `skip` names top-level entries left out (the live database folder of a backup).
 */
export function scanFolder(dir, { skip = [] } = {}) {
  const files = [];
  const directories = [];
  const problems = [];
  const walk = (rel) => {
    for (const name of readdirSync(rel ? path.join(dir, rel) : dir).sort()) {
      if (!rel && skip.includes(name)) continue;
      const entry = rel ? `${rel}/${name}` : name;
      const full = path.join(dir, entry);
      const stat = lstatSync(full);
      if (stat.isDirectory()) {
        directories.push(entry);
        walk(entry);
      } else if (stat.isFile()) {
        files.push(entry);
      } else if (stat.isSymbolicLink()) {
        problems.push(`${entry} is a link (to ${readlinkSync(full)})`);
      } else {
        problems.push(`${entry} is ${kindOf(stat)}`);
      }
    }
  };
  walk('');
  return { files, directories, problems };
}

/** Opens a file to read it, never through a link at its last component (O_NOFOLLOW: ELOOP). */
export function openNoFollow(file) {
  return openSync(file, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
}

/** Reads an open file in 1 MiB chunks into `each` (a file is never held whole in memory). */
function readChunks(fd, each) {
  const chunk = Buffer.allocUnsafe(1 << 20);
  let n;
  while ((n = readSync(fd, chunk, 0, chunk.length, null)) > 0) each(chunk.subarray(0, n));
}

function sha256Of(fd) {
  const hash = createHash('sha256');
  readChunks(fd, (bytes) => hash.update(bytes));
  return hash.digest('hex');
}

export function writeManifest(dir, fields) {
  const files = scanFolder(dir)
    .files.filter((f) => f !== 'manifest.json')
    .map((f) => {
      const fd = openNoFollow(path.join(dir, f));
      try {
        return { path: f, bytes: fstatSync(fd).size, sha256: sha256Of(fd) };
      } finally {
        closeSync(fd);
      }
    });
  const manifest = { format: FORMAT, createdAt: new Date().toISOString(), ...fields, files };
  writeFileSync(path.join(dir, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`, { mode: 0o600 });
  return manifest;
}

/** A relative, '/'-separated path with no empty, `.` or `..` segment: it names something inside the folder. */
const staysInside = (p) =>
  typeof p === 'string' && p.length > 0 && p.length <= 4096 && !p.includes('\0') && !p.includes('\\') && !p.startsWith('/') && p.split('/').every((s) => s !== '' && s !== '.' && s !== '..');

const SERVICE_NAME = /^[a-z][a-z0-9-]*$/;

/** Where each mode's backup keeps its files (what backup.mjs writes); anything else is refused. */
const LAYOUT = {
  'all-in-one': (p) => p === DATABASE_DUMP || (p.startsWith('data/') && !p.startsWith(`data/${DATABASE_FOLDER}/`) && p !== `data/${DATABASE_FOLDER}`),
  cluster: (p) => p === S3_OBJECTS || p.startsWith('s3/') || /^databases\/[a-z][a-z0-9-]*\.dump$/.test(p) || DOCUMENTS_FILE.test(p),
};

/**
 * The entries of a tar (PGlite's dump) that are not plain files or folders inside it: links
 * (symbolic or hard), devices, fifos, and names that are absolute or climb out with `..`.
 */
export function tarProblems(tar) {
  const problems = [];
  const text = (header, start, length) => {
    const bytes = header.subarray(start, start + length);
    const end = bytes.indexOf(0);
    return bytes.subarray(0, end < 0 ? length : end).toString('utf8');
  };
  let offset = 0;
  while (offset + 512 <= tar.length) {
    const header = tar.subarray(offset, offset + 512);
    if (header.every((b) => b === 0)) return problems; // the end
    const name = text(header, 0, 100);
    const prefix = text(header, 257, 6).startsWith('ustar') ? text(header, 345, 155) : '';
    const full = prefix ? `${prefix}/${name}` : name;
    const sizeField = text(header, 124, 12).trim();
    const size = sizeField === '' ? 0 : Number.parseInt(sizeField, 8);
    if (!/^[0-7]*$/.test(sizeField) || !Number.isSafeInteger(size)) return [...problems, `${full}: not a tar entry (the dump is damaged)`];
    const type = String.fromCharCode(header[156]);
    if (type !== '0' && type !== '\0' && type !== '5') problems.push(`${full}: a tar entry of type ${JSON.stringify(type)} (only files and folders)`);
    if (full.split('/').some((s) => s === '..')) problems.push(`${full}: a name that leaves the database folder`);
    offset += 512 + Math.ceil(size / 512) * 512;
  }
  return problems;
}
/**
 * Reads the manifest of the backup in `dir` and checks the whole folder against it before a restore
 * writes anything (decision 0037). Refused, with every reason found: a link, fifo, socket or device
 * anywhere in the folder; a file the manifest does not list; a manifest entry that leaves the folder,
 * is listed twice or lies outside the layout of its mode (`mode`: 'all-in-one' or 'cluster'); a
 * listed file that is missing or whose size or sha256 differs; in the database dump, an entry that
 * is not a plain file or folder or climbs out with `..`; in a cluster backup, a service or object
 * without its file. Returns the manifest, the folder's real path (`base`: read everything from it)
 * and its folders (to make again, so a restore holds exactly what the backup held).
 */
export function readCheckedBackup(dir, mode) {
  let base;
  let manifest;
  try {
    base = realpathSync(dir);
    const stat = lstatSync(path.join(base, 'manifest.json'));
    if (!stat.isFile()) die(`${dir}: manifest.json is ${kindOf(stat)}: refusing the backup, nothing was restored`);
    const fd = openNoFollow(path.join(base, 'manifest.json'));
    try {
      manifest = JSON.parse(readFileSync(fd, 'utf8'));
    } finally {
      closeSync(fd);
    }
  } catch {
    die(`${dir} holds no backup (manifest.json is missing or unreadable)`);
  }
  if (manifest?.format !== FORMAT) die(`${dir}: unknown backup format ${manifest?.format} (this tool reads ${FORMAT})`);
  if (manifest.mode !== mode) {
    die(`${dir} is a backup of ${manifest.mode} mode: restore it ${manifest.mode === 'cluster' ? 'with' : 'without'} --cluster`);
  }
  const refuse = (problems) =>
    die(`${dir}: refusing the backup, nothing was restored (a backup holds only the files its manifest lists; decision 0037):\n${problems.map((p) => `  - ${p}`).join('\n')}`);

  // The manifest itself: every entry a file inside the folder, where its mode keeps files, once.
  const problems = [];
  const listed = new Map();
  if (!Array.isArray(manifest.files)) refuse(['the manifest lists no files']);
  for (const file of manifest.files) {
    const shown = JSON.stringify(file?.path);
    if (!staysInside(file?.path)) problems.push(`the manifest names ${shown}, which is not a path inside the backup`);
    else if (!LAYOUT[mode](file.path)) problems.push(`the manifest names ${shown}, which is not part of a ${mode} backup`);
    else if (listed.has(file.path)) problems.push(`the manifest names ${shown} twice`);
    else if (!Number.isSafeInteger(file.bytes) || file.bytes < 0 || typeof file.sha256 !== 'string' || !/^[0-9a-f]{64}$/.test(file.sha256)) {
      problems.push(`the manifest gives ${shown} no valid size and sha256`);
    } else listed.set(file.path, file);
  }
  if (problems.length > 0) refuse(problems);

  // The folder: nothing but folders and the listed files (lstat: nothing is followed).
  const found = scanFolder(base);
  problems.push(...found.problems);
  for (const file of found.files) if (file !== 'manifest.json' && !listed.has(file)) problems.push(`${file} is not in the manifest`);
  const present = new Set(found.files);
  for (const file of listed.keys()) if (!present.has(file)) problems.push(`${file} is missing: the backup is incomplete`);
  if (problems.length > 0) refuse(problems);

  // Every listed file's size and sum, read without following a link.
  for (const file of listed.values()) {
    const fd = openNoFollow(path.join(base, file.path));
    try {
      const stat = fstatSync(fd);
      if (!stat.isFile() || stat.size !== file.bytes || sha256Of(fd) !== file.sha256) problems.push(`${file.path} differs from the manifest: the backup is damaged`);
    } finally {
      closeSync(fd);
    }
  }
  if (problems.length > 0) refuse(problems);

  if (mode === 'all-in-one') {
    if (!listed.has(DATABASE_DUMP)) refuse([`${DATABASE_DUMP} (the database) is not in the manifest`]);
    let tar;
    try {
      tar = gunzipSync(readFileSync(path.join(base, DATABASE_DUMP)));
    } catch (err) {
      refuse([`${DATABASE_DUMP} is not a gzipped dump: ${err instanceof Error ? err.message : String(err)}`]);
    }
    problems.push(...tarProblems(tar).map((p) => `${DATABASE_DUMP}: ${p}`));
  } else {
    if (!Array.isArray(manifest.services)) refuse(['the manifest lists no services']);
    for (const service of manifest.services) {
      if (typeof service !== 'string' || !SERVICE_NAME.test(service)) problems.push(`the manifest names the service ${JSON.stringify(service)}, which is not a service name`);
      else if (!listed.has(`databases/${service}.dump`)) problems.push(`databases/${service}.dump (the database of ${service}) is not in the manifest`);
    }
    if (!listed.has(S3_OBJECTS)) refuse([`${S3_OBJECTS} is not in the manifest`]);
    let objects;
    try {
      objects = JSON.parse(readFileSync(path.join(base, S3_OBJECTS), 'utf8'));
    } catch {
      refuse([`${S3_OBJECTS} is not JSON`]);
    }
    if (typeof objects !== 'object' || objects === null || Array.isArray(objects)) refuse([`${S3_OBJECTS} is not a map of objects`]);
    for (const key of Object.keys(objects)) {
      if (!staysInside(key)) problems.push(`${S3_OBJECTS} names the object ${JSON.stringify(key)}, which is not a path inside the backup`);
      else if (!listed.has(`s3/${key}`)) problems.push(`s3/${key} (an object of ${S3_OBJECTS}) is not in the manifest`);
    }
    for (const file of listed.keys()) if (file.startsWith('s3/') && !Object.hasOwn(objects, file.slice(3))) problems.push(`${file} is not an object of ${S3_OBJECTS}`);
    // Documents (decision 0045): a backup made before they were kept lists none.
    const documents = manifest.documents ?? {};
    if (typeof documents !== 'object' || documents === null || Array.isArray(documents)) refuse(['the manifest\'s documents are not a map of services']);
    for (const [service, collections] of Object.entries(documents)) {
      if (!SERVICE_NAME.test(service) || !Array.isArray(collections)) {
        problems.push(`the manifest names the document service ${JSON.stringify(service)}, which is not a service with a list of collections`);
        continue;
      }
      for (const name of collections) {
        const file = `documents/${service}/${name}.jsonl`;
        if (typeof name !== 'string' || !DOCUMENTS_FILE.test(file)) problems.push(`the manifest names the collection ${JSON.stringify(name)} of ${service}, which is not a collection name`);
        else if (!listed.has(file)) problems.push(`${file} (a collection of ${service}) is not in the manifest`);
      }
    }
    for (const file of listed.keys()) {
      const m = DOCUMENTS_FILE.exec(file);
      if (m && !documents[m[1]]?.includes?.(m[2])) problems.push(`${file} is not a collection the manifest's documents list`);
    }
  }
  if (problems.length > 0) refuse(problems);
  return { manifest, base, directories: found.directories };
}

/**
 * Copies one checked file of a backup to `target`, which must not exist (O_EXCL: nothing is written
 * through a link), readable by this user only, with its times; refuses (throws) when the bytes read
 * are not those the manifest lists (the file changed since it was checked).
 */
export function copyChecked(base, file, target) {
  const from = openNoFollow(path.join(base, file.path));
  try {
    const stat = fstatSync(from);
    const to = openSync(target, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW, 0o600);
    const hash = createHash('sha256');
    let bytes = 0;
    try {
      readChunks(from, (chunk) => {
        hash.update(chunk);
        bytes += chunk.length;
        for (let done = 0; done < chunk.length; ) done += writeSync(to, chunk, done);
      });
      futimesSync(to, stat.atime, stat.mtime);
    } finally {
      closeSync(to);
    }
    if (bytes !== file.bytes || hash.digest('hex') !== file.sha256) throw new Error(`${file.path} changed while it was restored`);
  } finally {
    closeSync(from);
  }
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

/**
 * The services that keep documents (`needs: { documents: true }` in their service.ts; decision
 * 0043: messaging), whose databases a cluster backup reads from MONGODB_URL's server.
 */
export function servicesWithDocuments() {
  return readdirSync(path.join(root, 'services'))
    .filter((name) => {
      try {
        return /needs:\s*\{[^}]*\bdocuments:\s*true/.test(readFileSync(path.join(root, 'services', name, 'src', 'service.ts'), 'utf8'));
      } catch {
        return false;
      }
    })
    .sort();
}

/**
 * A service's document database: `<NAME>_MONGODB_URL`, else MONGODB_URL (what the service was given),
 * and the database it uses on it (the URL's, else one named after the service, as the kit does).
 */
export function documentsOf(service, env) {
  const url = env[`${service.toUpperCase().replace(/-/g, '_')}_MONGODB_URL`] || env.MONGODB_URL;
  if (!url) die(`${service}: set ${service.toUpperCase()}_MONGODB_URL or MONGODB_URL (its document store)`);
  const named = /^mongodb(?:\+srv)?:\/\/[^/]+\/([^?]+)/.exec(url)?.[1];
  return { url, dbName: named ? decodeURIComponent(named) : service };
}

/** Connects to a document store with mongoose's own driver (the services' client); `run(db, EJSON)`, then closes. */
export async function withDocuments({ url, dbName }, run) {
  const { default: mongoose } = await import('mongoose');
  const client = new mongoose.mongo.MongoClient(url, { retryWrites: false, serverSelectionTimeoutMS: 15_000 });
  await client.connect();
  try {
    return await run(client.db(dbName), mongoose.mongo.BSON.EJSON);
  } finally {
    await client.close();
  }
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
