/**
 * A freebie write whose answer is lost (it was stored, then no answer came: a deadline, a connection or
 * the database gone around the commit): the route asks whether the record exists before deleting what it
 * uploaded, so a stored freebie never points at a deleted file; when the record does not exist, the files
 * go. The freebie use cases (which the route calls directly, issue 52) are a stand-in here because a lost
 * answer cannot be produced on demand otherwise.
 */
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import type http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import express from 'express';
import { Metadata, status } from '@grpc/grpc-js';
import type { freebiesV1 } from '@taal/contracts';
import { createDiskFileStore, createLogger } from '@taal/kit';
import { pngImage } from '../../../../tools/testing/images';
import { ResponseCache, apiErrorHandler, mountRoutes } from '@taal/edge';
import type { AccessTokenVerifier } from '@taal/edge';
import type { Freebies } from '../app/freebies';
import { freebieRoutes } from './freebies';
import { keysOfMediaUrl } from './freebies-shape';

const lost = () => Object.assign(new Error('deadline'), { code: status.DEADLINE_EXCEEDED, details: 'Deadline exceeded', metadata: new Metadata() });

describe('a freebie write whose answer is lost', () => {
  let filesDir: string;
  let server: http.Server;
  let base: string;
  /** What the stand-in catalogue stored (by id). */
  const stored = new Map<string, freebiesV1.Freebie>();
  let storeBeforeFailing = true;

  const media = async () => (await readdir(path.join(filesDir, 'objects'), { recursive: true }).catch(() => [] as string[])).filter((f) => /\.(jpg|pdf)$/.test(f));

  beforeAll(async () => {
    filesDir = await mkdtemp(path.join(os.tmpdir(), 'freebies-lost-'));
    const tokens: AccessTokenVerifier = { verifyAccessToken: async () => ({ userId: 'admin-1', userType: 1, sessionId: 's' }) };
    const freebies = {
      create: async (_caller: unknown, req: Partial<freebiesV1.CreateFreebieRequest>) => {
        if (storeBeforeFailing) {
          stored.set(req.id!, {
            id: req.id!,
            title: req.title ?? '',
            subtitle: req.subtitle ?? '',
            category: req.category ?? '',
            description: req.description ?? '',
            thumbnail: req.thumbnail ?? '',
            youtube: req.youtube ?? '',
            documents: req.documents ?? [],
            carouselImages: req.carouselImages ?? [],
            createdAt: new Date().toISOString(),
            updatedAt: new Date().toISOString(),
          });
        }
        throw lost();
      },
      get: async (id: string) => {
        const freebie = stored.get(id);
        if (!freebie) throw Object.assign(new Error('not found'), { code: status.NOT_FOUND, details: 'Freebie not found', metadata: new Metadata() });
        return freebie;
      },
    } as unknown as Freebies;
    const app = express();
    app.use('/api/v1', mountRoutes(freebieRoutes({ freebies, tokens, cache: new ResponseCache(1000), files: createDiskFileStore(filesDir) })));
    app.use(apiErrorHandler(createLogger('freebies-lost-test')));
    server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await rm(filesDir, { recursive: true, force: true });
  });

  const add = async () => {
    const form = new FormData();
    for (const [k, v] of Object.entries({ title: 'T', subtitle: 'S', catagory: 'Guitar', description: '<p>d</p>', youtube: 'https://youtu.be/dQw4w9WgXcQ' })) form.append(k, v);
    form.append('thumbnail', new Blob([new Uint8Array(await pngImage(30, 20))], { type: 'image/png' }), 't.png');
    form.append('documents', new Blob([Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n', 'latin1')], { type: 'application/pdf' }), 'd.pdf');
    const res = await fetch(`${base}/api/v1/freebies/add/`, { method: 'POST', headers: { authorization: 'Bearer x' }, body: form });
    return { status: res.status, body: (await res.json()) as { data?: { _id: string; thumbnail: string; documents: { path: string }[] } } };
  };

  it('answers 201 with the stored freebie and keeps its files when the catalogue did store it', async () => {
    storeBeforeFailing = true;
    const res = await add();
    expect(res.status).toBe(201);
    const freebie = res.body.data!;
    expect(stored.has(freebie._id)).toBe(true);
    const keys = [...keysOfMediaUrl(freebie.thumbnail), ...keysOfMediaUrl(freebie.documents[0]!.path)];
    expect(keys).toHaveLength(3); // the image, its thumbnail, the PDF
    expect((await media()).sort()).toEqual(keys.map((k) => path.join(...k.split('/'))).sort());
  });

  it('answers 504 and deletes the uploaded files when the catalogue did not store it', async () => {
    storeBeforeFailing = false;
    const before = await media();
    const res = await add();
    expect(res.status).toBe(504);
    expect(await media()).toEqual(before);
  });
});
