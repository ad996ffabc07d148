import http from 'node:http';
import type { AddressInfo } from 'node:net';
import express, { Router } from 'express';
import { z } from 'zod';
import { sendUserFile, type Refused } from '@taal/edge';
import { answerOptions, API_CONTENT_SECURITY_POLICY, constrainIdParams, helmetHeaders, HSTS, methodNotAllowed, securityHeaders } from './hardening';

async function serve(app: express.Express, run: (base: string) => Promise<void>) {
  const server = http.createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    await run(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  } finally {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

describe('securityHeaders', () => {
  it('sends HSTS only when the request arrived over TLS (req.secure, through trust proxy)', async () => {
    const app = express();
    app.set('trust proxy', 'loopback');
    app.use(securityHeaders());
    app.get('/', (_req, res) => res.send('ok'));
    await serve(app, async (base) => {
      const plain = await fetch(base);
      expect(plain.headers.get('strict-transport-security')).toBeNull();
      expect(plain.headers.get('x-content-type-options')).toBe('nosniff');
      expect(plain.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
      const tls = await fetch(base, { headers: { 'x-forwarded-proto': 'https' } });
      expect(tls.headers.get('strict-transport-security')).toBe(HSTS);
    });
  });

  it('gives exactly the headers of helmet run on every request, in the same order (helmet runs once, at start-up)', async () => {
    const answer = (precomputed: boolean) => {
      const app = express();
      app.set('trust proxy', 'loopback');
      if (precomputed) {
        app.use(securityHeaders());
      } else {
        // What the gateway ran before: helmet's whole chain per request, then the CSP and HSTS.
        app.use(helmetHeaders(), (req, res, next) => {
          res.setHeader('Content-Security-Policy', API_CONTENT_SECURITY_POLICY);
          if (req.secure) res.setHeader('Strict-Transport-Security', HSTS);
          next();
        });
      }
      app.get('/', (_req, res) => res.send('ok'));
      return app;
    };
    const rawHeaders = async (app: express.Express, headers: Record<string, string>) => {
      let raw: string[] = [];
      await serve(app, async (base) => {
        raw = await new Promise<string[]>((resolve, reject) => {
          http.get(base, { headers }, (res) => {
            res.resume();
            resolve(res.rawHeaders);
          }).on('error', reject);
        });
      });
      // Date may tick between the two answers.
      return raw.filter((_, i) => raw[i - (i % 2)]!.toLowerCase() !== 'date');
    };
    for (const headers of [{}, { 'x-forwarded-proto': 'https' }] as Record<string, string>[]) {
      const helmetEachTime = await rawHeaders(answer(false), headers);
      expect(helmetEachTime).toContain('X-Frame-Options');
      expect(await rawHeaders(answer(true), headers)).toEqual(helmetEachTime);
    }
  });

  it('ignores X-Forwarded-Proto when the proxy is not trusted', async () => {
    const app = express();
    app.use(securityHeaders());
    app.get('/', (_req, res) => res.send('ok'));
    await serve(app, async (base) => {
      expect((await fetch(base, { headers: { 'x-forwarded-proto': 'https' } })).headers.get('strict-transport-security')).toBeNull();
    });
  });
});

describe('routes', () => {
  it('answers OPTIONS and 405 with exactly the declared methods of the most specific declared path', async () => {
    const id = { id: { schema: z.string().uuid() } };
    const app = express();
    const routes = [
      { method: 'get' as const, path: '/cart/{id}', params: id },
      { method: 'post' as const, path: '/cart/cupon' },
      { method: 'get' as const, path: '/course/{id}/', params: id },
      { method: 'post' as const, path: '/course/{id}/', params: id },
    ];
    app.use(answerOptions(routes));
    app.use(methodNotAllowed(routes));
    app.use((err: Refused, _req: express.Request, res: express.Response, _next: express.NextFunction) => void res.status(err.status).end());
    app.use((_req, res) => void res.status(404).end());
    const uuid = '00000000-0000-4000-8000-000000000001';
    const answers: Array<[string, string, number, string | null]> = [];
    const cases = [
      ['OPTIONS', '/cart/cupon'],
      ['GET', '/cart/cupon'],
      ['OPTIONS', `/cart/${uuid}`],
      ['OPTIONS', `/course/${uuid}`],
      ['DELETE', `/course/${uuid}/`],
      ['OPTIONS', '/cart/not-an-id'],
      ['OPTIONS', '/unknown'],
    ];
    await serve(app, async (base) => {
      for (const [method, path] of cases) {
        const res = await fetch(`${base}${path}`, { method });
        answers.push([method!, path!, res.status, res.headers.get('allow')]);
      }
    });
    expect(answers).toEqual([
      ['OPTIONS', '/cart/cupon', 204, 'POST, OPTIONS'],
      ['GET', '/cart/cupon', 405, 'POST, OPTIONS'],
      ['OPTIONS', `/cart/${uuid}`, 204, 'GET, HEAD, OPTIONS'],
      ['OPTIONS', `/course/${uuid}`, 204, 'GET, HEAD, POST, OPTIONS'],
      ['DELETE', `/course/${uuid}/`, 405, 'GET, HEAD, POST, OPTIONS'],
      ['OPTIONS', '/cart/not-an-id', 404, null],
      ['OPTIONS', '/unknown', 404, null],
    ]);
  });

  it('matches :id only for a UUID, unless the route declares its id not only an id', async () => {
    const app = express();
    const anyText = { schema: z.string(), notOnlyAnId: true };
    const r = constrainIdParams(Router(), [{ path: '/user/re-verify/{id}', params: { id: anyText } }]);
    r.get('/user/:id', (req, res) => res.send(`user ${req.params.id}`));
    r.get('/user/login', (_req, res) => res.send('login page'));
    r.get('/user/re-verify/:id', (req, res) => res.send(`resend to ${req.params.id}`));
    app.use(r);
    await serve(app, async (base) => {
      expect(await (await fetch(`${base}/user/re-verify/someone@example.com`)).text()).toBe('resend to someone@example.com');
      expect(await (await fetch(`${base}/user/login`)).text()).toBe('login page');
      expect(await (await fetch(`${base}/user/00000000-0000-4000-a000-000000000001`)).text()).toBe('user 00000000-0000-4000-a000-000000000001');
    });
  });
});

describe('sendUserFile', () => {
  it('serves a known image inline under a fixed name, anything else as an octet-stream attachment', async () => {
    const app = express();
    app.get('/png', (_req, res) => sendUserFile(res, new Uint8Array([1, 2]), 'image/png'));
    app.get('/svg', (_req, res) => sendUserFile(res, new Uint8Array([1, 2]), 'image/svg+xml'));
    await serve(app, async (base) => {
      const png = await fetch(`${base}/png`);
      expect([png.headers.get('content-type'), png.headers.get('content-disposition'), png.headers.get('x-content-type-options')]).toEqual(['image/png', 'inline; filename="photo.png"', 'nosniff']);
      const svg = await fetch(`${base}/svg`);
      expect([svg.headers.get('content-type'), svg.headers.get('content-disposition')]).toEqual(['application/octet-stream', 'attachment; filename="photo"']);
    });
  });
});
