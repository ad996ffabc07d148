import { randomUUID } from 'node:crypto';
import { close as closeFd, createReadStream, createWriteStream, fstat as fstatFd, open as openFd } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import type { FileStore, StoredFile } from '../ports/files';
import { DEFAULT_CONTENT_TYPE, InvalidFileKeyError, validateFileKey } from './key';
import { checkRangeBounds, clampRangeEnd } from './range';

interface Meta {
  contentType: string;
}

export interface DiskFileStore extends FileStore {
  readonly rootDir: string;
  /** Creates the folders; also done on first write. */
  init(): Promise<void>;
}

// Plain descriptors rather than FileHandles: a video's range requests open, stat and close a file
// each, and the callback API does that with less work per call (tools/bench/video.mjs).
const openFile = promisify(openFd);
const fstatFile = promisify(fstatFd);
const closeFile = promisify(closeFd);

/** How many objects' content types are remembered (so a read does not also read the sidecar). */
const REMEMBERED_CONTENT_TYPES = 1024;

const isNotFound = (err: unknown) =>
  (err as NodeJS.ErrnoException | null)?.code === 'ENOENT' ||
  (err as NodeJS.ErrnoException | null)?.code === 'ENOTDIR';

/**
 * Files on local disk for embedded mode. Content lives in `<root>/objects/<key>`, the content type
 * in a sidecar `<root>/meta/<key>.json`; writes go through `<root>/tmp` and a rename, so readers never
 * see partial files.
 */
/** Paid course files, receipts and certificates: readable by this user only, whatever the umask. */
const PRIVATE_FILE = 0o600;
const PRIVATE_DIR = 0o700;

export function createDiskFileStore(rootDir: string): DiskFileStore {
  const root = path.resolve(rootDir);
  const objects = path.join(root, 'objects');
  const metas = path.join(root, 'meta');
  const tmp = path.join(root, 'tmp');

  const within = (base: string, key: string, suffix = '') => {
    const p = path.resolve(base, ...validateFileKey(key).split('/')) + suffix;
    if (!p.startsWith(base + path.sep)) throw new InvalidFileKeyError(key, 'resolves outside the store');
    return p;
  };
  const objectPath = (key: string) => within(objects, key);
  const metaPath = (key: string) => within(metas, key, '.json');

  const init = async () => {
    await Promise.all([objects, metas, tmp].map((d) => fs.mkdir(d, { recursive: true, mode: PRIVATE_DIR })));
  };

  const readMeta = async (key: string): Promise<Meta> => {
    try {
      const meta = JSON.parse(await fs.readFile(metaPath(key), 'utf8')) as Partial<Meta>;
      return { contentType: meta.contentType || DEFAULT_CONTENT_TYPE };
    } catch (err) {
      if (isNotFound(err)) return { contentType: DEFAULT_CONTENT_TYPE };
      throw err;
    }
  };

  const stat = async (key: string): Promise<StoredFile | null> => {
    const file = objectPath(key);
    let size: number;
    try {
      const st = await fs.stat(file);
      if (!st.isFile()) return null;
      size = st.size;
    } catch (err) {
      if (isNotFound(err)) return null;
      throw err;
    }
    return { key, size, contentType: (await readMeta(key)).contentType };
  };

  // The content type of each object version read lately, keyed by the file's identity: a put renames
  // a new file over the key (a new inode), so an entry never describes another version.
  const contentTypes = new Map<string, string>();
  const contentTypeOf = async (key: string, version: string): Promise<string> => {
    const known = contentTypes.get(version);
    if (known !== undefined) return known;
    const { contentType } = await readMeta(key);
    if (contentTypes.size >= REMEMBERED_CONTENT_TYPES) contentTypes.delete(contentTypes.keys().next().value as string);
    contentTypes.set(version, contentType);
    return contentType;
  };

  /**
   * Opens the object for reading, so size and content stay those of one file even if a writer renames
   * a new version over it meanwhile. Null when missing; the caller owns the descriptor.
   */
  const open = async (key: string): Promise<{ file: StoredFile; fd: number; path: string } | null> => {
    const file = objectPath(key);
    let fd: number;
    try {
      fd = await openFile(file, 'r');
    } catch (err) {
      if (isNotFound(err) || (err as NodeJS.ErrnoException).code === 'EISDIR') return null;
      throw err;
    }
    try {
      const st = await fstatFile(fd);
      if (!st.isFile()) {
        await closeFile(fd);
        return null;
      }
      const contentType = await contentTypeOf(key, `${st.dev}:${st.ino}:${st.ctimeMs}`);
      return { file: { key, size: st.size, contentType }, fd, path: file };
    } catch (err) {
      await closeFile(fd);
      throw err;
    }
  };

  return {
    rootDir: root,
    init,
    async put(key, body, contentType) {
      const target = objectPath(key);
      const metaTarget = metaPath(key);
      await init();
      const id = randomUUID();
      const tmpBody = path.join(tmp, `${id}.body`);
      const tmpMeta = path.join(tmp, `${id}.json`);
      try {
        await pipeline(Buffer.isBuffer(body) ? Readable.from([body]) : body, createWriteStream(tmpBody, { mode: PRIVATE_FILE }));
        const meta: Meta = { contentType: contentType || DEFAULT_CONTENT_TYPE };
        await fs.writeFile(tmpMeta, JSON.stringify(meta), { mode: PRIVATE_FILE });
        await fs.mkdir(path.dirname(target), { recursive: true, mode: PRIVATE_DIR });
        await fs.mkdir(path.dirname(metaTarget), { recursive: true, mode: PRIVATE_DIR });
        // The sidecar first: a reader that sees the new file (a new inode) then reads its own type.
        await fs.rename(tmpMeta, metaTarget);
        await fs.rename(tmpBody, target);
        const { size } = await fs.stat(target);
        return { key, size, contentType: meta.contentType };
      } finally {
        await Promise.all([fs.rm(tmpBody, { force: true }), fs.rm(tmpMeta, { force: true })]);
      }
    },
    async get(key) {
      const opened = await open(key);
      if (!opened) return null;
      return { file: opened.file, body: createReadStream(opened.path, { fd: opened.fd }) };
    },
    async getRange(key, start, end) {
      objectPath(key); // the same key checks as get, before the range checks
      checkRangeBounds(key, start, end);
      const opened = await open(key);
      if (!opened) return null;
      const { file, fd } = opened;
      let last: number;
      try {
        last = clampRangeEnd(key, start, end, file.size);
      } catch (err) {
        await closeFile(fd);
        throw err;
      }
      // The stream reads only start..last (inclusive) and closes the descriptor when done or destroyed.
      return { file, body: createReadStream(opened.path, { fd, start, end: last }) };
    },
    stat,
    async delete(key) {
      const file = objectPath(key);
      const meta = metaPath(key);
      await fs.rm(file, { force: true });
      await fs.rm(meta, { force: true });
    },
  };
}
