/** Cluster-mode entry point: the gateway as its own process. */
import { createKafkaEventBus, createRedisCache, runService, serviceTokenIssuerFromEnv } from '@taal/kit';
import { ServiceNames } from '@taal/contracts';
import { loadGatewayConfig } from './config';
import { startGateway } from './start';

void runService('gateway', async ({ logger, lifecycle }) => {
  const config = loadGatewayConfig();
  const bus = createKafkaEventBus({ brokers: config.KAFKA_BROKERS, clientId: 'gateway', logger });
  lifecycle.onStop('kafka', () => bus.close());
  const cache = createRedisCache(config.REDIS_URL);
  lifecycle.onStop('redis', () => cache.close());
  const gateway = await startGateway({
    catalogueAddress: config.CATALOGUE_ADDR,
    identityAddress: config.IDENTITY_ADDR,
    bus,
    issuer: serviceTokenIssuerFromEnv(ServiceNames.gateway),
    cache,
    // TRUST_PROXY, LOGIN_* and SIGNUP_* (loadGatewayPolicy).
    trustProxy: config.trustProxy,
    loginLimits: config.loginLimits,
    signUpLimits: config.signUpLimits,
    logger,
    host: config.GATEWAY_HOST,
    port: config.PORT,
    metricsPort: config.METRICS_PORT,
    deadlineMs: config.GRPC_DEADLINE_MS,
    instanceId: config.GATEWAY_INSTANCE_ID,
  });
  lifecycle.onStop('http', () => gateway.stop());
});
