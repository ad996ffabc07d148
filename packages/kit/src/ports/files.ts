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
  stat(key: string): Promise<StoredFile | null>;
  delete(key: string): Promise<void>;
}
