import os from 'node:os';
import { z } from 'zod';
import { fields, loadConfig, type Env } from '@taal/kit';
import { PRIVATE_ANSWER_TTL_MS, DEFAULT_EMAIL_CHECK_LIMITS, DEFAULT_LOGIN_LIMITS, type LoginLimits, type MailRequestLimits, type SignUpLimits, DEFAULT_CONTACT_LIMITS, type ContactLimits, DEFAULT_PUBLIC_READ_LIMITS, type PublicReadLimits } from '@taal/edge';

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

/** Client-address and throttling settings, shared by both run modes (decision 0005). */
const policySchema = z.object({
  TRUST_PROXY: fields.string('false'),
  // Failed logins per account (any address) before each try waits a doubling delay; per client address per window.
  LOGIN_MAX_FAILURES_PER_ACCOUNT: fields.int({ min: 1, max: 1000, default: DEFAULT_LOGIN_LIMITS.perAccount }),
  LOGIN_MAX_FAILURES_PER_ADDRESS: fields.int({ min: 1, max: 100_000, default: DEFAULT_LOGIN_LIMITS.perAddress }),
  LOGIN_FAILURE_WINDOW_MS: fields.durationMs(DEFAULT_LOGIN_LIMITS.windowSeconds * 1000),
  LOGIN_ACCOUNT_WINDOW_MS: fields.durationMs(DEFAULT_LOGIN_LIMITS.accountWindowSeconds * 1000),
  LOGIN_DELAY_BASE_MS: fields.durationMs(DEFAULT_LOGIN_LIMITS.delayBaseSeconds * 1000),
  LOGIN_DELAY_MAX_MS: fields.durationMs(DEFAULT_LOGIN_LIMITS.delayMaxSeconds * 1000),
  SIGNUP_MAX_PER_ADDRESS: fields.int({ min: 1, max: 100_000, default: 10 }),
  SIGNUP_MAX_PER_DOMAIN: fields.int({ min: 1, max: 1_000_000, default: 200 }),
  SIGNUP_WINDOW_MS: fields.durationMs(60 * 60_000),
  // Verification re-sends and password-reset mails, per recipient and per client address.
  MAIL_MAX_PER_TARGET: fields.int({ min: 1, max: 100_000, default: 5 }),
  MAIL_MAX_PER_ADDRESS: fields.int({ min: 1, max: 100_000, default: 30 }),
  MAIL_WINDOW_MS: fields.durationMs(60 * 60_000),
  // GET user/checkemail/{email}, per checked address and per client address (decision 0005).
  CHECKEMAIL_MAX_PER_EMAIL: fields.int({ min: 1, max: 100_000, default: DEFAULT_EMAIL_CHECK_LIMITS.perTarget }),
  CHECKEMAIL_MAX_PER_ADDRESS: fields.int({ min: 1, max: 100_000, default: DEFAULT_EMAIL_CHECK_LIMITS.perAddress }),
  CHECKEMAIL_WINDOW_MS: fields.durationMs(DEFAULT_EMAIL_CHECK_LIMITS.windowSeconds * 1000),
  // The public contact form, per client address and per sender e-mail (decision 0019).
  CONTACT_MAX_PER_ADDRESS: fields.int({ min: 1, max: 100_000, default: DEFAULT_CONTACT_LIMITS.perAddress }),
  CONTACT_MAX_PER_EMAIL: fields.int({ min: 1, max: 100_000, default: DEFAULT_CONTACT_LIMITS.perEmail }),
  CONTACT_WINDOW_MS: fields.durationMs(DEFAULT_CONTACT_LIMITS.windowSeconds * 1000),
  // Searches and the other public reads that reach a service, per client address (decision 0038; 0: no limit).
  SEARCH_MAX_PER_ADDRESS: fields.int({ min: 0, max: 1_000_000, default: DEFAULT_PUBLIC_READ_LIMITS.search }),
  PUBLIC_READS_MAX_PER_ADDRESS: fields.int({ min: 0, max: 1_000_000, default: DEFAULT_PUBLIC_READ_LIMITS.reads }),
  PUBLIC_READS_WINDOW_MS: fields.durationMs(DEFAULT_PUBLIC_READ_LIMITS.windowSeconds * 1000),
  // How long such a refusal waits before it is sent (a client looping on its refusals gets one a second per connection).
  PUBLIC_READS_REFUSAL_DELAY_MS: fields.int({ min: 0, max: 60_000, default: DEFAULT_PUBLIC_READ_LIMITS.refusalDelayMs }),
});

export interface GatewayPolicy {
  trustProxy: TrustProxy;
  loginLimits: LoginLimits;
  signUpLimits: SignUpLimits;
  mailLimits: MailRequestLimits;
  emailCheckLimits: MailRequestLimits;
  contactLimits: ContactLimits;
  publicReadLimits: PublicReadLimits;
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
      accountWindowSeconds: seconds(c.LOGIN_ACCOUNT_WINDOW_MS),
      delayBaseSeconds: seconds(c.LOGIN_DELAY_BASE_MS),
      delayMaxSeconds: seconds(Math.max(c.LOGIN_DELAY_MAX_MS, c.LOGIN_DELAY_BASE_MS)),
    },
    signUpLimits: {
      perAddress: c.SIGNUP_MAX_PER_ADDRESS,
      perDomain: c.SIGNUP_MAX_PER_DOMAIN,
      windowSeconds: seconds(c.SIGNUP_WINDOW_MS),
    },
    mailLimits: {
      perTarget: c.MAIL_MAX_PER_TARGET,
      perAddress: c.MAIL_MAX_PER_ADDRESS,
      windowSeconds: seconds(c.MAIL_WINDOW_MS),
    },
    emailCheckLimits: {
      perTarget: c.CHECKEMAIL_MAX_PER_EMAIL,
      perAddress: c.CHECKEMAIL_MAX_PER_ADDRESS,
      windowSeconds: seconds(c.CHECKEMAIL_WINDOW_MS),
    },
    contactLimits: {
      perAddress: c.CONTACT_MAX_PER_ADDRESS,
      perEmail: c.CONTACT_MAX_PER_EMAIL,
      windowSeconds: seconds(c.CONTACT_WINDOW_MS),
    },
    publicReadLimits: {
      search: c.SEARCH_MAX_PER_ADDRESS,
      reads: c.PUBLIC_READS_MAX_PER_ADDRESS,
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

export type GatewayConfig = z.infer<typeof schema> & GatewayPolicy;

export function loadGatewayConfig(env: Env = process.env): GatewayConfig {
  return { ...loadConfig(schema, env), ...loadGatewayPolicy(env) };
}
