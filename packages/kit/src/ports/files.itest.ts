import { mkdtempSync, readdirSync, rmSync, type ReadStream } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { requireInfraEnv } from '../config/infra-env-file';
import { createDiskFileStore, createS3FileStore } from '../files';
import { describeFileStoreContract } from './files.contract';

const s3Settings = () => {
  const env = requireInfraEnv('S3_ENDPOINT', 'S3_ACCESS_KEY', 'S3_SECRET_KEY', 'S3_BUCKET', 'S3_REGION');
  return {
    endpoint: env.S3_ENDPOINT,
    accessKey: env.S3_ACCESS_KEY,
    secretKey: env.S3_SECRET_KEY,
    bucket: env.S3_BUCKET,
    region: env.S3_REGION,
  };
};

const diskRoot = mkdtempSync(path.join(os.tmpdir(), 'taal-files-'));
afterAll(() => rmSync(diskRoot, { recursive: true, force: true }));

describeFileStoreContract('disk (embedded)', () => createDiskFileStore(diskRoot));
describeFileStoreContract('s3', () => createS3FileStore(s3Settings()));

describe('disk file store layout', () => {
  it('keeps everything inside its root, with the content type in a sidecar', async () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'taal-files-layout-'));
    try {
      const store = createDiskFileStore(root);
      await store.put('a/b.txt', Buffer.from('x'), 'text/plain');
      expect(readdirSync(path.join(root, 'objects', 'a'))).toEqual(['b.txt']);
      expect(readdirSync(path.join(root, 'meta', 'a'))).toEqual(['b.txt.json']);
      expect(readdirSync(path.join(root, 'tmp'))).toEqual([]);
      expect(readdirSync(os.tmpdir())).not.toContain('escape.txt');
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});

describe('ranged reads read only the range', () => {
  const size = 3 * 1024 * 1024;
  const start = 1_000_003;
  const length = 4096;
  const drain = async (body: NodeJS.ReadableStream) => {
    let n = 0;
    for await (const chunk of body) n += (chunk as Buffer).length;
    return n;
  };

  it('disk: the file stream reads just the range from the file', async () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'taal-files-range-'));
    try {
      const store = createDiskFileStore(root);
      await store.put('v.mp4', randomBytes(size), 'video/mp4');
      const got = await store.getRange('v.mp4', start, start + length - 1);
      const body = got!.body as ReadStream;
      expect(await drain(body)).toBe(length);
      expect(body.bytesRead).toBe(length); // bytes read from disk, not just emitted
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('s3: one ranged GET, answered 206 with only the range', async () => {
    const store = createS3FileStore(s3Settings());
    const key = `taal-test/range-${Date.now().toString(36)}.mp4`;
    await store.put(key, randomBytes(size), 'video/mp4');
    try {
      const got = await store.getRange(key, start, start + length - 1);
      const res = got!.body as IncomingMessage;
      expect(res.statusCode).toBe(206);
      expect(res.headers['content-length']).toBe(String(length));
      expect(res.headers['content-range']).toBe(`bytes ${start}-${start + length - 1}/${size}`);
      expect(await drain(res)).toBe(length);
    } finally {
      await store.delete(key);
    }
  });
});

describe('s3 file store credentials', () => {
  it('refuses a wrong secret', async () => {
    const store = createS3FileStore({ ...s3Settings(), secretKey: 'definitely-wrong-secret' });
    await expect(store.put('taal-test/wrong-secret.txt', Buffer.from('x'), 'text/plain')).rejects.toThrow();
    await expect(store.init()).rejects.toMatchObject({
      code: expect.stringMatching(/SignatureDoesNotMatch|AccessDenied|InvalidAccessKeyId/),
    });
  });

  it('creates a missing bucket on first use', async () => {
    const bucket = `taal-test-${Date.now().toString(36)}`;
    const store = createS3FileStore({ ...s3Settings(), bucket });
    await store.put('x.txt', Buffer.from('x'), 'text/plain');
    expect(await store.client.bucketExists(bucket)).toBe(true);
    await store.delete('x.txt');
    await store.client.removeBucket(bucket);
  });
});
