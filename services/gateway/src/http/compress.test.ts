import http from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import express from 'express';
import { compressJson, COMPRESS_MIN_BYTES } from './compress';

const courses = Array.from({ length: 40 }, (_, i) => ({ _id: `00000000-0000-4000-9000-${String(i).padStart(12, '0')}`, title: `Course ${i}`, desc: '<p>Guitar from the first chord to the first song.</p>' }));

let server: http.Server;
let base: string;

beforeAll(async () => {
  const app = express();
  app.use(compressJson());
  app.get('/list', (_req, res) => res.json({ success: true, data: courses }));
  app.get('/small', (_req, res) => res.json({ success: true, data: 'pong' }));
  app.get('/refused', (_req, res) => res.status(404).json({ success: false, message: 'x'.repeat(COMPRESS_MIN_BYTES), reason: 'COURSE_NOT_FOUND' }));
  server = http.createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

/** The raw answer (no automatic decoding), as a browser's network layer receives it. */
function raw(path: string, acceptEncoding?: string, at = base): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(`${at}${path}`, { headers: acceptEncoding === undefined ? {} : { 'Accept-Encoding': acceptEncoding } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });
}

test("a browser's request (gzip, deflate, br, zstd) gets the list brotli-encoded, a fraction of its size, the same JSON once decoded", async () => {
  const plain = Buffer.from(JSON.stringify({ success: true, data: courses }));
  const res = await raw('/list', 'gzip, deflate, br, zstd');
  expect(res.status).toBe(200);
  expect(res.headers['content-encoding']).toBe('br');
  expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
  expect(res.headers.vary).toMatch(/Accept-Encoding/);
  expect(Number(res.headers['content-length'])).toBe(res.body.length);
  expect(res.body.length).toBeLessThan(plain.length / 4);
  expect(JSON.parse(zlib.brotliDecompressSync(res.body).toString())).toEqual({ success: true, data: courses });
});

test('gzip when brotli is not accepted; as it is without Accept-Encoding, and for small answers', async () => {
  const gzip = await raw('/list', 'gzip');
  expect(gzip.headers['content-encoding']).toBe('gzip');
  expect(JSON.parse(zlib.gunzipSync(gzip.body).toString()).data).toHaveLength(courses.length);
  for (const [path, accept] of [
    ['/list', undefined],
    ['/list', 'identity'],
    ['/small', 'gzip, deflate, br'],
  ] as const) {
    const res = await raw(path, accept);
    expect([path, accept, res.headers['content-encoding']]).toEqual([path, accept, undefined]);
    expect(JSON.parse(res.body.toString()).success).toBe(true);
  }
});

test('a refusal keeps its status and its reason through the encoding', async () => {
  const res = await raw('/refused', 'br');
  expect(res.status).toBe(404);
  expect(res.headers['content-encoding']).toBe('br');
  expect(JSON.parse(zlib.brotliDecompressSync(res.body).toString()).reason).toBe('COURSE_NOT_FOUND');
});

test('ready JSON bytes (the response cache sends them with res.send) are encoded too; other types are not', async () => {
  const app = express();
  app.use(compressJson());
  const bytes = Buffer.from(JSON.stringify({ success: true, data: courses }));
  app.get('/cached', (_req, res) => {
    res.status(200).type('application/json').send(bytes);
  });
  app.get('/text', (_req, res) => {
    res.type('text/plain').send('x'.repeat(4 * COMPRESS_MIN_BYTES));
  });
  const other = http.createServer(app);
  await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
  const at = `http://127.0.0.1:${(other.address() as AddressInfo).port}`;
  try {
    const cached = await raw('/cached', 'gzip, deflate, br', at);
    expect(cached.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(cached.body)).toEqual(bytes);
    const text = await raw('/text', 'gzip, deflate, br', at);
    expect(text.headers['content-encoding']).toBeUndefined();
    expect(text.body.length).toBe(4 * COMPRESS_MIN_BYTES);
  } finally {
    await new Promise<void>((resolve) => other.close(() => resolve()));
  }
});
