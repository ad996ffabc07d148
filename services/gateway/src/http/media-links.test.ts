/**
 * Issue 36 (decision 0037): public media (served to anyone, no sign-in) linked to a file outside
 * DATA_DIR, or kept in a linked folder, is not served: the media route answers 404, never the
 * linked file's bytes; the stored image itself is served.
 */
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import type http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import express from 'express';
import { apiErrorHandler, mountRoutes } from '@taal/edge';
import { createDiskFileStore, createLogger } from '@taal/kit';
import { mediaRoutes } from './media';

describe('the public media route and links', () => {
  let work: string;
  let server: http.Server;
  let base: string;
  const SECRET = 'the bytes of a file outside DATA_DIR';
  const name = (n: number) => `00000000-0000-4000-8000-00000000000${n}.jpg`;

  beforeAll(async () => {
    work = mkdtempSync(path.join(os.tmpdir(), 'taal-media-links-'));
    const root = path.join(work, 'data', 'files');
    const files = createDiskFileStore(root);
    await files.put(`media/images/${name(1)}`, Buffer.from('a stored image'), 'image/jpeg');
    writeFileSync(path.join(work, 'secret.txt'), SECRET);
    // A linked image, and a linked folder holding an image.
    symlinkSync(path.join(work, 'secret.txt'), path.join(root, 'objects', 'media', 'images', name(2)));
    mkdirSync(path.join(work, 'outside'));
    writeFileSync(path.join(work, 'outside', name(3).replace('.jpg', '.pdf')), SECRET);
    symlinkSync(path.join(work, 'outside'), path.join(root, 'objects', 'media', 'documents'));
    const app = express();
    app.use('/api/v1', mountRoutes(mediaRoutes(files)));
    app.use(apiErrorHandler(createLogger('media-links-test')));
    server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    rmSync(work, { recursive: true, force: true });
  });

  it('serves a stored image', async () => {
    const res = await fetch(`${base}/api/v1/media/images/${name(1)}`);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('a stored image');
  });

  it('answers 404 for a linked image, never its bytes', async () => {
    const res = await fetch(`${base}/api/v1/media/images/${name(2)}`);
    expect(await res.text()).not.toContain(SECRET.slice(0, 10));
    expect(res.status).toBe(404);
  });

  it('answers 404 for a file in a linked folder, never its bytes', async () => {
    const pdf = name(3).replace('.jpg', '.pdf');
    const res = await fetch(`${base}/api/v1/media/documents/${pdf}`);
    expect(await res.text()).not.toContain(SECRET.slice(0, 10));
    expect(res.status).toBe(404);
  });
});
