import path from 'node:path';
import { identityV1, ServiceNames } from '@taal/contracts';
import {
  composeService,
  serviceDepsOf,
  type ComposedService,
  type SqlServiceDeps,
  defineService,
  keySetOf,
  localKeys,
  type FileStore,
  type PrivateSigningJwk,
} from '@taal/kit';
import type { FacebookConfig, GoogleConfig } from './auth/social';
import { demoAccounts } from './domain/demo-accounts';
import { MAX_PHOTO_BYTES } from './domain/user';
import { DEFAULT_ACCOUNT_POLICY, loadIdentityConfig, type AccountPolicy } from './config';
import { identityCalls } from './app/calls';
import type { IdentityUseCases } from './api/shape';
import { identityGrpcService } from './grpc/identity-service';
import { startJwksServer } from './http/jwks-server';
import { Identity } from './app/identity';
import { startStaleAccountSweeper, type StaleAccountSweeper } from './jobs/stale-accounts';
import { SCHEMA } from './store/user-rows';
import { markBuyersOnPayment } from './events/purchases';
import { identityApi } from './api';

export interface IdentityDeps extends SqlServiceDeps {
  files: FileStore;
  /** HS256 secret for verification and reset links (at least 32 characters). */
  tokenSecret: string;
  /** Ed25519 key of users' access tokens; its public half is published over HTTP. */
  accessTokenKey: PrivateSigningJwk;
  /** Where the key set is published (GET /.well-known/jwks.json); port 0 picks a free one. */
  jwksHost: string;
  jwksPort: number;
  /** Base URL of the site for links in e-mails (a function when known only later). */
  publicUrl: string | (() => string);
  google?: GoogleConfig;
  facebook?: FacebookConfig;
  seedDemoData: boolean;
  /** Stale-account removal and the refresh grace window (loadAccountPolicy; defaults when absent). */
  accountPolicy?: AccountPolicy;
}

export type RunningIdentity = ComposedService<{
  /** URL of the published key set, for the other services' IDENTITY_JWKS_URL. */
  jwksUrl: string;
  identity: Identity;
  /** The periodic removal of stale unverified accounts (runOnce for tests). */
  staleAccounts: StaleAccountSweeper;
  /** What its own routes call (issue 52). */
  useCases: IdentityUseCases;
}>;

export const IDENTITY_SERVICE_NAME = 'taal.identity.v1.IdentityService';

/** Room for a 5 MB photo in a photo answer (GetUserPhoto). */
const MAX_MESSAGE_BYTES = MAX_PHOTO_BYTES + 1024 * 1024;

/** Wires identity: the kit's skeleton (migrations, outbox relay, gRPC server, stop order) around its own parts. */
export function startIdentity(deps: IdentityDeps): Promise<RunningIdentity> {
  const { sql, bus, logger } = deps;
  return composeService({ ...deps, name: 'identity', schema: { name: SCHEMA, migrations: path.join(__dirname, '..', 'migrations') } }, async ({ notify, keep }) => {
    const policy = deps.accountPolicy ?? DEFAULT_ACCOUNT_POLICY;
    const identity = new Identity({
      sql,
      files: deps.files,
      logger,
      tokenSecret: deps.tokenSecret,
      accessTokenKey: deps.accessTokenKey,
      publicUrl: deps.publicUrl,
      google: deps.google,
      facebook: deps.facebook,
      afterCommit: notify,
      refreshReuseGraceMs: policy.refreshReuseGraceMs,
    });
    if (deps.seedDemoData && (await identity.seedDemoAccounts(demoAccounts))) logger.info('identity demo accounts seeded');
    keep(await markBuyersOnPayment(sql, bus, logger));
    const jwks = keep(await startJwksServer(keySetOf([deps.accessTokenKey]), deps.jwksHost, deps.jwksPort, logger));
    const staleAccounts = keep(startStaleAccountSweeper(identity, { days: policy.unverifiedAccountDays, intervalMs: policy.staleAccountSweepMs, logger }));
    const calls = identityCalls(identity);
    return {
      services: [{ definition: identityV1.IdentityServiceService, implementation: identityGrpcService(calls) }],
      serverOptions: { 'grpc.max_receive_message_length': MAX_MESSAGE_BYTES, 'grpc.max_send_message_length': MAX_MESSAGE_BYTES },
      // Its own routes call these directly (RunningService.useCases, issue 52).
      extras: { jwksUrl: jwks.url, identity, staleAccounts, useCases: { identity: calls } },
    };
  });
}

/** Identity in the service registry (decision 0011): accounts, verification, sessions, roles. */
export const identityService = defineService({
  name: ServiceNames.identity,
  api: identityApi,
  needs: { sql: true, bus: true, files: true },
  listens: { grpc: { port: 50052, healthName: IDENTITY_SERVICE_NAME } },
  config: loadIdentityConfig,
  defaults: { 'all-in-one': { IDENTITY_JWKS_HOST: '127.0.0.1', IDENTITY_JWKS_PORT: '0' } },
  // Identity verifies users' tokens with its own key; the others fetch its JWKS (IDENTITY_JWKS_URL).
  userKeys: (config) => localKeys(keySetOf([config.accessTokenKey])),
  async start(ports, config, ctx) {
    const identity = await startIdentity({
      sql: ports.sql,
      bus: ports.bus,
      files: ports.files,
      ...serviceDepsOf(ctx),
      tokenSecret: config.IDENTITY_TOKEN_SECRET,
      accessTokenKey: config.accessTokenKey,
      jwksHost: config.IDENTITY_JWKS_HOST,
      jwksPort: config.IDENTITY_JWKS_PORT,
      publicUrl: () => ctx.publicUrl(),
      google: config.google,
      facebook: config.facebook,
      seedDemoData: config.SEED_DEMO_DATA,
      accountPolicy: config.accountPolicy,
    });
    return { port: identity.port, exports: { IDENTITY_JWKS_URL: identity.jwksUrl }, useCases: identity.useCases, stop: () => identity.stop() };
  },
});
