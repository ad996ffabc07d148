import express, { type Express, type RequestHandler, type Router } from 'express';
import type { Logger } from 'pino';
import { apiErrorHandler, apiNotFound, mountRoutes, refuseMalformedUrls, type ApiPart, type EdgeContext, type RouteSpec } from '@taal/edge';
import { answerOptions, constrainIdParams, demoAssetHeaders, methodNotAllowed, plainErrors, plainNotFound, securityHeaders } from './http/hardening';
import { compressJson } from './http/compress';
import { fastLane } from './http/fast-lane';
import type { HttpMetrics } from './http/metrics';
import type { TrustProxy } from './config';
import { buildOpenApiDocument, mergeDocuments } from './openapi';
import { apiRouteGroups } from './api-routes';
import type { RemoteApis } from './remote-apis';
import { EMBEDDED_SANDBOX_PATH, type Sandbox } from '@taal/payments';

export interface ReadinessReport {
  ready: boolean;
  services: Record<string, boolean>;
}

export interface GatewayAppDeps {
  /** The slices of the API this process runs, in registry order (decision 0029): every service's but those that serve their own. */
  apis: readonly ApiPart[];
  /** Every service's slice, whoever runs it: the web server looks records up through them (default `apis`). */
  allApis?: readonly ApiPart[];
  /** What their routes are built with: the services' clients, token checks, limits, files and cache. */
  edge: EdgeContext;
  /** Express `trust proxy`: behind an ingress, the client address comes from X-Forwarded-For. */
  trustProxy?: TrustProxy;
  logger: Logger;
  /** Whether every service behind the gateway is ready; answers /healthz (and lists them on /readyz). */
  readiness: () => Promise<ReadinessReport>;
  /** True once the gateway is stopping: /readyz answers 503 so no new traffic is sent. */
  draining?: () => boolean;
  /** Serves the web UI after the API routes (the frontends package provides it). */
  mountUi?: (app: Express, edge: EdgeContext, apis: readonly ApiPart[]) => void;
  /** Request metrics, exposed on a separate port by start.ts. */
  metrics?: HttpMetrics;
  /** Our card-gateway sandbox (all-in-one): its own pages and API under /sslcommerz-sandbox. */
  paymentSandbox?: Sandbox;
  /** The services that serve their own API (issue 52): their routes are forwarded, rebuilt when a table changes. */
  remote?: RemoteApis;
}

/**
 * Every route begins with a literal segment (`/cart/…`, `/wallet/…`), so a request is handed to the
 * router of its first segment only, holding that segment's routes in declaration order, instead of
 * walking all 160-odd routes of every service (issue 25: the last service's routes paid for every
 * route before them). Matching stays Express's, case-insensitive as before.
 */
function routeByFirstSegment(routes: RouteSpec[], mount: (routes: RouteSpec[]) => Router): RequestHandler {
  const firstSegment = (path: string) => (path.split('/', 2)[1] ?? '').toLowerCase();
  const bySegment = new Map<string, RouteSpec[]>();
  for (const route of routes) {
    const segment = firstSegment(route.path);
    if (segment.startsWith('{')) throw new Error(`${route.path}: a route must begin with a literal segment`);
    bySegment.set(segment, [...(bySegment.get(segment) ?? []), route]);
  }
  const routers = new Map([...bySegment].map(([segment, list]) => [segment, mount(list)]));
  const dispatch: RequestHandler = (req, res, next) => {
    const router = routers.get(firstSegment(req.path));
    if (router) router(req, res, next);
    else next();
  };
  // What is mounted, for whoever lists the app's routes (the OpenAPI test walks them).
  return Object.assign(dispatch, { routers: [...routers.values()] });
}

