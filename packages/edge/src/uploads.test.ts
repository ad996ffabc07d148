import { mkdtemp, readdir, rm } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import express from 'express';
import sharp from 'sharp';
import { createDiskFileStore, createLogger } from '@taal/kit';
import { pngImage } from '../../../tools/testing/images';
import { waitFor } from '../../../tools/testing/wait';
import { apiErrorHandler, refusal } from './errors';
import { acceptUploads, checkUploads, storeUploads } from './uploads';

/** A tiny but well-formed PDF. */
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
const ELF = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(4096, 7)]);

describe('the one upload mechanism', () => {
  let tmp: string;
  let filesDir: string;
  let server: http.Server;
  let base: string;
  const files = () => createDiskFileStore(filesDir);
  const stored = async () => (await readdir(path.join(filesDir, 'objects'), { recursive: true }).catch(() => [])).filter((f) => /\.(jpg|pdf)$|[0-9a-f-]{36}$/.test(f));
  const temps = async () => (await readdir(tmp).catch(() => [] as string[])).filter((f) => f.startsWith('taal-upload-'));

  beforeAll(async () => {
    tmp = await mkdtemp(path.join(os.tmpdir(), 'uploads-test-tmp-'));
    filesDir = await mkdtemp(path.join(os.tmpdir(), 'uploads-test-files-'));
    const app = express();
    app.post(
      '/form',
      acceptUploads({ photo: { kind: 'image', maxBytes: 200_000 }, docs: { kind: 'pdf', maxCount: 2, maxBytes: 100_000 }, video: { kind: 'video', maxBytes: 300_000 } }, { tempDir: tmp }),
      async (req, res, next) => {
        try {
          const up = await checkUploads(req);
          const out = await storeUploads(files(), async (store) => {
            const photo = up.photo?.[0] ? await store.image(up.photo[0]) : null;
            const docs = [];
            for (const d of up.docs ?? []) docs.push(await store.pdf(d));
            const video = up.video?.[0] ? await store.raw(up.video[0]) : null;
            if (req.body.fail === 'yes') throw refusal('BAD_REQUEST');
            return { photo, docs, video };
          });
          res.json(out);
        } catch (err) {
          next(err);
        }
      },
    );
    app.use(apiErrorHandler(createLogger('uploads-test')));
    server = app.listen(0, '127.0.0.1');
    await new Promise((r) => server.once('listening', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
    await rm(tmp, { recursive: true, force: true });
    await rm(filesDir, { recursive: true, force: true });
  });

  const post = async (parts: Record<string, [Buffer, string] | string | [Buffer, string][]>) => {
    const form = new FormData();
    for (const [name, value] of Object.entries(parts)) {
      if (typeof value === 'string') form.append(name, value);
      else for (const [data, filename] of (Array.isArray(value[0]) ? value : [value]) as [Buffer, string][]) form.append(name, new Blob([new Uint8Array(data)]), filename);
    }
    const res = await fetch(`${base}/form`, { method: 'POST', body: form });
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a test reads whatever came back
    return { status: res.status, body: (await res.json()) as Record<string, any> };
  };

  it('re-encodes an image with a thumbnail, keeps a PDF, hands a video on, and removes the temp files', async () => {
    const big = await sharp({ create: { width: 2400, height: 1200, channels: 3, background: '#336699' } }).png().toBuffer();
    const res = await post({ photo: [big, 'x.png'], docs: [[PDF, 'a.pdf'], [PDF, 'b.pdf']], video: [Buffer.alloc(1000, 1), 'v.mp4'] });
    expect(res.status).toBe(200);
    expect(res.body.photo).toMatchObject({ url: expect.stringMatching(/^\/api\/v1\/media\/images\/[0-9a-f-]{36}\.jpg$/), width: 1600, height: 800 });
    const thumb = await files().get(res.body.photo.thumbnailKey);
    expect((await sharp(await streamToBuffer(thumb!.body)).metadata()).width).toBe(400);
    expect(res.body.docs).toHaveLength(2);
    expect(res.body.docs[0]).toMatchObject({ url: expect.stringMatching(/^\/api\/v1\/media\/documents\/[0-9a-f-]{36}\.pdf$/), name: 'a.pdf' });
    expect(res.body.video.key).toMatch(/^uploads\//);
    await waitFor(async () => (await temps()).length === 0, 'temp files removed');
  });

  it('refuses a .png that is text and a .pdf that is an executable (400), storing nothing', async () => {
    const before = await stored();
    const text = await post({ photo: [Buffer.from('just some text, not a picture'), 'photo.png'] });
    expect(text).toMatchObject({ status: 400, body: { success: false, fields: { photo: expect.stringContaining('image') } } });
    const exe = await post({ docs: [ELF, 'receipt.pdf'] });
    expect(exe).toMatchObject({ status: 400, body: { fields: { docs: 'docs must be a PDF document' } } });
    const mz = await post({ docs: [Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200)]), 'x.pdf'] });
    expect(mz.status).toBe(400);
    expect(await stored()).toEqual(before);
    await waitFor(async () => (await temps()).length === 0, 'temp files removed');
  });

  it('answers 413 with a message when a field passes its limit', async () => {
    const res = await post({ docs: [Buffer.concat([PDF, Buffer.alloc(150_000)]), 'big.pdf'] });
    expect(res).toMatchObject({
      status: 413,
      body: { reason: 'PDF_TOO_LARGE', message: 'The PDF in docs is larger than 0.1 MB', params: { field: 'docs', max: '0.1 MB' }, fieldReasons: { docs: 'PDF_TOO_LARGE' } },
    });
    const video = await post({ video: [Buffer.alloc(400_000), 'v.mp4'] });
    expect(video.status).toBe(413);
    await waitFor(async () => (await temps()).length === 0, 'temp files removed');
  });

  it('deletes what it already stored when a later step fails (no orphans)', async () => {
    const before = await stored();
    const res = await post({ photo: [await pngImage(20, 20), 'p.png'], docs: [PDF, 'a.pdf'], fail: 'yes' });
    expect(res).toMatchObject({ status: 400, body: { reason: 'BAD_REQUEST' } });
    expect(await stored()).toEqual(before);
  });

  it('leaves nothing behind when the client cuts the upload off half-way', async () => {
    const before = await stored();
    const boundary = 'cutoffboundary';
    const { port } = server.address() as AddressInfo;
    const req = http.request({ host: '127.0.0.1', port, method: 'POST', path: '/form', headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': '250000' } });
    req.on('error', () => {});
    req.write(`--${boundary}\r\nContent-Disposition: form-data; name="video"; filename="v.mp4"\r\nContent-Type: video/mp4\r\n\r\n`);
    req.write(Buffer.alloc(100_000, 3));
    await waitFor(async () => (await temps()).length >= 1, 'the upload started', { context: () => `temps in ${tmp}` });
    req.destroy();
    await waitFor(async () => (await temps()).length === 0, 'the partial temp file removed');
    expect(await stored()).toEqual(before);
  });
});

async function streamToBuffer(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(Buffer.from(c as Buffer));
  return Buffer.concat(chunks);
}
