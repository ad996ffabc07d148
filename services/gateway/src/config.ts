import os from 'node:os';
import { z } from 'zod';
import { fields, loadConfig, type Env } from '@taal/kit';
import { PRIVATE_ANSWER_TTL_MS, DEFAULT_PUBLIC_READ_LIMITS, type PublicReadLimits } from '@taal/edge';

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
  const items = v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const ok = (item: string) => ['loopback', 'linklocal', 'uniquelocal'].includes(item) || /^[0-9a-f.:]+(\/\d{1,3})?$/.test(item);
  if (!items.every(ok))
    throw new Error(
      `TRUST_PROXY: "${raw}" is not false, true, a hop count or a list of addresses, subnets, loopback, linklocal, uniquelocal`,
    );
  return items;
}

/**
 * Client-address and the edge's own throttling settings, shared by both run modes (decision 0005).
 * A service's own limits (logins, sign-ups, contact messages…) are read by its API part's `limiters`.
 */
const policySchema = z.object({
  TRUST_PROXY: fields.string('false'),
  // Searches and the other public reads that reach a service, per client address (decision 0038; 0: no limit).
  SEARCH_MAX_PER_ADDRESS: fields.int({ min: 0, max: 1_000_000, default: DEFAULT_PUBLIC_READ_LIMITS.search }),
  PUBLIC_READS_MAX_PER_ADDRESS: fields.int({ min: 0, max: 1_000_000, default: DEFAULT_PUBLIC_READ_LIMITS.reads }),
  // A signed-in user's receipts, statements and their PDFs per window (decision 0065; 0: no limit).
  DOCUMENTS_MAX_PER_USER: fields.int({ min: 0, max: 1_000_000, default: DEFAULT_PUBLIC_READ_LIMITS.documents }),
  PUBLIC_READS_WINDOW_MS: fields.durationMs(DEFAULT_PUBLIC_READ_LIMITS.windowSeconds * 1000),
  // How long such a refusal waits before it is sent (a client looping on its refusals gets one a second per connection).
  PUBLIC_READS_REFUSAL_DELAY_MS: fields.int({ min: 0, max: 60_000, default: DEFAULT_PUBLIC_READ_LIMITS.refusalDelayMs }),
});

export interface GatewayPolicy {
  trustProxy: TrustProxy;
  publicReadLimits: PublicReadLimits;
}

const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

export function loadGatewayPolicy(env: Env = process.env): GatewayPolicy {
  const c = loadConfig(policySchema, env);
  return {
    trustProxy: parseTrustProxy(c.TRUST_PROXY),
    publicReadLimits: {
      search: c.SEARCH_MAX_PER_ADDRESS,
      reads: c.PUBLIC_READS_MAX_PER_ADDRESS,
      documents: c.DOCUMENTS_MAX_PER_USER,
      windowSeconds: seconds(c.PUBLIC_READS_WINDOW_MS),
      refusalDelayMs: c.PUBLIC_READS_REFUSAL_DELAY_MS,
    },
  };
}

/**
 * The gateway's own settings, read from env in both run modes. Infrastructure (KAFKA_BROKERS,
 * REDIS_URL), its key, GATEWAY_HOST/PORT and the services' addresses (`<NAME>_ADDR`) are the
 * kit's (decision 0011).
 */
const schema = z.object({
  // Prometheus /metrics listens here, apart from the public port (0 picks a free one; none when unset).
  METRICS_PORT: fields.int({ min: 0, max: 65535 }).optional(),
  GRPC_DEADLINE_MS: fields.int({ min: 50, max: 60_000, default: 2000 }),
  GATEWAY_INSTANCE_ID: fields.string(`${os.hostname()}-${process.pid}`),
  // Serve the web UI (the frontends' build) after the API routes when it is installed.
  SERVE_UI: fields.boolean(false),
  // A configured card gateway (commerce reads it too); without one, all-in-one mounts our sandbox (decision 0014).
  SSLCOMMERZ_BASE_URL: fields.url({ protocols: ['http', 'https'] }).optional(),
  // The longest a signed-in read is answered from the edge's copy (decision 0033): what changes with time alone shows within it.
  PRIVATE_ANSWER_TTL_MS: fields.int({ min: 0, max: 600_000, default: PRIVATE_ANSWER_TTL_MS }),
});

/** `env` itself too: each API part reads its own limits' settings from it (`limiters`). */
export type GatewayConfig = z.infer<typeof schema> & GatewayPolicy & { env: Env };

export function loadGatewayConfig(env: Env = process.env): GatewayConfig {
  return { ...loadConfig(schema, env), ...loadGatewayPolicy(env), env };
}
