import express, { type RequestHandler } from 'express';
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
  const middleware: RequestHandler = (req, res, next) => {
    const started = process.hrtime.bigint();
    res.once('finish', () => {
      const route = req.route ? `${req.baseUrl}${String(req.route.path)}` : 'unmatched';
      duration.observe(
        { method: req.method, route, status: String(res.statusCode) },
        Number(process.hrtime.bigint() - started) / 1e9,
      );
    });
    next();
  };
  return { registry, middleware };
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
