import { z } from 'zod';
import { fields, loadConfig, parsePrivateSigningJwk, type Env, type PrivateSigningJwk } from '@taal/kit';
import type { FacebookConfig, GoogleConfig } from './auth/social';

const optional = z.string().optional();

/** Social login settings, shared by both run modes. A provider is off unless its id is set. */
const socialSchema = z.object({
  GOOGLE_CLIENT_ID: optional,
  GOOGLE_JWKS_URL: fields.url({ protocols: ['http', 'https'], default: 'https://www.googleapis.com/oauth2/v3/certs' }),
  GOOGLE_ISSUERS: fields.string('https://accounts.google.com,accounts.google.com'),
  FACEBOOK_APP_ID: optional,
  FACEBOOK_APP_SECRET: optional,
  FACEBOOK_GRAPH_URL: fields.url({ protocols: ['http', 'https'], default: 'https://graph.facebook.com/v19.0' }),
});

export interface SocialLoginConfig {
  google?: GoogleConfig;
  facebook?: FacebookConfig;
}

export function loadSocialLoginConfig(env: Env = process.env): SocialLoginConfig {
  const c = loadConfig(socialSchema, env);
  const out: SocialLoginConfig = {};
  if (c.GOOGLE_CLIENT_ID) {
    out.google = {
      clientId: c.GOOGLE_CLIENT_ID,
      jwksUrl: c.GOOGLE_JWKS_URL,
      issuers: c.GOOGLE_ISSUERS.split(',').map((s) => s.trim()).filter(Boolean),
    };
  }
  if (c.FACEBOOK_APP_ID && c.FACEBOOK_APP_SECRET) {
    out.facebook = { appId: c.FACEBOOK_APP_ID, appSecret: c.FACEBOOK_APP_SECRET, graphUrl: c.FACEBOOK_GRAPH_URL };
  }
  return out;
}

/** Account hardening knobs, shared by both run modes (docs/decisions/0005 and 0006). */
const policySchema = z.object({
  // Unverified self sign-ups (and their photos) are removed after this many days.
  UNVERIFIED_ACCOUNT_DAYS: fields.int({ min: 1, max: 365, default: 7 }),
  // How often identity looks for such accounts.
  STALE_ACCOUNT_SWEEP_MS: fields.durationMs(60 * 60_000),
  // A refresh token presented again this soon after its rotation answers the same session (two tabs).
  REFRESH_REUSE_GRACE_MS: fields.durationMs(10_000),
});

export interface AccountPolicy {
  unverifiedAccountDays: number;
  staleAccountSweepMs: number;
  refreshReuseGraceMs: number;
}

export const DEFAULT_ACCOUNT_POLICY: AccountPolicy = { unverifiedAccountDays: 7, staleAccountSweepMs: 60 * 60_000, refreshReuseGraceMs: 10_000 };

export function loadAccountPolicy(env: Env = process.env): { accountPolicy: AccountPolicy } {
  const c = loadConfig(policySchema, env);
  if (c.REFRESH_REUSE_GRACE_MS > 60_000) throw new Error('REFRESH_REUSE_GRACE_MS must be at most 60s');
  if (c.STALE_ACCOUNT_SWEEP_MS < 1000) throw new Error('STALE_ACCOUNT_SWEEP_MS must be at least 1s');
  return {
    accountPolicy: {
      unverifiedAccountDays: c.UNVERIFIED_ACCOUNT_DAYS,
      staleAccountSweepMs: c.STALE_ACCOUNT_SWEEP_MS,
      refreshReuseGraceMs: c.REFRESH_REUSE_GRACE_MS,
    },
  };
}

/**
 * Identity's own settings, read from env in both run modes (in all-in-one the launcher keeps
 * the token secret and the access-token key under DATA_DIR). Infrastructure, service keys,
 * IDENTITY_GRPC_HOST/PORT and PUBLIC_URL are the kit's (decision 0011).
 */
const schema = z.object({
  IDENTITY_TOKEN_SECRET: z.string().min(32, 'must be at least 32 characters'),
  // Private Ed25519 JWK that signs users' access tokens (its public half is published).
  IDENTITY_ACCESS_TOKEN_KEY: z.string().min(1),
  IDENTITY_JWKS_HOST: fields.string('127.0.0.1'),
  // 0 picks a free port (all-in-one).
  IDENTITY_JWKS_PORT: fields.int({ min: 0, max: 65535, default: 50062 }),
  SEED_DEMO_DATA: fields.boolean(false),
});

export type IdentityConfig = Omit<z.infer<typeof schema>, 'IDENTITY_ACCESS_TOKEN_KEY'> &
  SocialLoginConfig & { accountPolicy: AccountPolicy; accessTokenKey: PrivateSigningJwk };

export function loadIdentityConfig(env: Env = process.env): IdentityConfig {
  const { IDENTITY_ACCESS_TOKEN_KEY, ...rest } = loadConfig(schema, env);
  const accessTokenKey = parsePrivateSigningJwk(IDENTITY_ACCESS_TOKEN_KEY, 'IDENTITY_ACCESS_TOKEN_KEY');
  return { ...rest, accessTokenKey, ...loadSocialLoginConfig(env), ...loadAccountPolicy(env) };
}
