/**
 * A service that serves its own API (issue 52, decision 0092): what it publishes of its routes, and
 * how the edge forwards them. The service answers `GET /_taal/routes` with its route table (method,
 * path, which `{id}` may be more than an id, who may call it, its fair-use kind, whether the edge may
 * keep a signed-in copy) and its own OpenAPI document at `/api/v1/openapi.json`. The edge reads both
 * at start and every few seconds after, and forwards each route's requests to the service as they came,
 * keeping what belongs at the edge: the limits, the signed-in copies, compression and the document.
 */
import http from 'node:http';
import type { Request, Response } from 'express';
import { z } from 'zod';
import { chargeLoad, countedOnLoad, isCountedOnLoad, optionalAuth, refusal, Refused, requireAuth, type AccessTokenVerifier, type FairUse, type HttpMethod, type RouteSpec } from '@taal/edge';
import type { OpenApiDocument } from '../openapi';

/** One route as its service publishes it. */
export interface PublishedRoute {
  method: HttpMethod;
  /** OpenAPI form under /api/v1: '/cart/{userId}'. */
  path: string;
  /** Path parameters named `id` that also match what is not an id (an e-mail address). */
  notOnlyAnId?: string[];
  /** Whether a token is needed (`required`), may be given (`optional`), or not read. */
  auth?: 'required' | 'optional';
  fairUse?: FairUse;
  /** The edge may keep the caller's answer while their data is unchanged (decision 0033). */
  cachedPerUser?: boolean;
  /** Its fair use counts only when the service loads the answer (a `cachedRead`): the answer says so in LOADED_HEADER. */
  countsOnLoad?: boolean;
}

/** Set by a service on an answer it loaded (not served from its cache) for a route that `countsOnLoad`. */
export const LOADED_HEADER = 'x-taal-loaded';

export interface RouteTable {
  service: string;
  /** Changes whenever a route or the document changes: the edge rebuilds then. */
  version: string;
  routes: PublishedRoute[];
}

/** Where a service publishes its table (never under /api, so never public: the edge does not forward it). */
export const ROUTE_TABLE_PATH = '/_taal/routes';

/** What a service publishes of its routes: no handler, no schema, only what the edge needs to route and limit. */
export function publishRoutes(routes: readonly RouteSpec[]): PublishedRoute[] {
  return routes.map((r) => {
    const notOnlyAnId = Object.entries(r.params ?? {}).flatMap(([name, p]) => (p.notOnlyAnId ? [name] : []));
    return {
      method: r.method,
      path: r.path,
      ...(notOnlyAnId.length ? { notOnlyAnId } : {}),
      ...(r.auth ? { auth: r.auth.optional ? ('optional' as const) : ('required' as const) } : {}),
      ...(r.fairUse ? { fairUse: r.fairUse } : {}),
      // A copy that varies with more than the URL (a function names what) is loaded every time behind the edge.
      ...(r.cachedPerUser === true ? { cachedPerUser: true } : {}),
      ...(r.fairUse && isCountedOnLoad(r.handler) ? { countsOnLoad: true } : {}),
    };
  });
}

const tableSchema = z.object({
  service: z.string(),
  version: z.string(),
  routes: z.array(
    z.object({
      method: z.enum(['get', 'post', 'put', 'delete']),
      path: z.string().startsWith('/'),
      notOnlyAnId: z.array(z.string()).optional(),
      auth: z.enum(['required', 'optional']).optional(),
      fairUse: z.enum(['search', 'reads', 'documents']).optional(),
      cachedPerUser: z.boolean().optional(),
      countsOnLoad: z.boolean().optional(),
    }),
  ),
});

/** Headers that belong to one connection, never forwarded (RFC 9110 §7.6.1), and the ones the edge sets itself. */
const HOP_BY_HOP = new Set([LOADED_HEADER, 'connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'te', 'trailer', 'upgrade', 'host', 'content-length', 'accept-encoding', 'x-forwarded-for', 'x-forwarded-proto', 'x-forwarded-host']);

/** A small GET of JSON from a service's API port (its table or its document). */
export function getJson(base: string, path: string, timeoutMs: number): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const req = http.get(new URL(path, base), { timeout: timeoutMs, headers: { accept: 'application/json' } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        if (res.statusCode !== 200) return reject(new Error(`${path}: ${res.statusCode}`));
        try {
          resolve(JSON.parse(Buffer.concat(chunks).toString('utf8')));
        } catch (err) {
          reject(err as Error);
        }
      });
      res.on('error', reject);
    });
    req.on('timeout', () => req.destroy(new Error(`${path}: no answer within ${timeoutMs} ms`)));
    req.on('error', reject);
  });
}

export async function fetchRouteTable(base: string, timeoutMs: number): Promise<RouteTable> {
  return tableSchema.parse(await getJson(base, ROUTE_TABLE_PATH, timeoutMs));
}

/** A service's own API document (read with its table when the table's version is new). */
export async function fetchApiDocument(base: string, timeoutMs: number): Promise<OpenApiDocument> {
  return (await getJson(base, '/api/v1/openapi.json', timeoutMs)) as OpenApiDocument;
}

const keepAlive = new http.Agent({ keepAlive: true, maxSockets: 256 });

