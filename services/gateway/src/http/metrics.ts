import express, { type Request, type RequestHandler } from 'express';
import { Histogram, Registry } from 'prom-client';
import { serviceMetrics } from '@taal/kit';

/**
 * Prometheus metrics of the gateway: request durations by method, route template and status
 * (the `_count` series is the request counter). The metrics port also serves the kit's
 * registry (process, pools, event consumers; in all-in-one every service's gRPC calls too). The route label
 * is the matched template (`/api/v1/course/:id`), never the raw path, to keep cardinality low.
 */
export interface HttpMetrics {
  registry: Registry;
  middleware: RequestHandler;
  /** Counts an answer given without the middleware (the gateway's fast lane), under the same labels. */
  observe(method: string, route: string, status: number, startedNs: bigint): void;
}

/** The route label of a request: its matched template under its mount path, or 'unmatched'. */
export function routeLabelOf(req: Request): string {
  return req.route ? `${req.baseUrl}${String(req.route.path)}` : 'unmatched';
}

export function createHttpMetrics(): HttpMetrics {
  const registry = new Registry();
  registry.setDefaultLabels({ service: 'gateway' });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method, route template and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  const observe = (method: string, route: string, status: number, startedNs: bigint) => {
    duration.observe({ method, route, status: String(status) }, Number(process.hrtime.bigint() - startedNs) / 1e9);
  };
  const middleware: RequestHandler = (req, res, next) => {
    const started = process.hrtime.bigint();
    res.once('finish', () => observe(req.method, routeLabelOf(req), res.statusCode, started));
    next();
  };
  return { registry, middleware, observe };
}

/** A separate app for the metrics port, so /metrics is never on the public listener. */
export function metricsApp(metrics: HttpMetrics): express.Express {
  const app = express();
  app.disable('x-powered-by');
  const all = Registry.merge([metrics.registry, serviceMetrics]);
  app.get('/metrics', async (_req, res) => {
    res.type(all.contentType).send(await all.metrics());
  });
  return app;
}
