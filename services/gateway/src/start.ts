import type { Express } from 'express';
import type { ServiceEndpoint } from '@taal/kit';
import { isApiPart, type ApiPart, type EdgeContext } from '@taal/edge';
import { createGatewayApp, type ReadinessReport } from './app';
import { healthProbe } from './clients/health';
import { createHttpMetrics, metricsApp } from './http/metrics';
import type { TrustProxy } from './config';
import { buildEdgeRuntime, type EdgeRuntimeDeps } from './edge-runtime';
import { RemoteApis } from './remote-apis';
import { listen } from './server';
import type { Sandbox } from '@taal/payments';

export interface GatewayDeps extends EdgeRuntimeDeps {
  /** Express `trust proxy` (loadGatewayPolicy): whose X-Forwarded-For names the client. Default false. */
  trustProxy?: TrustProxy;
  host: string;
  port: number;
  mountUi?: (app: Express, edge: EdgeContext, apis: readonly ApiPart[]) => void;
  /** Our card-gateway sandbox, mounted at /sslcommerz-sandbox (all-in-one without a configured gateway). */
  paymentSandbox?: Sandbox;
  /** Port of the Prometheus /metrics listener (0 picks a free one); none when undefined. */
  metricsPort?: number;
}

export interface RunningGateway {
  port: number;
  /** Port of the /metrics listener, when one was asked for. */
  metricsPort?: number;
  stop(): Promise<void>;
}

export async function startGateway(deps: GatewayDeps): Promise<RunningGateway> {
  // The services that serve their own API (an API address, issue 52) have their routes forwarded; the others' run here.
  const served = (e: ServiceEndpoint) => Boolean(e.apiAddress) && isApiPart(e.api);
  const apis = deps.endpoints.flatMap((e) => (isApiPart(e.api) && !served(e) ? [e.api] : []));
  const allApis = deps.endpoints.flatMap((e) => (isApiPart(e.api) ? [e.api] : []));
  // Every part's change events drop the edge's copies, whoever serves the part's routes.
  const runtime = await buildEdgeRuntime(deps, allApis, { keepsPrivateAnswers: true, group: 'gateway' });
  const edge = runtime.edge;
  const remote = new RemoteApis(
    deps.endpoints.filter(served).map((e) => ({ name: e.name, base: e.apiAddress! })),
    edge.tokens,
    deps.deadlineMs,
    deps.logger,
  );
  await remote.start();
  // One probe per service of the registry: /healthz and /readyz list them all.
  const probes = deps.endpoints.map((e) => ({
    name: e.name,
    probe: healthProbe(e.address, e.healthName, deps.deadlineMs),
  }));

  const readiness = async (): Promise<ReadinessReport> => {
    // A service that serves its own API is up once its route table was read and its API port answers too.
    const up = await Promise.all(probes.map(async ({ name, probe }, i) => (await probe.check()) && (!served(deps.endpoints[i]!) || (await remote.serving(name)))));
    const services = Object.fromEntries(probes.map(({ name }, i) => [name, up[i]!]));
    return { ready: Object.values(services).every(Boolean), services };
  };

  let draining = false;
  const metrics = deps.metricsPort === undefined ? undefined : createHttpMetrics();
  const app = createGatewayApp({
    apis,
    // A page's record is looked up through its service's client, whoever serves the service's routes.
    allApis,
    edge,
    trustProxy: deps.trustProxy ?? false,
    logger: deps.logger,
    readiness,
    draining: () => draining,
    mountUi: deps.mountUi,
    paymentSandbox: deps.paymentSandbox,
    metrics,
    remote,
  });
  const server = await listen(app, deps.host, deps.port);
  const metricsServer = metrics ? await listen(metricsApp(metrics), deps.host, deps.metricsPort ?? 0) : undefined;
  deps.logger.info({ port: server.port, metricsPort: metricsServer?.port }, 'gateway listening');

  return {
    port: server.port,
    metricsPort: metricsServer?.port,
    async stop() {
      draining = true;
      remote.stop();
      runtime.closing();
      await server.close();
      await metricsServer?.close();
      await runtime.stop();
      for (const { probe } of probes) probe.close();
    },
  };
}
