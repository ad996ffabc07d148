import type { Readable } from 'node:stream';

/** Files port: the `minio` client against any S3 endpoint, or a local-disk folder when embedded. */
export interface StoredFile {
  key: string;
  size: number;
  contentType: string;
}

export interface FileStore {
  put(key: string, body: Buffer | Readable, contentType: string): Promise<StoredFile>;
  /** Returns null when the key does not exist. */
  get(key: string): Promise<{ file: StoredFile; body: Readable } | null>;
  /**
   * Streams bytes `start..end` inclusive (as in an HTTP Range header) without reading the rest of
   * the file; `file` describes the whole file (its full size). `end` is clamped to `file.size - 1`,
   * so the bytes served are `start..Math.min(end, file.size - 1)`. Returns null when the key does
   * not exist. Throws a RangeError when start or end is not an integer, start < 0 or start > end
   * (checked before the lookup, so also for a missing key) and when start >= file.size (always for
   * an empty file).
   */
  getRange(key: string, start: number, end: number): Promise<{ file: StoredFile; body: Readable } | null>;
  stat(key: string): Promise<StoredFile | null>;
  delete(key: string): Promise<void>;
}