/**
 * Sends the request on to the service as it came (method, path and query, headers, body; the client's
 * address in X-Forwarded-For) and its answer back. A JSON answer of a route whose signed-in copies the
 * edge keeps (`keepsCopies`) goes out through `res.json`, which keeps them; any other JSON answer is sent
 * on as its bytes (compressed by the edge as well), not parsed and written again; anything else (a PDF,
 * a redirect, a page) is streamed.
 */
function forward(base: string, timeoutMs: number, keepsCopies: boolean) {
  const target = new URL(base);
  return ({ req, res }: { req: Request; res: Response }) =>
    new Promise<void>((resolve, reject) => {
      const headers: http.OutgoingHttpHeaders = {};
      for (const [name, value] of Object.entries(req.headers)) if (!HOP_BY_HOP.has(name) && value !== undefined) headers[name] = value;
      headers['x-forwarded-for'] = req.ip ?? req.socket.remoteAddress ?? '';
      headers['x-forwarded-proto'] = req.protocol;
      if (req.get('host')) headers['x-forwarded-host'] = req.get('host');
      // express.json read a JSON body already: it is sent on as JSON; any other body streams on untouched.
      const parsed = req.body !== undefined || req.readableEnded;
      const body = parsed ? Buffer.from(JSON.stringify(req.body ?? {})) : undefined;
      if (body) headers['content-length'] = body.length;
      else if (req.headers['content-length']) headers['content-length'] = req.headers['content-length'];

      const answerWith = async (answer: http.IncomingMessage) => {
        // A read that counts when it loads is counted now, before anything is sent: over the limit it is a 429.
        if (answer.headers[LOADED_HEADER]) {
          try {
            await chargeLoad(res);
          } catch (err) {
            answer.resume();
            throw err;
          }
        }
        const type = String(answer.headers['content-type'] ?? '');
        const json = type.startsWith('application/json');
        for (const [name, value] of Object.entries(answer.headers)) {
          if (!HOP_BY_HOP.has(name) && value !== undefined && !(json && keepsCopies && name === 'content-type')) res.setHeader(name, value);
        }
        res.status(answer.statusCode ?? 502);
        if (!json) {
          // A stream (a download, notifications) may be quiet for long: it ends when either side does.
          upstream.setTimeout(0);
          res.on('close', () => answer.destroy());
          answer.on('end', resolve);
          answer.on('error', () => reject(refusal('SERVICE_UNAVAILABLE')));
          answer.pipe(res);
          return;
        }
        const chunks: Buffer[] = [];
        answer.on('data', (c: Buffer) => chunks.push(c));
        answer.on('error', () => reject(refusal('SERVICE_UNAVAILABLE')));
        answer.on('end', () => {
          try {
            if (keepsCopies) res.json(JSON.parse(Buffer.concat(chunks).toString('utf8')));
            else res.send(Buffer.concat(chunks));
            resolve();
          } catch (err) {
            reject(err as Error);
          }
        });
      };
      // A body that can be sent again: read already, or none at all.
      const replayable = body !== undefined || (!req.headers['content-length'] && !req.headers['transfer-encoding']);
      let upstream: http.ClientRequest;
      const send = (retry: boolean) => {
        upstream = http.request(
          { protocol: target.protocol, hostname: target.hostname, port: target.port, method: req.method, path: req.originalUrl, headers, agent: keepAlive, timeout: timeoutMs },
          (answer) => {
            // An answer cut off half-way: the service went away (503, as a gRPC call would say).
            answer.on('aborted', () => reject(refusal('SERVICE_UNAVAILABLE')));
            void answerWith(answer).catch(reject);
          },
        );
        upstream.on('timeout', () => upstream.destroy(refusal('TIMEOUT')));
        upstream.on('error', (err: NodeJS.ErrnoException) => {
          // A kept-alive connection the service closed as idle just as this request went out on it (a pod
          // stopping): the service read none of it, so it is sent once more on a new connection (Node's
          // http documentation gives this check). Refused or reset otherwise: the service is away (503).
          if (retry && upstream.reusedSocket && err.code === 'ECONNRESET' && replayable) return send(false);
          reject(err instanceof Refused ? err : refusal('SERVICE_UNAVAILABLE'));
        });
        if (body) upstream.end(body);
        else if (replayable) upstream.end();
        else req.pipe(upstream);
      };
      send(true);
      // A client gone before its answer (an upload cut off, a page closed) ends the service's request too.
      res.on('close', () => {
        if (!res.writableFinished) upstream.destroy();
      });
    });
}

/** The edge's route for one published route: its limits and copies as declared, its answer from the service. */
export function forwardedRoute(route: PublishedRoute, base: string, tokens: AccessTokenVerifier, timeoutMs: number): RouteSpec {
  const params = Object.fromEntries((route.notOnlyAnId ?? []).map((name) => [name, { schema: z.string(), notOnlyAnId: true }]));
  const forwarded = forward(base, timeoutMs, route.cachedPerUser === true);
  return {
    method: route.method,
    path: route.path,
    summary: '',
    params,
    // The edge checks the token (401 early, and it knows whose copy to keep); the service checks it again, with the role.
    auth: route.auth ? { label: '', check: route.auth === 'optional' ? optionalAuth(tokens) : requireAuth(tokens), optional: route.auth === 'optional' } : undefined,
    fairUse: route.fairUse,
    cachedPerUser: route.cachedPerUser,
    responses: {},
    handler: route.countsOnLoad ? countedOnLoad(forwarded) : forwarded,
  };
}
