/** Cluster-mode entry point: the gateway as its own process. */
import { createKafkaEventBus, createRedisCache, runService } from '@taal/kit';
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
    cache,
    loginLimits: {
      perAccount: config.LOGIN_MAX_FAILURES_PER_ACCOUNT,
      perAddress: config.LOGIN_MAX_FAILURES_PER_ADDRESS,
      windowSeconds: Math.ceil(config.LOGIN_FAILURE_WINDOW_MS / 1000),
    },
    logger,
    host: config.GATEWAY_HOST,
    port: config.PORT,
    metricsPort: config.METRICS_PORT,
    deadlineMs: config.GRPC_DEADLINE_MS,
    instanceId: config.GATEWAY_INSTANCE_ID,
  });
  lifecycle.onStop('http', () => gateway.stop());
});
