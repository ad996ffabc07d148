// The edge routing a service's own API by its published table (issue 52, decision 0092), against a
// real HTTP server standing in for the service: a route the service adds is served and documented by
// the edge on its next read of the table, without the edge being rebuilt; a form body streams on
// untouched; while the service is away its routes answer 503, never 404.
import http from 'node:http';
import { gunzipSync } from 'node:zlib';
import pino from 'pino';
import express from 'express';
import { z } from 'zod';
import { answer, countedOnLoad, defineRoute, PublicReadLimiter, type RouteSpec } from '@taal/edge';
import { createMemoryCache } from '@taal/kit';
import { createGatewayApp } from './app';
import { describeOnlyContext } from './api-routes';
import { LOADED_HEADER, publishRoutes, ROUTE_TABLE_PATH } from './http/service-routes';
import { buildOpenApiDocument } from './openapi';
import { RemoteApis } from './remote-apis';
import { listen } from './server';

const route = (method: 'get' | 'post', path: string): RouteSpec =>
  defineRoute({ method, path, summary: `${method} ${path}`, responses: { 200: answer(z.object({ said: z.string() })) }, handler: async () => undefined });

/** A service's API port: its table and document from `routes`, and answers that name what they got. */
async function fakeService(routes: { current: RouteSpec[] }) {
  const app = express();
  app.get(ROUTE_TABLE_PATH, (_req, res) => void res.json({ service: 'tunes', version: routes.current.map((r) => r.path).join(','), routes: publishRoutes(routes.current) }));
  app.get('/api/v1/openapi.json', (_req, res) => void res.json(buildOpenApiDocument(routes.current)));
  app.use('/api/v1', express.urlencoded({ extended: false }), express.json());
  app.all('/api/v1/{*rest}', (req, res) => {
    res.json({ said: `${req.method} ${req.originalUrl} ${req.get('content-type') ?? ''} ${JSON.stringify(req.body ?? null)} from ${req.get('x-forwarded-for')}` });
  });
  return listen(app, '127.0.0.1', 0);
}

describe('the edge forwarding the routes a service publishes', () => {
  it('serves and documents a route the service adds, streams a form on, and answers 503 while the service is away', async () => {
    const routes = { current: [route('get', '/tunes/{id}')] };
    const service = await fakeService(routes);
    const logger = pino({ level: 'silent' });
    const remote = new RemoteApis([{ name: 'tunes', base: `http://127.0.0.1:${service.port}` }], describeOnlyContext.tokens, 2000, logger);
    await remote.start(60_000);
    const app = createGatewayApp({ apis: [], edge: describeOnlyContext, logger, readiness: async () => ({ ready: true, services: {} }), remote });
    const edge = await listen(app, '127.0.0.1', 0);
    const base = `http://127.0.0.1:${edge.port}/api/v1`;
    const id = '1b4e28ba-2fa1-4d3b-a3f5-ef19b5a7333c';
    try {
      const first = await fetch(`${base}/tunes/${id}?take=2`);
      expect(first.status).toBe(200);
      expect(((await first.json()) as { said: string }).said).toBe(`GET /api/v1/tunes/${id}?take=2  null from 127.0.0.1`);
      // `{id}` is an id at the edge as it is at every route of the gateway.
      expect((await fetch(`${base}/tunes/not-an-id`)).status).toBe(404);
      expect((await fetch(`${base}/tunes/${id}`, { method: 'DELETE' })).status).toBe(405);
      expect((await fetch(`${base}/tunes`, { method: 'POST' })).status).toBe(404);

      // The service ships a new route: the edge serves and documents it once it reads the table again.
      routes.current = [...routes.current, route('post', '/tunes')];
      await remote.refresh();
      const posted = await fetch(`${base}/tunes`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'Raga' }) });
      expect(((await posted.json()) as { said: string }).said).toBe('POST /api/v1/tunes application/json {"name":"Raga"} from 127.0.0.1');
      const form = await fetch(`${base}/tunes`, { method: 'POST', body: new URLSearchParams({ tran_id: 'T1', status: 'VALID' }) });
      expect(((await form.json()) as { said: string }).said).toBe('POST /api/v1/tunes application/x-www-form-urlencoded;charset=UTF-8 {"tran_id":"T1","status":"VALID"} from 127.0.0.1');
      const document = (await (await fetch(`${base}/openapi.json`)).json()) as { paths: Record<string, Record<string, unknown>> };
      expect(Object.keys(document.paths['/api/v1/tunes']!)).toEqual(['post']);
      expect(Object.keys(document.paths['/api/v1/tunes/{id}']!)).toEqual(['get']);

      // Away: its last table is kept, its routes answer 503 JSON, not 404.
      await service.close();
      await remote.refresh();
      const away = await fetch(`${base}/tunes/${id}`);
      expect(away.status).toBe(503);
      expect(await away.json()).toMatchObject({ success: false, reason: 'SERVICE_UNAVAILABLE' });
    } finally {
      remote.stop();
      await edge.close();
      await service.close().catch(() => undefined);
    }
  });
});

