import { randomUUID } from 'node:crypto';
import { close as closeFd, constants, createReadStream, createWriteStream, fstat as fstatFd, open as openFd } from 'node:fs';
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

/** Opening for reading never follows a link at the last component (ELOOP), nor waits on a fifo. */
const READ_NO_FOLLOW = constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK;

/** A write that would go through a link under the store's root (decision 0037). */
export class LinkedPathError extends Error {
  constructor(readonly folder: string) {
    super(`file store: ${folder} leads out of the store through a link: nothing written there`);
    this.name = 'LinkedPathError';
  }
}

/**
 * Files on local disk for embedded mode. Content lives in `<root>/objects/<key>`, the content type
 * in a sidecar `<root>/meta/<key>.json`; writes go through `<root>/tmp` and a rename, so readers never
 * see partial files.
 *
 * Nothing under the root is followed out of it (decision 0037: a restored link once served a file
 * from outside DATA_DIR as a lesson video). The root itself is where the operator put it (resolved
 * once, so DATA_DIR or `files/` may be a link they made); below it, a path is used only when its real
 * path is itself, with no link on the way. A file is opened with O_NOFOLLOW and then checked; a
 * linked file or folder reads as missing (404), and a write or delete through one is refused.
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

  // The root's real path, once it exists (the operator's choice of place).
  let realRoot: string | undefined;
  /** Whether `p` (under the root) is reached with no link below the root; false when it does not exist. */
  const unlinked = async (p: string): Promise<boolean> => {
    try {
      realRoot ??= await fs.realpath(root);
      return (await fs.realpath(p)) === path.join(realRoot, path.relative(root, p));
    } catch (err) {
      if (isNotFound(err) || (err as NodeJS.ErrnoException).code === 'ELOOP') return false;
      throw err;
    }
  };
  /** Refuses a write into `folder` (which exists) when a link below the root leads to it. */
  const writableFolder = async (folder: string) => {
    if (!(await unlinked(folder))) throw new LinkedPathError(folder);
  };
  const exists = (p: string) => fs.lstat(p).then(() => true, () => false);
  /** Makes `folder` (under the root) and what leads to it, never below a link: nothing is made outside. */
  const makeFolder = async (folder: string) => {
    let existing = folder;
    while (existing !== root && !(await exists(existing))) existing = path.dirname(existing);
    await writableFolder(existing);
    await fs.mkdir(folder, { recursive: true, mode: PRIVATE_DIR });
    await writableFolder(folder);
  };

  const init = async () => {
    await Promise.all([objects, metas, tmp].map((d) => fs.mkdir(d, { recursive: true, mode: PRIVATE_DIR })));
  };

  const readMeta = async (key: string): Promise<Meta> => {
    const file = metaPath(key);
    let handle: fs.FileHandle | undefined;
    try {
      handle = await fs.open(file, READ_NO_FOLLOW);
      // A linked sidecar is no sidecar: the default type, nothing read from elsewhere.
      if (!(await handle.stat()).isFile() || !(await unlinked(file))) return { contentType: DEFAULT_CONTENT_TYPE };
      const meta = JSON.parse(await handle.readFile('utf8')) as Partial<Meta>;
      return { contentType: meta.contentType || DEFAULT_CONTENT_TYPE };
    } catch (err) {
      if (isNotFound(err) || (err as NodeJS.ErrnoException).code === 'ELOOP') return { contentType: DEFAULT_CONTENT_TYPE };
      throw err;
    } finally {
      await handle?.close();
    }
  };

  const stat = async (key: string): Promise<StoredFile | null> => {
    const file = objectPath(key);
    let size: number;
    try {
      const st = await fs.lstat(file);
      if (!st.isFile() || !(await unlinked(file))) return null;
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
      fd = await openFile(file, READ_NO_FOLLOW);
    } catch (err) {
      // ELOOP: the file is a link.
      if (isNotFound(err) || ['EISDIR', 'ELOOP'].includes((err as NodeJS.ErrnoException).code ?? '')) return null;
      throw err;
    }
    try {
      const st = await fstatFile(fd);
      // A folder on the way that is a link: as missing as a linked file.
      if (!st.isFile() || !(await unlinked(file))) {
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
      await writableFolder(tmp);
      // New files only ('wx', O_EXCL: an existing name, a planted link included, is never written through).
      const id = randomUUID();
      const tmpBody = path.join(tmp, `${id}.body`);
      const tmpMeta = path.join(tmp, `${id}.json`);
      try {
        await pipeline(Buffer.isBuffer(body) ? Readable.from([body]) : body, createWriteStream(tmpBody, { flags: 'wx', mode: PRIVATE_FILE }));
        const meta: Meta = { contentType: contentType || DEFAULT_CONTENT_TYPE };
        await fs.writeFile(tmpMeta, JSON.stringify(meta), { flag: 'wx', mode: PRIVATE_FILE });
        // Never into a folder a link leads to (a rename replaces a linked name itself, not its target).
        await makeFolder(path.dirname(target));
        await makeFolder(path.dirname(metaTarget));
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
      // rm removes a linked name itself; a linked folder on the way is refused (missing: nothing to do).
      for (const target of [file, meta]) {
        const folder = path.dirname(target);
        if (await unlinked(folder)) await fs.rm(target, { force: true });
        else if (await exists(folder)) throw new LinkedPathError(folder);
      }
    },
  };
}
