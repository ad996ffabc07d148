import http from 'node:http';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { answer, cachedRead, defineApi, defineRoute, listOf, requireAuth, ResponseCache, type EdgeContext } from '@taal/edge';
import { z } from 'zod';
import { createGatewayApp } from '../app';
import { createHttpMetrics } from './metrics';

// The gateway app itself (every middleware, the routers) with one API part whose public list is a
// cachedRead; `slowAnswers` counts the answers that went through the routers (its key function).
let now = 1_000_000;
const cache = new ResponseCache(30_000, 1000, () => now);
let version = 1;
let slowAnswers = 0;
const list = () => Array.from({ length: 60 }, (_, i) => ({ _id: `course-${i}`, title: `Course ${i} (v${version})`, desc: 'Guitar from the first chord to the first song.' }));
const tokens = { verifyAccessToken: async () => ({ userId: 'u1', userType: 4, sessionId: 's1' }) };
const part = defineApi({
  clients: {},
  routes: () => [
    [
      defineRoute({
        method: 'get',
        path: '/course/',
        summary: 'Courses',
        responses: { 200: answer(listOf(z.unknown())) },
        handler: cachedRead(cache, () => (slowAnswers++, 'course:list'), async () => list()),
      }),
      defineRoute({
        method: 'get',
        path: '/mine/',
        summary: 'Behind a token',
        auth: { label: 'signed in', check: requireAuth(tokens as never) },
        responses: { 200: answer(listOf(z.unknown())) },
        handler: cachedRead(cache, () => (slowAnswers++, 'mine:list'), async () => list()),
      }),
    ],
  ],
});
const edge = { cache, tokens, logger: pino({ level: 'silent' }), onStop: () => undefined } as unknown as EdgeContext;
const metrics = createHttpMetrics();
const app = createGatewayApp({
  apis: [part],
  edge,
  trustProxy: ['loopback'],
  logger: pino({ level: 'silent' }),
  readiness: async () => ({ ready: true, services: {} }),
  metrics,
});

let server: http.Server;
let port: number;
beforeAll(async () => {
  server = http.createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

interface Raw {
  status: number;
  /** Every header as sent (names in their casing, in order), but Date. */
  headers: string[];
  body: Buffer;
}

function request(path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Raw> {
  return new Promise((resolve, reject) => {
    http
      .request({ host: '127.0.0.1', port, path, method, headers, agent: false }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const raw = res.rawHeaders;
          const headers = raw.filter((_, i) => raw[i - (i % 2)]!.toLowerCase() !== 'date');
          resolve({ status: res.statusCode ?? 0, headers, body: Buffer.concat(chunks) });
        });
      })
      .on('error', reject)
      .end();
  });
}

function header(raw: Raw, name: string): string | undefined {
  const i = raw.headers.findIndex((n, j) => j % 2 === 0 && n.toLowerCase() === name);
  return i < 0 ? undefined : raw.headers[i + 1];
}

/** Fetches twice: the first answer through the routers, the second from the fast lane. */
async function twice(path: string, headers: Record<string, string> = {}) {
  const before = slowAnswers;
  const first = await request(path, headers);
  const second = await request(path, headers);
  return { first, second, slow: slowAnswers - before };
}

beforeEach(() => {
  cache.invalidateAll();
});

describe('the fast lane of public cached reads', () => {
  it.each([
    ['no Accept-Encoding', {}, undefined],
    ['brotli', { 'accept-encoding': 'gzip, deflate, br, zstd' }, 'br'],
    ['gzip', { 'accept-encoding': 'gzip' }, 'gzip'],
    ['over TLS (HSTS), brotli', { 'accept-encoding': 'br', 'x-forwarded-proto': 'https' }, 'br'],
  ])('answers the same URL again with the same status, headers and bytes, without the routers (%s)', async (_name, headers, encoding) => {
    const { first, second, slow } = await twice('/api/v1/course/', headers);
    expect(slow).toBe(1);
    expect(first.status).toBe(200);
    const names = first.headers.filter((_, i) => i % 2 === 0).map((n) => n.toLowerCase());
    expect(names).toEqual(expect.arrayContaining(['content-security-policy', 'x-frame-options', 'vary', 'content-type', 'content-length']));
    expect(header(first, 'content-encoding')).toBe(encoding);
    expect(Number(header(first, 'content-length'))).toBe(first.body.length);
    expect(header(first, 'strict-transport-security') !== undefined).toBe('x-forwarded-proto' in headers);
    expect(second).toEqual(first);
  });

  it('counts its answers in the request metrics under the route template', async () => {
    const count = async () => {
      const text = await metrics.registry.metrics();
      return Number(/http_request_duration_seconds_count\{[^}]*method="GET",route="\/api\/v1\/course",status="200"[^}]*\} (\d+)/.exec(text)?.[1] ?? 0);
    };
    const before = await count();
    const { slow } = await twice('/api/v1/course/');
    expect(slow).toBe(1);
    // The 'finish' listeners run just after the answers arrive.
    await new Promise((r) => setTimeout(r, 20));
    expect((await count()) - before).toBe(2);
  });

  it('ends when the cache is invalidated (a catalogue event): the very next read is the new list', async () => {
    await twice('/api/v1/course/');
    version += 1;
    cache.invalidateAll();
    const before = slowAnswers;
    const next = await request('/api/v1/course/');
    expect(slowAnswers - before).toBe(1);
    expect(next.body.toString()).toContain(`(v${version})`);
    expect((await request('/api/v1/course/')).body.toString()).toContain(`(v${version})`);
  });

  it('ends when the cache entry expires', async () => {
    await twice('/api/v1/course/');
    version += 1;
    now += 30_001;
    const before = slowAnswers;
    expect((await request('/api/v1/course/')).body.toString()).toContain(`(v${version})`);
    expect(slowAnswers - before).toBe(1);
  });

  it('leaves HEAD, other URLs, requests with a token or a body, and routes behind a token to the routers', async () => {
    await twice('/api/v1/course/');
    const before = slowAnswers;
    expect((await request('/api/v1/course/', {}, 'HEAD')).status).toBe(200);
    expect((await request('/api/v1/course/?page=2')).status).toBe(200);
    expect((await request('/api/v1/course/', { authorization: 'Bearer x' })).status).toBe(200);
    expect((await request('/api/v1/course/', { 'auth-token': 'x' })).status).toBe(200);
    expect((await request('/api/v1/course/', { 'content-type': 'application/json', 'content-length': '0' })).status).toBe(200);
    expect(slowAnswers - before).toBe(5);
    const mine = await twice('/api/v1/mine/', { authorization: 'Bearer x' });
    expect(mine.second).toEqual(mine.first);
    expect(mine.slow).toBe(2);
    // Without the token: 401, whatever an earlier caller got.
    expect((await request('/api/v1/mine/')).status).toBe(401);
  });
});
