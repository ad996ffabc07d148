// HTTP hardening of every gateway answer: security headers (helmet), HSTS over TLS only, 405 with
// Allow for a wrong method on an existing API route, `:id` parameters constrained to the services'
// id format (UUID), and plain 404/400 answers from the static handlers (never a stack trace or a
// server path). See docs/decisions/0009-http-security-headers-and-bengali-font.md.
import { Router, type ErrorRequestHandler, type RequestHandler, type Response } from 'express';
import helmet from 'helmet';
import type { Logger } from 'pino';
import { declaredMethods, expressPath, refusal, type DeclaredRoute, type HttpMethod } from '@taal/edge';

/**
 * The Content-Security-Policy of everything the gateway answers itself (the API, the demo
 * assets, errors): nothing may load, nothing may frame it. The web UI (frontends/web) replaces
 * it with the policy its pages need.
 */
export const API_CONTENT_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/** One year; sent only on requests that arrived over TLS (req.secure honours the app's trust proxy setting). */
export const HSTS = 'max-age=31536000; includeSubDomains';

/** helmet as the gateway configures it (no CSP and no HSTS: `securityHeaders` sets those). */
export function helmetHeaders(): RequestHandler {
  return helmet({
    contentSecurityPolicy: false,
    // The UI opens the Google / Facebook sign-in popups and needs their answer.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    crossOriginResourcePolicy: { policy: 'same-origin' },
    // The origin only across sites (Google sign-in checks it); never a path with a reset token.
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: false,
    xFrameOptions: { action: 'deny' },
  });
}

/**
 * What a middleware does to a response that depends on nothing in the request: run once
 * against a stub, the headers it sets (in order) and those it removes. Throws if it does not
 * finish synchronously or touches anything else.
 */
function recordConstantHeaders(middleware: RequestHandler): { set: [string, string][]; removed: string[] } {
  const set: [string, string][] = [];
  const removed: string[] = [];
  const stub = {
    setHeader: (name: string, value: unknown) => set.push([name, String(value)]),
    removeHeader: (name: string) => removed.push(name),
  };
  let done = false;
  void middleware({} as never, stub as never, (error?: unknown) => {
    if (error) throw error instanceof Error ? error : new Error(String(error));
    done = true;
  });
  if (!done) throw new Error('the security headers middleware did not finish synchronously');
  return { set, removed };
}

/** Security headers on every response; mount first so errors and 404s carry them too. */
export function securityHeaders(): RequestHandler {
  const { set, removed } = recordConstantHeaders(helmetHeaders());
  return (req, res, next) => {
    for (const name of removed) res.removeHeader(name);
    for (const [name, value] of set) res.setHeader(name, value);
    res.setHeader('Content-Security-Policy', API_CONTENT_SECURITY_POLICY);
    if (req.secure) res.setHeader('Strict-Transport-Security', HSTS);
    next();
  };
}

/** The services' ids: UUIDs (any version). */
export const ID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Path parameters that must look like an id for a route to match at all. */
const ID_PARAMS = ['id'] as const;

/**
 * A route with `:id` matches only an id, so `/user/:id` never catches `/user/login` and
 * `/course/:id` never catches another course path, whatever the order of registration; except
 * the routes that declare their `id` `notOnlyAnId` (e.g. a user id or an e-mail address).
 */
export function constrainIdParams<R extends Router>(router: R, routes: readonly Pick<DeclaredRoute, 'path' | 'params'>[]): R {
  const free = new Set(routes.filter((r) => ID_PARAMS.some((name) => r.params?.[name]?.notOnlyAnId)).map((r) => expressPath(r.path)));
  for (const name of ID_PARAMS) {
    router.param(name, (req, _res, next, value: unknown) => {
      const path: unknown = req.route?.path;
      return (typeof path === 'string' && free.has(path)) || (typeof value === 'string' && ID_PATTERN.test(value)) ? next() : next('route');
    });
  }
  return router;
}

/** The Allow header of a declared path: its documented methods (GET implies HEAD) and OPTIONS. */
function allowHeader(methods: HttpMethod[]): string {
  return [...methods.flatMap((m) => (m === 'get' ? ['GET', 'HEAD'] : [m.toUpperCase()])), 'OPTIONS'].join(', ');
}

/**
 * OPTIONS on a declared API path: 204 with Allow listing exactly the methods the document has
 * for that path (mounted before the routers, so Express's own OPTIONS answer, which merges every
 * route pattern the path happens to match, never answers).
 */
export function answerOptions(routes: DeclaredRoute[]): RequestHandler {
  const methodsOf = declaredMethods(routes);
  return (req, res, next) => {
    const methods = req.method === 'OPTIONS' ? methodsOf(req.path) : null;
    if (!methods) return next();
    res.setHeader('Allow', allowHeader(methods));
    res.status(204).end();
  };
}

/**
 * Mounted after the routers: a request for a declared path with a method the document does not
 * have for it gets 405 with the same Allow header, in the API's error shape.
 */
export function methodNotAllowed(routes: DeclaredRoute[]): RequestHandler {
  const methodsOf = declaredMethods(routes);
  return (req, res, next) => {
    const methods = methodsOf(req.path);
    const method = req.method.toLowerCase();
    if (!methods || methods.includes(method as HttpMethod) || (method === 'head' && methods.includes('get'))) return next();
    const allow = allowHeader(methods);
    res.setHeader('Allow', allow);
    next(refusal('METHOD_NOT_ALLOWED', { params: { method: req.method, allow } }));
  };
}

/** 404 for anything no handler answered outside the API: plain text, no path echoed back. */
export const plainNotFound: RequestHandler = (_req, res) => {
  res.status(404).type('text/plain').send('Not found');
};

/**
 * The last error handler outside the API (static files, the UI): express.static's 403/404
 * (traversal, directories, missing files) become a plain 404, a malformed URL a 400, anything
 * else a logged 500; never Express's default page with its stack trace and server paths.
 */
export function plainErrors(logger: Logger): ErrorRequestHandler {
  return (error: unknown, req, res, next) => {
    if (res.headersSent) return next(error);
    const status = (error as { status?: unknown; statusCode?: unknown })?.status ?? (error as { statusCode?: unknown })?.statusCode;
    if (status === 400 || error instanceof URIError) {
      res.status(400).type('text/plain').send('Bad request');
    } else if (status === 405) {
      // express.static on POST & co. (it has set Allow: GET, HEAD).
      res.status(405).type('text/plain').send('Method not allowed');
    } else if (typeof status === 'number' && status >= 400 && status < 500) {
      res.status(404).type('text/plain').send('Not found');
    } else {
      logger.warn({ err: error, path: req.path }, 'request failed');
      res.status(500).type('text/plain').send('Something went wrong');
    }
  };
}

/** express.static setHeaders for the demo assets: inline, under the file's own (repository-chosen) name. */
export function demoAssetHeaders(res: Response, filePath: string): void {
  const base = filePath.split(/[\\/]/).pop() ?? 'file';
  res.setHeader('Content-Disposition', `inline; filename="${base.replace(/[^A-Za-z0-9._-]/g, '_')}"`);
}
