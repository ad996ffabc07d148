/**
 * A service serving its own API (issue 52, decision 0092): its `src/api` routes on its own HTTP port,
 * reached by the edge only (the chart's NetworkPolicy). The routes run here with the same context as
 * at the edge, and call their own service's use cases in this process (`ctx.useCases`, decision 0093):
 * no socket, no second process, no protobuf. The edge keeps what is the edge's:
 * it reads this port's route table and document, forwards the routes' requests, and applies the
 * limits and the signed-in copies. The service checks access again (defence in depth).
 */
import { createHash } from 'node:crypto';
import express from 'express';
import { apiErrorHandler, apiNotFound, chargeOnLoad, isApiPart, mountRoutes, routeGroupsOf } from '@taal/edge';
import { buildEdgeRuntime, type EdgeRuntimeDeps } from './edge-runtime';
import { constrainIdParams, methodNotAllowed } from './http/hardening';
import { LOADED_HEADER, publishRoutes, ROUTE_TABLE_PATH, type RouteTable } from './http/service-routes';
import { buildOpenApiDocument } from './openapi';
import { listen } from './server';
import type { RunningGateway } from './start';

export interface ServiceApiDeps extends EdgeRuntimeDeps {
  /** The service whose API part this serves (its endpoint carries it). */
  service: string;
  host: string;
  port: number;
}

export async function startServiceApi(deps: ServiceApiDeps): Promise<RunningGateway> {
  const part = deps.endpoints.find((e) => e.name === deps.service)?.api;
  if (!isApiPart(part)) throw new Error(`${deps.service} has no API part to serve`);
  const runtime = await buildEdgeRuntime(deps, [part], { keepsPrivateAnswers: false, group: `${deps.service}-api`, waitForConsumers: false });
  const routes = routeGroupsOf(part, runtime.edge).flat();
  const document = buildOpenApiDocument(routes);
  const published = publishRoutes(routes);
  const table: RouteTable = {
    service: deps.service,
    version: createHash('sha256').update(JSON.stringify({ published, document })).digest('base64url').slice(0, 16),
    routes: published,
  };

  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  // Only the edge reaches this port: the one address it names in X-Forwarded-For is the client's.
  app.set('trust proxy', 1);
  app.get('/livez', (_req, res) => {
    res.json({ live: true });
  });
  // The edge reads the table every few seconds: it is written out once.
  const tableJson = JSON.stringify(table);
  app.get(ROUTE_TABLE_PATH, (_req, res) => {
    res.type('application/json').send(tableJson);
  });
  const api = express.Router();
  api.use(express.json({ limit: '1mb' }));
  api.get('/openapi.json', (_req, res) => {
    res.json(document);
  });
  // The edge counts the requests against its limits and keeps the signed-in copies: neither is done twice
  // here. A read that counts only when it loads tells the edge it loaded (LOADED_HEADER).
  api.use((_req, res, next) => {
    chargeOnLoad(res, async () => void res.setHeader(LOADED_HEADER, '1'));
    next();
  });
  api.use(constrainIdParams(mountRoutes(routes), routes));
  api.use(methodNotAllowed([...routes, { method: 'get', path: '/openapi.json' }]));
  api.use(apiNotFound());
  api.use(apiErrorHandler(deps.logger));
  app.use('/api/v1', api);
  app.use(apiNotFound(), apiErrorHandler(deps.logger));

  const server = await listen(app, deps.host, deps.port);
  deps.logger.info({ port: server.port, routes: routes.length, version: table.version }, 'service API listening');
  return {
    port: server.port,
    async stop() {
      runtime.closing();
      await server.close();
      await runtime.stop();
    },
  };
}
