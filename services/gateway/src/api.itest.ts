/**
 * The public API through the all-in-one process (embedded infrastructure), as a
 * browser or another client would call it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import type { Express } from 'express';
import { catalogueV1, type RefusalKey } from '@taal/contracts';
import { callUnary, createClient } from '@taal/kit';
import { services, startAllInOne } from '@taal/launcher';
import { declaredRoutes, openApiDocument } from '@taal/launcher';
import { gatewayErrors, securedErrors } from '@taal/edge';
import { createGatewayApp } from './app';
import { apiPartsOf, describeOnlyContext } from './api-routes';

type Json = { success: boolean; data?: unknown; message?: string; code?: string };

describe('public API on the all-in-one process', () => {
  let dataDir: string;
  let taal: Awaited<ReturnType<typeof startAllInOne>>;
  let base: string;

  const get = async (p: string) => {
    const res = await fetch(`${base}${p}`);
    return { status: res.status, type: res.headers.get('content-type') ?? '', body: (await res.json()) as Json };
  };

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'taal-api-'));
    taal = await startAllInOne({ PORT: '0', DATA_DIR: dataDir, HOST: '127.0.0.1', METRICS_PORT: '0' });
    base = `http://127.0.0.1:${taal.port}`;
  });

  afterAll(async () => {
    await taal?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('reports healthy once every service is ready', async () => {
    const res = await get('/healthz');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ ready: true, services: { catalogue: true, identity: true } });
  });

  it('lists only published courses', async () => {
    const { status, body } = await get('/api/v1/course/');
    expect(status).toBe(200);
    const courses = body.data as { _id: string; published: boolean; catagory: string }[];
    expect(courses.length).toBe(12);
    expect(courses.every((c) => c.published)).toBe(true);
  });

  it('answers an unknown course id and an unknown route with 404 JSON', async () => {
    const answers: [string, RefusalKey, string][] = [
      ['/api/v1/course/00000000-0000-4000-9000-999999999999/', 'COURSE_NOT_FOUND', 'Course not found'],
      ['/api/v1/course/no-such-id/', 'NO_SUCH_ROUTE', 'No such API route: GET /course/no-such-id/'],
      ['/api/v1/nothing-here', 'NO_SUCH_ROUTE', 'No such API route: GET /nothing-here'],
    ];
    for (const [p, reason, message] of answers) {
      const res = await get(p);
      expect(res.status).toBe(404);
      expect(res.type).toContain('application/json');
      expect({ p, body: res.body }).toMatchObject({ p, body: { success: false, code: reason, reason, message } });
    }
  });

  it('caps featured instructors at 10 and lists each instructor’s published courses', async () => {
    const featured = await get('/api/v1/instructor/featured/');
    expect((featured.body.data as unknown[]).length).toBeLessThanOrEqual(10);
    const all = (await get('/api/v1/instructor/')).body.data as { _id: string; course: string[] }[];
    const one = await get(`/api/v1/instructor/${all[0]!._id}/`);
    expect(one.status).toBe(200);
    expect((one.body.data as { course: string[] }).course).toEqual(all[0]!.course);
  });

  it('answers the course list again through the fast lane with the same status, headers and bytes, encoded or not', async () => {
    /** The answer as sent: status, every header in order (but Date), the raw bytes. */
    const raw = (acceptEncoding?: string) =>
      new Promise<{ status: number; headers: string[]; body: Buffer }>((resolve, reject) => {
        http
          .get(`${base}/api/v1/course/`, { headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}, agent: false }, (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (c: Buffer) => chunks.push(c));
            res.on('end', () => {
              const headers = res.rawHeaders.filter((_, i) => res.rawHeaders[i - (i % 2)]!.toLowerCase() !== 'date');
              resolve({ status: res.statusCode ?? 0, headers, body: Buffer.concat(chunks) });
            });
          })
          .on('error', reject);
      });
    for (const [acceptEncoding, encoding] of [[undefined, undefined], ['gzip, deflate, br, zstd', 'br'], ['gzip', 'gzip']] as const) {
      // The first read goes through the routers (and is remembered); the second is the fast lane's.
      const first = await raw(acceptEncoding);
      const second = await raw(acceptEncoding);
      expect(first.status).toBe(200);
      const names = first.headers.filter((_, i) => i % 2 === 0).map((n) => n.toLowerCase());
      expect(names).toEqual(expect.arrayContaining(['content-security-policy', 'x-content-type-options', 'vary', 'content-type', 'content-length']));
      expect(names.includes('content-encoding') ? first.headers[names.indexOf('content-encoding') * 2 + 1] : undefined).toBe(encoding);
      expect(second).toEqual(first);
    }
  });

  it('shows a newly published course once the catalogue announces it (cache invalidated by the event)', async () => {
    // Read twice: the list is then answered by the gateway's fast lane, which the event must end too.
    await get('/api/v1/course/');
    const before = (await get('/api/v1/course/')).body.data as { _id: string }[];
    const hiddenId = '00000000-0000-4000-9000-000000000004';
    expect(before.map((c) => c._id)).not.toContain(hiddenId);
    expect((await get(`/api/v1/course/${hiddenId}/`)).status).toBe(404);

    const health = (await get('/healthz')).body as unknown as { services: Record<string, boolean> };
    expect(health.services.catalogue).toBe(true);
    // Publish as the back office would: the demo admin's own token, carried with the gateway's keys.
    const login = await fetch(`${base}/api/v1/user/login/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@taal.local', password: 'admin123' }),
    });
    const adminToken = ((await login.json()) as { data: { token: string } }).data.token;
    // Its route (the catalogue's routes call its use cases, issue 52: publishing is no gRPC method now).
    const published = await fetch(`${base}/api/v1/course/published/${hiddenId}`, { headers: { authorization: `Bearer ${adminToken}` } });
    expect(published.status).toBe(200);
    const until = Date.now() + 10000;
    let ids: string[] = [];
    while (Date.now() < until) {
      ids = ((await get('/api/v1/course/')).body.data as { _id: string }[]).map((c) => c._id);
      if (ids.includes(hiddenId)) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(ids).toContain(hiddenId);
    expect((await get(`/api/v1/course/${hiddenId}/`)).status).toBe(200);
  });

  it('counts requests by route template on the metrics port, not on the public one', async () => {
    await get('/api/v1/course/');
    // A gRPC call to the catalogue as another service makes one (its own routes call its use cases, issue 52).
    const client = createClient(catalogueV1.CatalogueServiceClient, `127.0.0.1:${taal.ports.catalogue}`, {
      auth: { issuer: taal.keyRing.issuerFor('gateway'), audience: 'catalogue' },
    });
    try {
      await callUnary(client, 'getCourseFigures', catalogueV1.GetCourseFiguresRequest.fromPartial({}), { deadlineMs: 5000 });
    } finally {
      client.close();
    }
    const metrics = await (await fetch(`http://127.0.0.1:${taal.metricsPort}/metrics`)).text();
    expect(metrics).toMatch(/http_request_duration_seconds_count\{[^}]*route="\/api\/v1\/course"[^}]*status="200"[^}]*\} [1-9]/);
    expect(metrics).toContain('process_cpu_seconds_total');
    // The kit's metrics of every service in the process: gRPC calls, pools, outboxes, consumers.
    expect(metrics).toMatch(/grpc_server_handled_total\{[^}]*grpc_service="taal.catalogue.v1.CatalogueService"[^}]*grpc_code="OK"[^}]*\} [1-9]/);
    expect(metrics).toMatch(/db_pool_connections\{[^}]*pool="identity"/);
    expect(metrics).toMatch(/outbox_pending_events\{schema="catalogue"\} \d/);
    expect(metrics).toMatch(/event_consumer_lag\{group="gateway-[^"]*",stream="all"\} 0/);
    const publicPort = await fetch(`${base}/metrics`);
    expect(await publicPort.text()).not.toContain('http_request_duration_seconds');
  });

  describe('OpenAPI document', () => {
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats(ajv);

    it('is served at /api/v1/openapi.json as OpenAPI 3.1', async () => {
      const { status, body } = await get('/api/v1/openapi.json');
      expect(status).toBe(200);
      expect(body).toEqual(JSON.parse(JSON.stringify(openApiDocument)));
      expect((body as unknown as { openapi: string }).openapi).toBe('3.1.0');
    });

    it('documents every API route the gateway serves, and nothing else', () => {
      const app = createGatewayApp({
        apis: apiPartsOf(services),
        edge: describeOnlyContext,
        logger: describeOnlyContext.logger,
        readiness: async () => ({ ready: true, services: {} }),
      });
      const served = apiRoutes(app).sort();
      const documented = Object.entries(openApiDocument.paths)
        .flatMap(([p, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${normalise(p)}`))
        .sort();
      expect(served).toEqual(documented);
    });

    it('describes every answer the documented routes give, as their zod schemas and the document state it', async () => {
      const courses = (await get('/api/v1/course/')).body.data as { _id: string }[];
      const instructors = (await get('/api/v1/instructor/')).body.data as { _id: string }[];
      const login = async (email: string, password: string) => {
        const res = await fetch(`${base}/api/v1/user/login/`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email, password }),
        });
        return ((await res.json()) as { data: { token: string; refreshToken: string; user: { _id: string } } }).data;
      };
      const admin = await login('admin@taal.local', 'admin123');
      const student = await login('student@taal.local', 'student123');
      const asAdmin = { authorization: `Bearer ${admin.token}` };
      const asStudent = { 'auth-token': student.token };
      type Sample = { url: string; headers?: Record<string, string>; body?: unknown };
      const json = (body: unknown, headers: Record<string, string> = {}): Omit<Sample, 'url'> => ({ body, headers: { 'content-type': 'application/json', ...headers } });
      // Every documented operation is called with no token and no body at its template URL, plus these samples.
      const samples: Record<string, Sample[]> = {
        'GET /api/v1/course/{id}/': [{ url: `/api/v1/course/${courses[0]!._id}/` }, { url: '/api/v1/course/unknown/' }],
        'GET /api/v1/instructor/{id}/': [{ url: `/api/v1/instructor/${instructors[0]!._id}/` }, { url: '/api/v1/instructor/unknown/' }],
        'GET /api/v1/user/checkemail/{email}': [{ url: '/api/v1/user/checkemail/admin@taal.local' }],
        'GET /api/v1/user/re-verify/{id}': [{ url: `/api/v1/user/re-verify/${student.user._id}` }],
        'POST /api/v1/user/login/': [{ url: '/api/v1/user/login/', ...json({ email: 'content@taal.local', password: 'content123' }) }, { url: '/api/v1/user/login/', ...json({ email: 'content@taal.local', password: 'wrong-password' }) }],
        'POST /api/v1/user/refresh': [{ url: '/api/v1/user/refresh', ...json({ refreshToken: 'not-a-token' }) }],
        'POST /api/v1/user/passwordreset/{email}': [{ url: '/api/v1/user/passwordreset/nobody@example.com' }],
        'POST /api/v1/user/googlelogin': [{ url: '/api/v1/user/googlelogin', ...json({ tokenId: 'x' }) }],
        'POST /api/v1/user/logout': [{ url: '/api/v1/user/logout', headers: { authorization: `Bearer ${(await login('content@taal.local', 'content123')).token}` } }],
        'GET /api/v1/user/me': [{ url: '/api/v1/user/me', headers: asStudent }],
        'GET /api/v1/user/': [{ url: '/api/v1/user/', headers: asAdmin }, { url: '/api/v1/user/', headers: asStudent }],
        'GET /api/v1/user/type/all': [{ url: '/api/v1/user/type/all', headers: asAdmin }],
        'GET /api/v1/user/type/student': [{ url: '/api/v1/user/type/student', headers: asAdmin }],
        'GET /api/v1/user/type/subscriber': [{ url: '/api/v1/user/type/subscriber', headers: asAdmin }],
        'GET /api/v1/user/type/{type}': [{ url: '/api/v1/user/type/3', headers: asAdmin }, { url: '/api/v1/user/type/9', headers: asAdmin }],
        'GET /api/v1/user/verify/{id}': [{ url: `/api/v1/user/verify/${student.user._id}`, headers: asAdmin }, { url: '/api/v1/user/verify/unknown', headers: asAdmin }],
        'GET /api/v1/user/unsuspend/{id}': [{ url: `/api/v1/user/unsuspend/${student.user._id}`, headers: asAdmin }],
        'GET /api/v1/user/suspend/{id}': [{ url: '/api/v1/user/suspend/unknown', headers: asAdmin }, { url: `/api/v1/user/suspend/${admin.user._id}`, headers: asAdmin }],
        'POST /api/v1/user/create-account': [{ url: '/api/v1/user/create-account', ...json({ name: 'Doc', email: 'doc-content@example.com', password: 'secret1', type: 2 }, asAdmin) }, { url: '/api/v1/user/create-account', ...json({ name: 'Doc', email: 'doc-content@example.com', password: 'secret1', type: 2 }, asAdmin) }, { url: '/api/v1/user/create-account', ...json({}, asAdmin) }],
        'GET /api/v1/oauthusers': [{ url: '/api/v1/oauthusers', headers: asAdmin }],
        'GET /api/v1/analytics/users/{startDate}/{endDate}': [{ url: '/api/v1/analytics/users/01-01-2020/31-12-2099', headers: asAdmin }, { url: '/api/v1/analytics/users/nope/31-12-2099', headers: asAdmin }],
        'GET /api/v1/user/{id}/photo': [{ url: `/api/v1/user/${student.user._id}/photo`, headers: asStudent }],
        'POST /api/v1/cart/': [{ url: '/api/v1/cart/', ...json({ user: student.user._id, course: courses[0]!._id, tier: 'silver' }, asStudent) }, { url: '/api/v1/cart/', ...json({ user: student.user._id, course: courses[1]!._id, tier: 'gold' }, asStudent) }],
        'GET /api/v1/cart/{userId}': [{ url: `/api/v1/cart/${student.user._id}`, headers: asStudent }, { url: `/api/v1/cart/${admin.user._id}`, headers: asStudent }],
        'GET /api/v1/cart/cupon/list': [{ url: '/api/v1/cart/cupon/list', headers: asAdmin }],
        'POST /api/v1/cart/cupon': [{ url: '/api/v1/cart/cupon', ...json({ cuponCode: 'DOC10', discount: 10, useLimit: 3, expireDate: '2999-01-31' }, asAdmin) }, { url: '/api/v1/cart/cupon', ...json({ cuponCode: 'DOC10' }, asAdmin) }],
        'GET /api/v1/cart/cupon/{code}': [{ url: '/api/v1/cart/cupon/DOC10', headers: asStudent }, { url: '/api/v1/cart/cupon/unknown-code', headers: asStudent }],
        'GET /api/v1/wishlist/{userId}': [{ url: `/api/v1/wishlist/${student.user._id}`, headers: asStudent }],
        'GET /api/v1/wallet/{userId}': [{ url: `/api/v1/wallet/${student.user._id}`, headers: asStudent }],
        'GET /api/v1/order/{userId}': [{ url: `/api/v1/order/${student.user._id}`, headers: asStudent }],
        'POST /api/v1/order': [{ url: '/api/v1/order', ...json({ userId: student.user._id, amount: 1 }, asStudent) }],
        'GET /api/v1/user/{id}/': [{ url: `/api/v1/user/${student.user._id}/`, headers: asStudent }, { url: `/api/v1/user/${admin.user._id}/`, headers: asStudent }, { url: `/api/v1/user/${student.user._id}/`, headers: asAdmin }],
      };
      type Responses = Record<string, { content?: Record<string, { schema: object }> }>;
      const declared = new Map(declaredRoutes.map((r) => [`${r.method.toUpperCase()} /api/v1${r.path}`, r]));
      for (const [template, ops] of Object.entries(openApiDocument.paths)) {
        for (const [method, op] of Object.entries(ops as Record<string, { responses: Responses }>)) {
          const key = `${method.toUpperCase()} ${template}`;
          for (const sample of [{ url: template } as Sample, ...(samples[key] ?? [])]) {
            const res = await fetch(`${base}${sample.url}`, {
              method: method.toUpperCase(),
              // A redirect is an answer of its own (the card gateway's return routes answer 303).
              redirect: 'manual',
              headers: sample.headers,
              body: sample.body === undefined ? undefined : JSON.stringify(sample.body),
            });
            const status = res.status;
            const documented = op.responses[String(status)];
            expect({ key, url: sample.url, status, documented: Boolean(documented) }).toEqual({ key, url: sample.url, status, documented: true });
            const schema = documented!.content?.['application/json']?.schema;
            if (!schema) continue;
            const body = (await res.json()) as unknown;
            const validate = ajv.compile(resolveRefs(schema));
            const valid = validate(body);
            expect({ key, url: sample.url, errors: valid ? null : validate.errors }).toEqual({ key, url: sample.url, errors: null });
            // The route's own zod schema for this status says the same (the served document is generated from it).
            const route = declared.get(key);
            if (route) {
              const answers = { ...route.responses, ...(route.auth ? securedErrors : {}), ...gatewayErrors };
              const parsed = answers[status]!.schema!.safeParse(body);
              expect({ key, url: sample.url, status, zodIssues: parsed.success ? null : parsed.error.issues }).toEqual({ key, url: sample.url, status, zodIssues: null });
            }
          }
        }
      }
    });
  });

  it('keeps everything under DATA_DIR across a restart and does not seed twice', async () => {
    await taal.stop();
    taal = await startAllInOne({ PORT: '0', DATA_DIR: dataDir, HOST: '127.0.0.1', METRICS_PORT: '0' });
    base = `http://127.0.0.1:${taal.port}`;
    const courses = (await get('/api/v1/course/')).body.data as { _id: string }[];
    // 12 seeded as published, plus the one published by the test above.
    expect(courses).toHaveLength(13);
    expect((await get('/api/v1/instructor/')).body.data).toHaveLength(4);
  });
});

/** `METHOD /api/v1/path` for every route registered under /api/v1. */
function apiRoutes(app: Express): string[] {
  // A router's stack, or the first-segment dispatcher's routers (app.ts).
  type Layer = { route?: { path: string; methods: Record<string, boolean> }; handle?: { stack?: Layer[]; routers?: { stack: Layer[] }[] }; name?: string };
  const top = (app as unknown as { router: { stack: Layer[] } }).router.stack;
  const out: string[] = [];
  const walk = (stack: Layer[], prefix: string) => {
    for (const layer of stack) {
      if (layer.route) {
        for (const m of Object.keys(layer.route.methods)) out.push(`${m.toUpperCase()} ${normalise(prefix + layer.route.path)}`);
      } else if (layer.handle?.stack) {
        walk(layer.handle.stack, prefix);
      } else if (layer.handle?.routers) {
        for (const router of layer.handle.routers) walk(router.stack, prefix);
      }
    }
  };
  const api = top.find((l) => l.handle?.stack?.some((s) => s.route?.path === '/openapi.json'));
  walk(api?.handle?.stack ?? [], '/api/v1');
  return out;
}

function normalise(p: string): string {
  return p.replace(/\{(\w+)\}/g, ':$1').replace(/\/$/, '');
}

/** Inlines #/components/schemas refs so each response schema compiles on its own. */
function resolveRefs(schema: unknown): object {
  const components = openApiDocument.components.schemas as Record<string, unknown>;
  const walk = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(walk);
    if (node && typeof node === 'object') {
      const ref = (node as { $ref?: string }).$ref;
      if (ref?.startsWith('#/components/schemas/')) return walk(components[ref.slice('#/components/schemas/'.length)]);
      return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, walk(v)]));
    }
    return node;
  };
  return walk(schema) as object;
}
