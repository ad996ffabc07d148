import type { Express } from 'express';
import type { Logger } from 'pino';
import { followSessionRevocations, UserDataVersions, type CallerAuthenticator, type Cache, type Env, type EventBus, type FileStore, type ServiceEndpoint, type ServiceTokenIssuer } from '@taal/kit';
import type { JWTVerifyGetKey } from 'jose';
import {
  connectService,
  isApiPart,
  PrivateAnswers,
  PublicReadLimiter,
  DEFAULT_PUBLIC_READ_LIMITS,
  ResponseCache,
  type AccessTokenVerifier,
  type ApiPart,
  type EdgeContext,
  type PublicReadLimits,
  type ServiceApi,
} from '@taal/edge';
import { createGatewayApp, type ReadinessReport } from './app';
import { healthProbe } from './clients/health';
import { createHttpMetrics, metricsApp } from './http/metrics';
import type { TrustProxy } from './config';
import { invalidateCacheOn } from './events/cache-invalidation';
import { listen } from './server';
import type { Sandbox } from '@taal/payments';

export interface GatewayDeps {
  /** The registry's gRPC services: the clients connect to them and /healthz probes each (decision 0011). */
  endpoints: readonly ServiceEndpoint[];
  bus: EventBus;
  /** Signs the gateway's calls to the services (decision 0008). */
  issuer: ServiceTokenIssuer;
  /** Shared counters of every limiter: in-memory (all-in-one) or Redis (cluster). */
  cache: Cache;
  /** Where the API parts read their own limits' settings (default process.env). */
  env?: Env;
  /** Searches and other public reads that reach a service, per client address (default DEFAULT_PUBLIC_READ_LIMITS; decision 0038). */
  publicReadLimits?: PublicReadLimits;
  /** Express `trust proxy` (loadGatewayPolicy): whose X-Forwarded-For names the client. Default false. */
  trustProxy?: TrustProxy;
  logger: Logger;
  host: string;
  port: number;
  /** Deadline of every call to a service behind the gateway. */
  deadlineMs: number;
  /** Consumer group suffix; unique per gateway instance so each replica sees every event. */
  instanceId: string;
  cacheTtlMs?: number;
  /** How long a signed-in read may be answered from the edge's copy (decision 0033; 0: never kept). */
  privateAnswerTtlMs?: number;
  mountUi?: (app: Express, edge: EdgeContext, apis: readonly ApiPart[]) => void;
  /** Lesson videos (the files port learning stores them in). */
  files: FileStore;
  /** Every service's public key (learning's signed video URLs). */
  serviceKeys: JWTVerifyGetKey;
  /** Checks users' access tokens here: identity's published keys and the revoked sessions (decision 0024). */
  accessTokens: CallerAuthenticator;
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
  // One typed client per gRPC service the registry's API parts declare, at the address of the service that declares it.
  const clients = new Map<string, ServiceApi<unknown>>();
  const apis = deps.endpoints.flatMap((endpoint) => {
    if (!isApiPart(endpoint.api)) return [];
    for (const [name, spec] of Object.entries(endpoint.api.clients)) {
      clients.set(name, connectService({ ...spec, address: endpoint.address, audience: endpoint.name, issuer: deps.issuer, deadlineMs: deps.deadlineMs }));
    }
    return [endpoint.api];
  });
  const cache = new ResponseCache(deps.cacheTtlMs ?? 30_000);
  const staleOn = apis.flatMap((api) => api.invalidatesCacheOn ?? []);
  // Signed-in reads kept per user against the users' data versions on the cache port (decision 0033).
  const privateAnswers = new PrivateAnswers(new UserDataVersions(deps.cache, deps.logger), deps.privateAnswerTtlMs);
  // A catalogue change drops both: a course's view (secure-course) is a signed-in read too.
  const subscription = staleOn.length ? await invalidateCacheOn(deps.bus, staleOn, [cache, privateAnswers], `gateway-${deps.instanceId}`) : undefined;
  // Every replica hears every session identity ends (its own group), replaying the last token lifetime's first.
  const revocations = await followSessionRevocations(deps.bus, `gateway-revocations-${deps.instanceId}`);
  const stops: (() => void)[] = [];
  const tokens: AccessTokenVerifier = { verifyAccessToken: (accessToken) => deps.accessTokens.authenticateUser(accessToken) };
  const edge: EdgeContext = {
    client: <Server>(name: string) => {
      const client = clients.get(name);
      if (!client) throw new Error(`the edge needs the ${name} client, which no API part of the registry declares`);
      return client as ServiceApi<Server>;
    },
    tokens,
    // Signed-in clients are counted per user, also on routes that do not ask for a token (decision 0065).
    limits: { publicReads: new PublicReadLimiter(deps.cache, deps.publicReadLimits ?? DEFAULT_PUBLIC_READ_LIMITS, Date.now, tokens) },
    counters: deps.cache,
    env: deps.env ?? process.env,
    files: deps.files,
    cache,
    privateAnswers,
    serviceKeys: deps.serviceKeys,
    logger: deps.logger,
    onStop: (stop) => stops.push(stop),
  };
  // One probe per service of the registry: /healthz and /readyz list them all.
  const probes = deps.endpoints.map((e) => ({
    name: e.name,
    probe: healthProbe(e.address, e.healthName, deps.deadlineMs),
  }));

  const readiness = async (): Promise<ReadinessReport> => {
    const up = await Promise.all(probes.map(({ probe }) => probe.check()));
    const services = Object.fromEntries(probes.map(({ name }, i) => [name, up[i]!]));
    return { ready: Object.values(services).every(Boolean), services };
  };

  let draining = false;
  const metrics = deps.metricsPort === undefined ? undefined : createHttpMetrics();
  const app = createGatewayApp({
    apis,
    edge,
    trustProxy: deps.trustProxy ?? false,
    logger: deps.logger,
    readiness,
    draining: () => draining,
    mountUi: deps.mountUi,
    paymentSandbox: deps.paymentSandbox,
    metrics,
  });
  const server = await listen(app, deps.host, deps.port);
  const metricsServer = metrics ? await listen(metricsApp(metrics), deps.host, deps.metricsPort ?? 0) : undefined;
  deps.logger.info({ port: server.port, metricsPort: metricsServer?.port }, 'gateway listening');

  return {
    port: server.port,
    metricsPort: metricsServer?.port,
    async stop() {
      draining = true;
      // E.g. open notification streams, which would keep the server from closing.
      for (const stop of stops) stop();
      await server.close();
      await metricsServer?.close();
      await subscription?.stop();
      await revocations.stop();
      for (const { probe } of probes) probe.close();
      for (const client of clients.values()) client.close();
    },
  };
}
