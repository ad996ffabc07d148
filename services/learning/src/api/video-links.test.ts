/**
 * Issue 36 (decision 0037): a lesson video linked to a file outside DATA_DIR (an attack run restored
 * one and an anonymous visitor got the outside file's bytes) is not served: with a valid signed URL
 * for its name, the video route answers 404, never the linked file's bytes, whole or ranged; the
 * lesson's own video still plays.
 */
import { mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import type http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import express from 'express';
import { ServiceNames } from '@taal/contracts';
import { apiErrorHandler, mountRoutes } from '@taal/edge';
import { createDiskFileStore, createLogger, generateServiceKeyRing, localKeys, signGrant } from '@taal/kit';
import { VIDEO_GRANT_AUDIENCE, videoStreamRoutes } from './video';

describe('the lesson video route and links', () => {
  let work: string;
  let server: http.Server;
  let base: string;
  const ring = generateServiceKeyRing([ServiceNames.learning]);
  const SECRET = 'the bytes of a file outside DATA_DIR';
  const urlFor = async (file: string) =>
    `${base}/api/v1/video/${file}?token=${await signGrant(ring.issuerFor(ServiceNames.learning), {
      audience: VIDEO_GRANT_AUDIENCE,
      subject: 'lesson-1',
      claims: { file },
      ttlSeconds: 600,
    })}`;

  beforeAll(async () => {
    work = mkdtempSync(path.join(os.tmpdir(), 'taal-video-links-'));
    const files = createDiskFileStore(path.join(work, 'data', 'files'));
    await files.put('videos/real-video.mp4', Buffer.from('the lesson’s own video'), 'video/mp4');
    writeFileSync(path.join(work, 'secret.txt'), SECRET);
    symlinkSync(path.join(work, 'secret.txt'), path.join(work, 'data', 'files', 'objects', 'videos', 'linked-video.mp4'));
    const app = express();
    app.use('/api/v1', mountRoutes(videoStreamRoutes({ files, serviceKeys: localKeys(ring.publicKeys) })));
    app.use(apiErrorHandler(createLogger('video-links-test')));
    server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    rmSync(work, { recursive: true, force: true });
  });

  it('plays the lesson’s own video', async () => {
    const res = await fetch(await urlFor('real-video.mp4'));
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('the lesson’s own video');
  });

  it('answers 404 for a video linked outside, whole or ranged, never its bytes', async () => {
    const url = await urlFor('linked-video.mp4');
    for (const headers of [{}, { range: 'bytes=0-9' }] as Record<string, string>[]) {
      const res = await fetch(url, { headers });
      const body = await res.text();
      expect(body).not.toContain(SECRET.slice(0, 10));
      expect(res.status).toBe(404);
    }
  });
});
