/**
 * Service metrics (Prometheus, prom-client): one registry per process, filled by the kit
 * itself so every service gets the same RED metrics for free:
 * - gRPC handlers: calls by service, method and status code, and their duration;
 * - gRPC clients: calls made, by the called service and method (who calls back, and how often);
 * - event consumers: handler runs by group and outcome, their duration, and consumer lag;
 * - the outbox: events waiting to be published and the age of the oldest (relay lag);
 * - database pools: connections in use, idle and callers waiting;
 * plus Node's process metrics. In all-in-one every service shares the process and so this
 * registry; in a cluster each process serves it on METRICS_PORT (never on a public port).
 */
import { createServer } from 'node:http';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

export const serviceMetrics = new Registry();
collectDefaultMetrics({ register: serviceMetrics });

const SECONDS = [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];

export const grpcHandled = new Counter({
  name: 'grpc_server_handled_total',
  help: 'gRPC calls answered, by service, method and status code',
  labelNames: ['grpc_service', 'grpc_method', 'grpc_code'] as const,
  registers: [serviceMetrics],
});

export const grpcHandlingSeconds = new Histogram({
  name: 'grpc_server_handling_seconds',
  help: 'Time to answer a gRPC call (caller verification included), by service and method',
  labelNames: ['grpc_service', 'grpc_method'] as const,
  buckets: SECONDS,
  registers: [serviceMetrics],
});

export const grpcClientCalls = new Counter({
  name: 'grpc_client_calls_total',
  help: 'gRPC calls this process made, by the called service (its audience, else its address) and method',
  labelNames: ['grpc_service', 'grpc_method'] as const,
  registers: [serviceMetrics],
});

export const eventHandlerSeconds = new Histogram({
  name: 'event_handler_seconds',
  help: 'Event handler runs by consumer group and outcome (ok, error: the event comes again); _count counts them',
  labelNames: ['group', 'outcome'] as const,
  buckets: SECONDS,
  registers: [serviceMetrics],
});

/** Runs one delivery of an event through a handler, timing it and counting its outcome. */
export async function measuredHandler<T>(group: string, run: () => Promise<T>): Promise<T> {
  const end = eventHandlerSeconds.startTimer({ group });
  try {
    const result = await run();
    end({ outcome: 'ok' });
    return result;
  } catch (err) {
    end({ outcome: 'error' });
    throw err;
  }
}

type LagSource = () => Promise<{ labels: { group: string; stream: string }; lag: number }[]> | { labels: { group: string; stream: string }; lag: number }[];
const lagSources = new Set<LagSource>();

export const consumerLag = new Gauge({
  name: 'event_consumer_lag',
  help: 'Events published but not yet handled by a consumer group, by group and stream',
  labelNames: ['group', 'stream'] as const,
  registers: [serviceMetrics],
  async collect() {
    this.reset();
    for (const source of lagSources) {
      for (const { labels, lag } of await Promise.resolve(source()).catch(() => [])) this.set(labels, lag);
    }
  },
});

/** A bus adapter reports its consumers' lag at scrape time; returns the unregister function. */
export function reportConsumerLag(source: LagSource): () => void {
  lagSources.add(source);
  return () => lagSources.delete(source);
}

interface OutboxState {
  pending: number;
  oldestSeconds: number;
}
const outboxSources = new Map<string, () => Promise<OutboxState>>();

// Both outbox gauges are filled by the first one's collect (the registry collects in this order).
export const outboxPending: Gauge<'schema'> = new Gauge({
  name: 'outbox_pending_events',
  help: 'Committed events not yet published by the outbox relay, by schema',
  labelNames: ['schema'] as const,
  registers: [serviceMetrics],
  async collect() {
    this.reset();
    outboxOldestSeconds.reset();
    for (const [schema, read] of outboxSources) {
      const state = await read().catch(() => undefined);
      if (!state) continue;
      this.set({ schema }, state.pending);
      outboxOldestSeconds.set({ schema }, state.oldestSeconds);
    }
  },
});

export const outboxOldestSeconds = new Gauge({
  name: 'outbox_oldest_pending_seconds',
  help: 'Age of the oldest committed event not yet published (relay lag), by schema',
  labelNames: ['schema'] as const,
  registers: [serviceMetrics],
});

/** The outbox relay of `schema` reports its backlog at scrape time; returns the unregister function. */
export function reportOutbox(schema: string, read: () => Promise<OutboxState>): () => void {
  outboxSources.set(schema, read);
  return () => outboxSources.delete(schema);
}

interface PoolCounts {
  totalCount: number;
  idleCount: number;
  waitingCount: number;
}
const pools = new Map<string, PoolCounts>();

export const dbPoolConnections = new Gauge({
  name: 'db_pool_connections',
  help: 'Database pool connections by pool and state (in_use, idle) and callers waiting for one (waiting)',
  labelNames: ['pool', 'state'] as const,
  registers: [serviceMetrics],
  collect() {
    this.reset();
    for (const [pool, c] of pools) {
      this.set({ pool, state: 'in_use' }, c.totalCount - c.idleCount);
      this.set({ pool, state: 'idle' }, c.idleCount);
      this.set({ pool, state: 'waiting' }, c.waitingCount);
    }
  },
});

/** A pool reports its counts (pg.Pool has them as properties); returns the unregister function. */
export function reportPool(name: string, pool: PoolCounts): () => void {
  let key = name;
  for (let i = 2; pools.has(key); i++) key = `${name}-${i}`;
  pools.set(key, pool);
  return () => pools.delete(key);
}

/** Serves /metrics (this registry, plus any other given) on its own port; 0 picks a free one. */
export async function startMetricsServer(
  host: string,
  port: number,
  extra: readonly Registry[] = [],
): Promise<{ port: number; stop(): Promise<void> }> {
  const registry = extra.length > 0 ? Registry.merge([serviceMetrics, ...extra]) : serviceMetrics;
  const server = createServer((req, res) => {
    if (req.url !== '/metrics' || req.method !== 'GET') {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
      return;
    }
    registry.metrics().then(
      (text) => res.writeHead(200, { 'content-type': registry.contentType }).end(text),
      () => res.writeHead(500, { 'content-type': 'text/plain' }).end('metrics unavailable'),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const address = server.address();
  return {
    port: typeof address === 'object' && address ? address.port : port,
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