export function createGatewayApp(deps: GatewayAppDeps): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  // req.ip (throttling) and req.secure honour it; false: the TCP peer is the client.
  app.set('trust proxy', deps.trustProxy ?? false);
  // Before anything: a public cached read answered before (the course list) is answered again
  // from its recorded headers and bytes while its cache entry lives (http/fast-lane.ts).
  app.use(fastLane({ metrics: deps.metrics }));
  // First, so every answer carries them: the API, the UI, static files, 404s and errors.
  app.use(securityHeaders());
  if (deps.metrics) app.use(deps.metrics.middleware);
  // A path or query that decodes to a NUL or to bytes that are not UTF-8 never reaches a route: 400 (JSON under /api).
  app.use(refuseMalformedUrls());

  // Three probes (decision 0010): live = the process answers; ready = the gateway takes
  // traffic (it degrades per route: a missing service costs only the routes that need it,
  // 503 there); healthz = every service behind it is up (start-up waits, monitoring).
  app.get('/livez', (_req, res) => {
    res.json({ live: true });
  });
  app.get('/readyz', async (_req, res) => {
    const report = await deps.readiness();
    const ready = !(deps.draining?.() ?? false);
    res.status(ready ? 200 : 503).json({ ready, services: report.services });
  });
  app.get('/healthz', async (_req, res) => {
    const report = await deps.readiness();
    res.status(report.ready ? 200 : 503).json(report);
  });

  if (deps.paymentSandbox) {
    const sandbox = deps.paymentSandbox;
    app.use(EMBEDDED_SANDBOX_PATH, (req, res) => sandbox.handle(req, res));
  }

  const api = express.Router();
  api.use(compressJson());
  api.use(express.json({ limit: '1mb' }));
  // Every route declared once (each service's src/api/): mounted here, and documented from the same declarations.
  // The routes of services that serve their own API are forwarded to them, and rebuilt when one's table changes.
  const local = apiRouteGroups(deps.apis, deps.edge).flat();
  const localDocument = buildOpenApiDocument(local);
  const mountAll = () => {
    const parts = deps.remote?.parts() ?? [];
    const routes = [...local, ...parts.flatMap((p) => p.routes)];
    // OPTIONS and 405 answer from the document's paths: Allow lists exactly their documented methods.
    const declared = [...routes, { method: 'get' as const, path: '/openapi.json' }];
    return {
      document: parts.length ? mergeDocuments(localDocument, parts.map((p) => p.document)) : localDocument,
      options: answerOptions(declared),
      // `:id` matches only an id (so /user/:id never catches /user/login); a known path with a wrong method is a 405.
      // Public reads that cost a service work count against their client's limits (decision 0038).
      routes: routeByFirstSegment(routes, (list) => constrainIdParams(mountRoutes(list, deps.edge.privateAnswers, deps.edge.limits?.publicReads), list)),
      notAllowed: methodNotAllowed(declared),
    };
  };
  let mounted = mountAll();
  deps.remote?.onChange(() => (mounted = mountAll()));
  api.use((req, res, next) => mounted.options(req, res, next));
  api.get('/openapi.json', (_req, res) => {
    res.json(mounted.document);
  });
  // What is mounted now, for whoever lists the app's routes (the OpenAPI test walks them).
  const dispatch: RequestHandler = (req, res, next) => mounted.routes(req, res, next);
  api.use(Object.defineProperty(dispatch, 'routers', { get: () => (mounted.routes as RequestHandler & { routers: Router[] }).routers }));
  api.use((req, res, next) => mounted.notAllowed(req, res, next));
  api.use(apiNotFound());
  api.use(apiErrorHandler(deps.logger));
  app.use('/api/v1', api);
  app.use('/api', apiNotFound(), apiErrorHandler(deps.logger));

  app.use(
    '/assets/demo',
    express.static(`${__dirname}/../static/demo`, {
      maxAge: '1d',
      fallthrough: false,
      index: false,
      redirect: false,
      setHeaders: demoAssetHeaders,
    }),
  );
  deps.mountUi?.(app, deps.edge, deps.allApis ?? deps.apis);
  // Whatever the UI (or its absence) left: plain answers, never Express's page with a stack trace.
  app.use(plainNotFound);
  app.use(plainErrors(deps.logger));
  return app;
}
