import type { Express } from 'express';
import type { Logger } from 'pino';
import type { Cache, EventBus, ServiceTokenIssuer } from '@taal/kit';
import { createGatewayApp, type ReadinessReport } from './app';
import { ResponseCache } from './cache/response-cache';
import { connectCatalogue } from './clients/catalogue';
import { healthProbe } from './clients/health';
import { connectIdentity } from './clients/identity';
import { createHttpMetrics, metricsApp } from './http/metrics';
import type { TrustProxy } from './config';
import {
  DEFAULT_LOGIN_LIMITS,
  DEFAULT_SIGN_UP_LIMITS,
  LoginLimiter,
  MailRequestLimiter,
  SignUpLimiter,
  type LoginLimits,
  type SignUpLimits,
} from './http/rate-limit';
import { invalidateOnCatalogueChanges } from './events/cache-invalidation';
import { listen } from './server';

export interface GatewayDeps {
  catalogueAddress: string;
  identityAddress: string;
  bus: EventBus;
  /** Signs the gateway's calls to the services (decision 0008). */
  issuer: ServiceTokenIssuer;
  /** Shared counters for login throttling: in-memory (all-in-one) or Redis (cluster). */
  cache: Cache;
  loginLimits?: LoginLimits;
  signUpLimits?: SignUpLimits;
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
  mountUi?: (app: Express) => void;
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
  const catalogue = connectCatalogue(deps.catalogueAddress, deps.deadlineMs, deps.issuer);
  const cache = new ResponseCache(deps.cacheTtlMs ?? 30_000);
  const subscription = await invalidateOnCatalogueChanges(deps.bus, cache, `gateway-${deps.instanceId}`);
  const catalogueHealth = healthProbe(deps.catalogueAddress, 'taal.catalogue.v1.CatalogueService', deps.deadlineMs);
  const identity = connectIdentity(deps.identityAddress, deps.deadlineMs, deps.issuer);
  const identityHealth = healthProbe(deps.identityAddress, 'taal.identity.v1.IdentityService', deps.deadlineMs);
  const loginLimiter = new LoginLimiter(deps.cache, deps.loginLimits ?? DEFAULT_LOGIN_LIMITS);
  const mailLimiter = new MailRequestLimiter(deps.cache);
  const signUpLimiter = new SignUpLimiter(deps.cache, deps.signUpLimits ?? DEFAULT_SIGN_UP_LIMITS);

  const readiness = async (): Promise<ReadinessReport> => {
    const [catalogueUp, identityUp] = await Promise.all([catalogueHealth.check(), identityHealth.check()]);
    const services = { catalogue: catalogueUp, identity: identityUp };
    return { ready: Object.values(services).every(Boolean), services };
  };

  let draining = false;
  const metrics = deps.metricsPort === undefined ? undefined : createHttpMetrics();
  const app = createGatewayApp({
    catalogue,
    identity,
    loginLimiter,
    mailLimiter,
    signUpLimiter,
    trustProxy: deps.trustProxy ?? false,
    logger: deps.logger,
    readiness,
    draining: () => draining,
    cache,
    mountUi: deps.mountUi,
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
      await server.close();
      await metricsServer?.close();
      await subscription.stop();
      catalogueHealth.close();
      catalogue.close();
      identityHealth.close();
      identity.close();
    },
  };
}
