import os from 'node:os';
import { z } from 'zod';
import { fields, loadConfig, type Env } from '@taal/kit';

/** What the gateway needs when it runs as its own process (cluster mode). */
const schema = z.object({
  GATEWAY_HOST: fields.string('0.0.0.0'),
  PORT: fields.port(8080),
  // Prometheus /metrics listens here, apart from the public port.
  METRICS_PORT: fields.port(9464),
  CATALOGUE_ADDR: fields.string('127.0.0.1:50051'),
  IDENTITY_ADDR: fields.string('127.0.0.1:50052'),
  REDIS_URL: fields.url({ protocols: ['redis', 'rediss'] }),
  LOGIN_MAX_FAILURES_PER_ACCOUNT: fields.int({ min: 1, max: 1000, default: 10 }),
  LOGIN_MAX_FAILURES_PER_ADDRESS: fields.int({ min: 1, max: 100_000, default: 100 }),
  LOGIN_FAILURE_WINDOW_MS: fields.durationMs(15 * 60_000),
  GRPC_DEADLINE_MS: fields.int({ min: 50, max: 60_000, default: 2000 }),
  KAFKA_BROKERS: fields.hostPortList(),
  GATEWAY_INSTANCE_ID: fields.string(`${os.hostname()}-${process.pid}`),
});

export type GatewayConfig = z.infer<typeof schema>;

export function loadGatewayConfig(env: Env = process.env): GatewayConfig {
  return loadConfig(schema, env);
}
