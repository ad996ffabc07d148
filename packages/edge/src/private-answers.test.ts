import type { AddressInfo } from 'node:net';
import express, { type RequestHandler } from 'express';
import { createMemoryCache, UserDataVersions, type Cache } from '@taal/kit';
import { PrivateAnswers } from './private-answers';
import { defineRoute, mountRoutes } from './route-table';

/**
 * The edge's per-user copies through mountRoutes on a real Express app: a `cachedPerUser` read is
 * loaded once per user data version, a signed-in write bumps the caller's version before its
 * answer leaves, a change during a load is never hidden, copies age out, and without the cache
 * port every read is loaded.
 */
describe('PrivateAnswers', () => {
  let now = 1_000_000;
  let loads = 0;
  let gate: Promise<void> | null = null;

  async function serve(cache: Cache, ttlMs = 3000) {
    const answers = new PrivateAnswers(new UserDataVersions(cache), ttlMs, 100, () => now);
    // Stands in for requireAuth: the caller is the x-user header.
    const signedIn: RequestHandler = (req, res, next) => {
      res.locals.caller = { userId: String(req.headers['x-user']), userType: 4, sessionId: 's', accessToken: 't' };
      next();
    };
    const auth = { label: 'signed in', check: signedIn };
    const routes = [
      defineRoute({
        method: 'get',
        path: '/box/{userId}',
        summary: 'a read',
        auth,
        cachedPerUser: (req) => String(req.query.lang ?? 'en'),
        responses: {},
        handler: async ({ req, res, param }) => {
          loads += 1;
          const seen = loads;
          if (gate) await gate;
          if (param('userId') !== req.headers['x-user']) {
            res.status(403).json({ success: false });
            return;
          }
          res.json({ success: true, data: { user: param('userId'), load: seen, lang: req.query.lang ?? 'en' } });
        },
      }),
      defineRoute({
        method: 'post',
        path: '/box/{userId}',
        summary: 'a write',
        auth,
        responses: {},
        handler: async ({ res }) => {
          res.json({ success: true });
        },
      }),
    ];
    const app = express();
    app.use(mountRoutes(routes, answers));
    const server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const read = async (user: string, path = `/box/${user}`) => {
      const res = await fetch(`${base}${path}`, { headers: { 'x-user': user } });
      return { status: res.status, type: res.headers.get('content-type'), body: (await res.json()) as { data?: { load: number; lang: string } } };
    };
    const write = (user: string) => fetch(`${base}/box/${user}`, { method: 'POST', headers: { 'x-user': user } });
    return { answers, read, write, close: () => new Promise((resolve) => server.close(resolve)) };
  }

  beforeEach(() => {
    loads = 0;
    gate = null;
  });

  it('loads once per data version, per user and language, and shows a write on the next read', async () => {
    const edge = await serve(createMemoryCache());
    try {
      const first = await edge.read('ana');
      expect(first).toMatchObject({ status: 200, type: 'application/json; charset=utf-8', body: { data: { load: 1 } } });
      expect((await edge.read('ana')).body.data!.load).toBe(1);
      expect((await edge.read('ana', '/box/ana?lang=bn')).body.data).toMatchObject({ load: 2, lang: 'bn' });
      expect((await edge.read('bo')).body.data!.load).toBe(3);
      // Another user's path is asked of the handler (403 here), never answered from ana's copy.
      expect((await edge.read('bo', '/box/ana')).status).toBe(403);
      expect((await edge.write('ana')).status).toBe(200);
      expect((await edge.read('ana')).body.data!.load).toBe(5);
      expect((await edge.read('bo')).body.data!.load).toBe(3);
      // A service says ana's data changed (after its commit).
      await edge.answers.versions.changed('ana');
      expect((await edge.read('ana')).body.data!.load).toBe(6);
      await edge.answers.versions.changedForEveryone();
      expect((await edge.read('bo')).body.data!.load).toBe(7);
    } finally {
      await edge.close();
    }
  });

  it('keeps nothing loaded while the version moved, and lets copies age out', async () => {
    const edge = await serve(createMemoryCache({ now: () => now }));
    try {
      let open!: () => void;
      gate = new Promise((resolve) => (open = resolve));
      const reading = edge.read('ana');
      await new Promise((resolve) => setTimeout(resolve, 250)); // the read is loading (250 ms: CI, busy, missed it at 50)
      await edge.answers.versions.changed('ana'); // committed while the read was loading
      open();
      expect((await reading).body.data!.load).toBe(1);
      gate = null;
      expect((await edge.read('ana')).body.data!.load).toBe(2);
      expect((await edge.read('ana')).body.data!.load).toBe(2);
      now += 3001;
      expect((await edge.read('ana')).body.data!.load).toBe(3);
    } finally {
      await edge.close();
    }
  });

  it('loads every read when the cache port cannot answer', async () => {
    const away = createMemoryCache();
    const broken: Cache = { ...away, get: () => Promise.reject(new Error('connection refused')), incr: () => Promise.reject(new Error('connection refused')) };
    const edge = await serve(broken);
    try {
      expect((await edge.read('ana')).body.data!.load).toBe(1);
      expect((await edge.read('ana')).body.data!.load).toBe(2);
      expect((await edge.write('ana')).status).toBe(200);
    } finally {
      await edge.close();
    }
  });
});
