import type { Express } from 'express';
import type { Logger } from 'pino';
import { ServiceNames } from '@taal/contracts';
import { followSessionRevocations, type CallerAuthenticator, type Cache, type EventBus, type FileStore, type ServiceEndpoint, type ServiceTokenIssuer } from '@taal/kit';
import type { JWTVerifyGetKey } from 'jose';
import { createGatewayApp, type ReadinessReport } from './app';
import { ResponseCache } from './cache/response-cache';
import { connectCatalogue } from './clients/catalogue';
import { connectFreebies } from './clients/freebies';
import { connectCommerce } from './clients/commerce';
import { healthProbe } from './clients/health';
import { connectIdentity } from './clients/identity';
import { connectLearning } from './clients/learning';
import { connectMessaging } from './clients/messaging';
import { ContactLimiter, DEFAULT_CONTACT_LIMITS, NotificationHub, type ContactLimits } from './routes/messaging';
import { connectStore } from './clients/store';
import { connectPayouts } from './clients/payouts';
import { createHttpMetrics, metricsApp } from './http/metrics';
import type { TrustProxy } from './config';
import {
  DEFAULT_EMAIL_CHECK_LIMITS,
  DEFAULT_LOGIN_LIMITS,
  DEFAULT_MAIL_REQUEST_LIMITS,
  DEFAULT_SIGN_UP_LIMITS,
  EmailCheckLimiter,
  GuessLimiter,
  LoginLimiter,
  MailRequestLimiter,
  SignUpLimiter,
  type LoginLimits,
  type MailRequestLimits,
  type SignUpLimits,
} from './http/rate-limit';
import { invalidateOnCatalogueChanges } from './events/cache-invalidation';
import { listen } from './server';
import type { Sandbox } from '@taal/payments';

export interface GatewayDeps {
  /** The registry's gRPC services: the clients connect to them and /healthz probes each (decision 0011). */
  endpoints: readonly ServiceEndpoint[];
  bus: EventBus;
  /** Signs the gateway's calls to the services (decision 0008). */
  issuer: ServiceTokenIssuer;
  /** Shared counters for login throttling: in-memory (all-in-one) or Redis (cluster). */
  cache: Cache;
  loginLimits?: LoginLimits;
  signUpLimits?: SignUpLimits;
  /** Contact messages per client address and per e-mail (default DEFAULT_CONTACT_LIMITS). */
  contactLimits?: ContactLimits;
  mailLimits?: MailRequestLimits;
  /** GET user/checkemail per checked address and per client address (default DEFAULT_EMAIL_CHECK_LIMITS). */
  emailCheckLimits?: MailRequestLimits;
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
  const addressOf = (name: string) => {
    const endpoint = deps.endpoints.find((e) => e.name === name);
    if (!endpoint) throw new Error(`the gateway needs the ${name} service, which the registry does not list`);
    return endpoint.address;
  };
  const catalogue = connectCatalogue(addressOf(ServiceNames.catalogue), deps.deadlineMs, deps.issuer);
  const freebies = connectFreebies(addressOf(ServiceNames.catalogue), deps.deadlineMs, deps.issuer);
  const cache = new ResponseCache(deps.cacheTtlMs ?? 30_000);
  const subscription = await invalidateOnCatalogueChanges(deps.bus, cache, `gateway-${deps.instanceId}`);
  const identity = connectIdentity(addressOf(ServiceNames.identity), deps.deadlineMs, deps.issuer, deps.accessTokens);
  // Every replica hears every session identity ends (its own group), replaying the last token lifetime's first.
  const revocations = await followSessionRevocations(deps.bus, `gateway-revocations-${deps.instanceId}`);
  const commerce = connectCommerce(addressOf(ServiceNames.commerce), deps.deadlineMs, deps.issuer);
  const learning = connectLearning(addressOf(ServiceNames.learning), deps.deadlineMs, deps.issuer);
  const messaging = connectMessaging(addressOf(ServiceNames.messaging), deps.deadlineMs, deps.issuer);
  const notificationHub = new NotificationHub(messaging, deps.logger);
  const store = connectStore(addressOf(ServiceNames.store), deps.deadlineMs, deps.issuer);
  const payouts = connectPayouts(addressOf(ServiceNames.payouts), deps.deadlineMs, deps.issuer);
  // One probe per service of the registry: /healthz and /readyz list them all.
  const probes = deps.endpoints.map((e) => ({
    name: e.name,
    probe: healthProbe(e.address, e.healthName, deps.deadlineMs),
  }));
  const loginLimiter = new LoginLimiter(deps.cache, deps.loginLimits ?? DEFAULT_LOGIN_LIMITS);
  const mailLimiter = new MailRequestLimiter(deps.cache, deps.mailLimits ?? DEFAULT_MAIL_REQUEST_LIMITS);
  const signUpLimiter = new SignUpLimiter(deps.cache, deps.signUpLimits ?? DEFAULT_SIGN_UP_LIMITS);
  const emailCheckLimiter = new EmailCheckLimiter(deps.cache, deps.emailCheckLimits ?? DEFAULT_EMAIL_CHECK_LIMITS);

  const readiness = async (): Promise<ReadinessReport> => {
    const up = await Promise.all(probes.map(({ probe }) => probe.check()));
    const services = Object.fromEntries(probes.map(({ name }, i) => [name, up[i]!]));
    return { ready: Object.values(services).every(Boolean), services };
  };

  let draining = false;
  const metrics = deps.metricsPort === undefined ? undefined : createHttpMetrics();
  const app = createGatewayApp({
    catalogue,
    freebies,
    identity,
    commerce,
    learning,
    messaging,
    contactLimiter: new ContactLimiter(deps.cache, deps.contactLimits ?? DEFAULT_CONTACT_LIMITS),
    notificationHub,
    store,
    payouts,
    giftCardGuesses: new GuessLimiter(deps.cache),
    files: deps.files,
    serviceKeys: deps.serviceKeys,
    loginLimiter,
    mailLimiter,
    signUpLimiter,
    emailCheckLimiter,
    trustProxy: deps.trustProxy ?? false,
    logger: deps.logger,
    readiness,
    draining: () => draining,
    cache,
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
      // Open notification streams would keep the server from closing.
      notificationHub.close();
      await server.close();
      await metricsServer?.close();
      await subscription.stop();
      await revocations.stop();
      for (const { probe } of probes) probe.close();
      catalogue.close();
      freebies.close();
      identity.close();
      commerce.close();
      learning.close();
      messaging.close();
      store.close();
      payouts.close();
    },
  };
}
