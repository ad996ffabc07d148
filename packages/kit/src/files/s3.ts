import { Client } from 'minio';
import type { Readable } from 'node:stream';
import type { FileStore, StoredFile } from '../ports/files';
import { DEFAULT_CONTENT_TYPE, validateFileKey } from './key';
import { checkRangeBounds, clampRangeEnd } from './range';

export interface S3FileStoreOptions {
  /** e.g. `http://127.0.0.1:59000` or `https://s3.eu-west-1.amazonaws.com`. */
  endpoint: string;
  accessKey: string;
  secretKey: string;
  bucket: string;
  region?: string;
}

export interface S3FileStore extends FileStore {
  readonly client: Client;
  /** Checks the credentials and creates the bucket if missing; otherwise done on first use. */
  init(): Promise<void>;
}

const UPLOAD_PART_BYTES = 5 * 1024 * 1024;

const NOT_FOUND_CODES = new Set(['NotFound', 'NoSuchKey']);
const isMissing = (err: unknown) => NOT_FOUND_CODES.has((err as { code?: string } | null)?.code ?? '');

/** Files on any S3-compatible endpoint through the `minio` client. */
export function createS3FileStore(options: S3FileStoreOptions): S3FileStore {
  const url = new URL(options.endpoint);
  const useSSL = url.protocol === 'https:';
  const region = options.region ?? 'us-east-1';
  const { bucket } = options;
  const client = new Client({
    endPoint: url.hostname.replace(/^\[(.*)\]$/, '$1'),
    port: url.port ? Number(url.port) : useSSL ? 443 : 80,
    useSSL,
    accessKey: options.accessKey,
    secretKey: options.secretKey,
    region,
    pathStyle: true,
    // A stream of unknown length is sent in parts of this size. Left to itself the client sizes
    // parts for its 5 TB maximum (about 550 MB each) and holds a whole part in memory; 5 MB parts, the
    // S3 minimum, keep a 300 MB upload's footprint small and still allow objects of up to 50 GB (10,000 parts).
    partSize: UPLOAD_PART_BYTES,
  });

  let ready: Promise<void> | undefined;
  const init = () => {
    ready ??= (async () => {
      if (await client.bucketExists(bucket)) return;
      try {
        await client.makeBucket(bucket, region);
      } catch (err) {
        const code = (err as { code?: string }).code;
        if (code !== 'BucketAlreadyOwnedByYou' && code !== 'BucketAlreadyExists') throw err;
      }
    })().catch((err: unknown) => {
      ready = undefined; // retry on the next call
      throw err;
    });
    return ready;
  };

  const stat = async (key: string): Promise<StoredFile | null> => {
    validateFileKey(key);
    await init();
    try {
      const st = await client.statObject(bucket, key);
      const contentType = (st.metaData as Record<string, string | undefined>)['content-type'];
      return { key, size: st.size, contentType: contentType || DEFAULT_CONTENT_TYPE };
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  };

  return {
    client,
    init,
    async put(key, body, contentType) {
      validateFileKey(key);
      await init();
      const type = contentType || DEFAULT_CONTENT_TYPE;
      const meta = { 'Content-Type': type };
      if (Buffer.isBuffer(body)) {
        await client.putObject(bucket, key, body, body.length, meta);
        return { key, size: body.length, contentType: type };
      }
      await client.putObject(bucket, key, body, undefined, meta);
      const stored = await stat(key);
      if (!stored) throw new Error(`S3 object ${key} vanished right after upload`);
      return stored;
    },
    async get(key) {
      const file = await stat(key);
      if (!file) return null;
      let body: Readable;
      try {
        body = await client.getObject(bucket, key);
      } catch (err) {
        if (isMissing(err)) return null;
        throw err;
      }
      return { file, body };
    },
    async getRange(key, start, end) {
      validateFileKey(key);
      checkRangeBounds(key, start, end);
      const file = await stat(key);
      if (!file) return null;
      const last = clampRangeEnd(key, start, end, file.size);
      let body: Readable;
      try {
        // One ranged GET: the server sends only these bytes (206), streamed as they arrive.
        body = await client.getPartialObject(bucket, key, start, last - start + 1);
      } catch (err) {
        if (isMissing(err)) return null;
        // Replaced by a shorter object since the stat.
        if ((err as { code?: string } | null)?.code === 'InvalidRange') {
          throw new RangeError(`Range of ${JSON.stringify(key)}: start ${start} is past the end of the object`);
        }
        throw err;
      }
      return { file, body };
    },
    stat,
    async delete(key) {
      validateFileKey(key);
      await init();
      await client.removeObject(bucket, key);
    },
  };
}
