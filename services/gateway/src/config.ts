import os from 'node:os';
import { z } from 'zod';
import { fields, loadConfig, type Env } from '@taal/kit';
import type { LoginLimits, SignUpLimits } from './http/rate-limit';

/**
 * Express `trust proxy`: which hops may tell the client address in X-Forwarded-For.
 * `false` (default: the peer is the client), `true` (any; only behind a proxy that always
 * overwrites the header), a hop count (`1`), or a comma list of addresses, CIDR subnets and
 * the names loopback, linklocal, uniquelocal. Behind an ingress: e.g. `loopback, uniquelocal`.
 */
export type TrustProxy = boolean | number | string[];

export function parseTrustProxy(raw: string): TrustProxy {
  const v = raw.trim().toLowerCase();
  if (v === '' || v === 'false' || v === 'off' || v === 'no') return false;
  if (v === 'true') return true;
  if (/^\d+$/.test(v)) return Number(v);
  const items = v.split(',').map((s) => s.trim()).filter(Boolean);
  const ok = (item: string) => ['loopback', 'linklocal', 'uniquelocal'].includes(item) || /^[0-9a-f.:]+(\/\d{1,3})?$/.test(item);
  if (!items.every(ok)) throw new Error(`TRUST_PROXY: "${raw}" is not false, true, a hop count or a list of addresses, subnets, loopback, linklocal, uniquelocal`);
  return items;
}

/** Client-address and throttling settings, shared by both run modes (decision 0005). */
const policySchema = z.object({
  TRUST_PROXY: fields.string('false'),
  LOGIN_MAX_FAILURES_PER_ACCOUNT: fields.int({ min: 1, max: 1000, default: 10 }),
  LOGIN_MAX_FAILURES_PER_ADDRESS: fields.int({ min: 1, max: 100_000, default: 100 }),
  LOGIN_FAILURE_WINDOW_MS: fields.durationMs(15 * 60_000),
  SIGNUP_MAX_PER_ADDRESS: fields.int({ min: 1, max: 100_000, default: 10 }),
  SIGNUP_MAX_PER_DOMAIN: fields.int({ min: 1, max: 1_000_000, default: 200 }),
  SIGNUP_WINDOW_MS: fields.durationMs(60 * 60_000),
});

export interface GatewayPolicy {
  trustProxy: TrustProxy;
  loginLimits: LoginLimits;
  signUpLimits: SignUpLimits;
}

const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

export function loadGatewayPolicy(env: Env = process.env): GatewayPolicy {
  const c = loadConfig(policySchema, env);
  return {
    trustProxy: parseTrustProxy(c.TRUST_PROXY),
    loginLimits: {
      perAccount: c.LOGIN_MAX_FAILURES_PER_ACCOUNT,
      perAddress: c.LOGIN_MAX_FAILURES_PER_ADDRESS,
      windowSeconds: seconds(c.LOGIN_FAILURE_WINDOW_MS),
    },
    signUpLimits: {
      perAddress: c.SIGNUP_MAX_PER_ADDRESS,
      perDomain: c.SIGNUP_MAX_PER_DOMAIN,
      windowSeconds: seconds(c.SIGNUP_WINDOW_MS),
    },
  };
}

/** What the gateway needs when it runs as its own process (cluster mode). */
const schema = z.object({
  GATEWAY_HOST: fields.string('0.0.0.0'),
  PORT: fields.port(8080),
  // Prometheus /metrics listens here, apart from the public port.
  METRICS_PORT: fields.port(9464),
  CATALOGUE_ADDR: fields.string('127.0.0.1:50051'),
  IDENTITY_ADDR: fields.string('127.0.0.1:50052'),
  REDIS_URL: fields.url({ protocols: ['redis', 'rediss'] }),
  GRPC_DEADLINE_MS: fields.int({ min: 50, max: 60_000, default: 2000 }),
  KAFKA_BROKERS: fields.hostPortList(),
  GATEWAY_INSTANCE_ID: fields.string(`${os.hostname()}-${process.pid}`),
});

export type GatewayConfig = z.infer<typeof schema> & GatewayPolicy;

export function loadGatewayConfig(env: Env = process.env): GatewayConfig {
  return { ...loadConfig(schema, env), ...loadGatewayPolicy(env) };
}