describe('a read that counts only when the service loads it (a cachedRead behind the edge)', () => {
  it('is counted at the edge only on the answers the service says it loaded, and refused 429 over the limit', async () => {
    const list = defineRoute({
      method: 'get',
      path: '/tunes',
      summary: 'the tunes',
      fairUse: 'reads',
      responses: { 200: answer(z.object({ said: z.string() })) },
      handler: countedOnLoad(async () => undefined),
    });
    const table = { service: 'tunes', version: '1', routes: publishRoutes([list]) };
    expect(table.routes[0]).toMatchObject({ fairUse: 'reads', countsOnLoad: true });
    // The service loads the first answer of every three and serves the other two from its cache.
    let asked = 0;
    const app = express();
    app.get(ROUTE_TABLE_PATH, (_req, res) => void res.json(table));
    app.get('/api/v1/openapi.json', (_req, res) => void res.json(buildOpenApiDocument([list])));
    app.get('/api/v1/tunes', (_req, res) => {
      if (asked++ % 3 === 0) res.setHeader(LOADED_HEADER, '1');
      res.json({ said: 'tunes' });
    });
    const service = await listen(app, '127.0.0.1', 0);
    const logger = pino({ level: 'silent' });
    const remote = new RemoteApis([{ name: 'tunes', base: `http://127.0.0.1:${service.port}` }], describeOnlyContext.tokens, 2000, logger);
    await remote.start(60_000);
    const limits = { search: 30, reads: 2, documents: 30, windowSeconds: 60, refusalDelayMs: 0 };
    const edgeContext = { ...describeOnlyContext, limits: { publicReads: new PublicReadLimiter(createMemoryCache(), limits) } };
    const edge = await listen(createGatewayApp({ apis: [], edge: edgeContext, logger, readiness: async () => ({ ready: true, services: {} }), remote }), '127.0.0.1', 0);
    try {
      const statuses: number[] = [];
      for (let n = 0; n < 7; n++) {
        const res = await fetch(`http://127.0.0.1:${edge.port}/api/v1/tunes`);
        statuses.push(res.status);
        expect(res.headers.get(LOADED_HEADER)).toBeNull();
        await res.arrayBuffer();
      }
      // Loads at the 1st, 4th and 7th: two within the limit, the third refused; the cached answers are free.
      expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 429]);
    } finally {
      remote.stop();
      await edge.close();
      await service.close();
    }
  });
});

describe("a service's JSON answer behind the edge", () => {
  it('reaches the client as the bytes the service wrote, compressed by the edge, with its status and type', async () => {
    const list = defineRoute({ method: 'get', path: '/tunes', summary: 'the tunes', responses: { 200: answer(z.object({ tunes: z.array(z.string()) })) }, handler: async () => undefined });
    const table = { service: 'tunes', version: '1', routes: publishRoutes([list]) };
    // Indented, with a non-ASCII name: a copy parsed and written again at the edge would differ.
    const written = JSON.stringify({ tunes: Array.from({ length: 400 }, (_, i) => `রাগ ${i}`) }, null, 2);
    const app = express();
    app.get(ROUTE_TABLE_PATH, (_req, res) => void res.json(table));
    app.get('/api/v1/openapi.json', (_req, res) => void res.json(buildOpenApiDocument([list])));
    app.get('/api/v1/tunes', (_req, res) => void res.status(203).type('application/json; charset=utf-8').send(written));
    const service = await listen(app, '127.0.0.1', 0);
    const logger = pino({ level: 'silent' });
    const remote = new RemoteApis([{ name: 'tunes', base: `http://127.0.0.1:${service.port}` }], describeOnlyContext.tokens, 2000, logger);
    await remote.start(60_000);
    const edge = await listen(createGatewayApp({ apis: [], edge: describeOnlyContext, logger, readiness: async () => ({ ready: true, services: {} }), remote }), '127.0.0.1', 0);
    try {
      const { status, headers, body } = await new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
        http
          .get(`http://127.0.0.1:${edge.port}/api/v1/tunes`, { headers: { 'accept-encoding': 'gzip' } }, (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (c: Buffer) => chunks.push(c));
            res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
          })
          .on('error', reject);
      });
      expect(status).toBe(203);
      expect(headers['content-type']).toBe('application/json; charset=utf-8');
      expect(headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(body).toString('utf8')).toBe(written);
    } finally {
      remote.stop();
      await edge.close();
      await service.close();
    }
  });
});
