/**
 * All-in-one mode (`npm start`): one process hosts every service, each as its own gRPC
 * server on loopback, plus the gateway on PORT. Embedded adapters: one PGlite for the
 * whole process (served over the Postgres wire protocol), an event log in that database, files on
 * disk under DATA_DIR/files, an in-memory cache and mail as .eml files under DATA_DIR/mail.
 * Everything persistent lives under DATA_DIR; demo data is seeded on the first run.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import {
  Lifecycle,
  createDiskFileStore,
  createSqlLogEventBus,
  createLogger,
  createMemoryCache,
  createOutboxMailer,
  createSql,
  fields,
  generateServiceKeyRing,
  generateSigningKey,
  loadConfig,
  parsePrivateSigningJwk,
  remoteKeys,
  keySetOf,
  localKeys,
  type PrivateSigningJwk,
  runService,
  startEmbeddedPostgres,
  DEFAULT_MAIL_FROM,
} from '@taal/kit';
import { ServiceNames } from '@taal/contracts';
import { startCatalogue } from '@taal/catalogue';
import { loadAccountPolicy, loadSocialLoginConfig, startIdentity } from '@taal/identity';
import { loadGatewayPolicy, startGateway } from '@taal/gateway';
import { mountUiIfBuilt } from './ui';

const schema = z.object({
  // 0 picks a free port (tests).
  PORT: fields.int({ min: 0, max: 65535, default: 8080 }),
  HOST: fields.string('127.0.0.1'),
  DATA_DIR: fields.string('./data'),
  GRPC_DEADLINE_MS: fields.int({ min: 50, max: 60_000, default: 2000 }),
  // Prometheus /metrics on its own listener when set (0 picks a free port).
  METRICS_PORT: fields.int({ min: 0, max: 65535 }).optional(),
  MAIL_FROM: fields.string(DEFAULT_MAIL_FROM),
  // Base URL for links in e-mails; defaults to http://HOST:PORT once the gateway listens.
  PUBLIC_URL: fields.url({ protocols: ['http', 'https'] }).optional(),
  // Generated and kept under DATA_DIR when not given.
  IDENTITY_TOKEN_SECRET: z.string().min(32).optional(),
});

/** The token secret survives restarts (sessions stay valid) and is private to this data dir. */
function tokenSecretFor(dataDir: string, given?: string): string {
  if (given) return given;
  const file = path.join(dataDir, 'identity-token-secret');
  try {
    const existing = readFileSync(file, 'utf8').trim();
    if (existing.length >= 32) return existing;
  } catch {
    // first start
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

/** The access-token key survives restarts too (users' access tokens stay valid), under DATA_DIR only. */
function accessTokenKeyFor(dataDir: string): PrivateSigningJwk {
  const file = path.join(dataDir, 'identity-access-token-key.json');
  try {
    return parsePrivateSigningJwk(readFileSync(file, 'utf8'), file);
  } catch {
    // first start (or an unreadable key: make a new one; users then sign in again)
  }
  mkdirSync(dataDir, { recursive: true });
  const key = generateSigningKey(`identity-${randomBytes(4).toString('hex')}`);
  writeFileSync(file, `${JSON.stringify(key)}\n`, { mode: 0o600 });
  return key;
}

export async function startAllInOne(env: NodeJS.ProcessEnv = process.env) {
  const lifecycle = new Lifecycle();
  try {
    return await startServices(env, lifecycle);
  } catch (err) {
    // Close whatever had started (the embedded database above all) before reporting.
    await lifecycle.stop().catch(() => undefined);
    throw err;
  }
}

async function startServices(env: NodeJS.ProcessEnv, lifecycle: Lifecycle) {
  const started = Date.now();
  const logger = createLogger('taal');
  const config = loadConfig(schema, env);
  const dataDir = path.resolve(config.DATA_DIR);

  const postgres = await startEmbeddedPostgres(path.join(dataDir, 'postgres'));
  lifecycle.onStop('embedded postgres', () => postgres.close());
  // Events live in the embedded database (a log with per-group offsets): a restart loses none.
  const busSql = createSql(postgres.connectionString, { max: 2, applicationName: 'events' });
  lifecycle.onStop('event bus sql', () => busSql.close());
  const bus = createSqlLogEventBus({ sql: busSql, logger: logger.child({ component: 'events' }) });
  lifecycle.onStop('event bus', () => bus.close());
  // Every service proves who it is on every call, as in a cluster (decision 0008); keys made per start.
  const keyRing = generateServiceKeyRing(Object.values(ServiceNames));
  const accessTokenKey = accessTokenKeyFor(dataDir);

  const identitySql = createSql(postgres.connectionString, { max: 4, applicationName: 'identity' });
  lifecycle.onStop('identity sql', () => identitySql.close());
  const mailer = createOutboxMailer({ dir: path.join(dataDir, 'mail'), from: config.MAIL_FROM });
  lifecycle.onStop('mail outbox', () => mailer.close());
  let publicUrl = config.PUBLIC_URL ?? '';
  const identity = await startIdentity({
    sql: identitySql,
    bus,
    files: createDiskFileStore(path.join(dataDir, 'files')),
    mailer,
    logger: logger.child({ service: 'identity' }),
    host: '127.0.0.1',
    port: 0,
    tokenSecret: tokenSecretFor(dataDir, config.IDENTITY_TOKEN_SECRET),
    accessTokenKey,
    jwksHost: '127.0.0.1',
    jwksPort: 0,
    auth: keyRing.authFor(ServiceNames.identity, localKeys(keySetOf([accessTokenKey]))),
    publicUrl: () => publicUrl,
    ...loadSocialLoginConfig(env),
    // UNVERIFIED_ACCOUNT_DAYS, STALE_ACCOUNT_SWEEP_MS, REFRESH_REUSE_GRACE_MS.
    ...loadAccountPolicy(env),
    seedDemoData: true,
  });
  lifecycle.onStop('identity', () => identity.stop());

  const catalogueSql = createSql(postgres.connectionString, { max: 4, applicationName: 'catalogue' });
  lifecycle.onStop('catalogue sql', () => catalogueSql.close());
  const catalogue = await startCatalogue({
    sql: catalogueSql,
    bus,
    logger: logger.child({ service: 'catalogue' }),
    host: '127.0.0.1',
    port: 0,
    seedDemoData: true,
    // Like any other service: identity's published key set, fetched over HTTP.
    auth: keyRing.authFor(ServiceNames.catalogue, remoteKeys(identity.jwksUrl)),
  });
  lifecycle.onStop('catalogue', () => catalogue.stop());

  const cache = createMemoryCache();
  lifecycle.onStop('cache', () => cache.close());
  const gateway = await startGateway({
    catalogueAddress: `127.0.0.1:${catalogue.port}`,
    identityAddress: `127.0.0.1:${identity.port}`,
    cache,
    bus,
    issuer: keyRing.issuerFor(ServiceNames.gateway),
    logger: logger.child({ service: 'gateway' }),
    host: config.HOST,
    port: config.PORT,
    deadlineMs: config.GRPC_DEADLINE_MS,
    instanceId: 'all-in-one',
    // TRUST_PROXY, LOGIN_* and SIGNUP_* throttling limits.
    ...loadGatewayPolicy(env),
    mountUi: mountUiIfBuilt(logger),
    metricsPort: config.METRICS_PORT,
  });
  lifecycle.onStop('gateway', () => gateway.stop());
  publicUrl ||= `http://${config.HOST}:${gateway.port}`;

  logger.info({ url: `http://${config.HOST}:${gateway.port}/`, ms: Date.now() - started, dataDir }, 'Taal is running');
  return {
    port: gateway.port,
    cataloguePort: catalogue.port,
    identityPort: identity.port,
    jwksUrl: identity.jwksUrl,
    /** This run's service keys, for in-process tests that call a service's gRPC port as the gateway would. */
    keyRing,
    metricsPort: gateway.metricsPort,
    dataDir,
    mailDir: mailer.dir,
    lifecycle,
    stop: () => lifecycle.stop(),
  };
}

if (require.main === module) {
  void runService('taal', async ({ lifecycle }) => {
    const taal = await startAllInOne();
    lifecycle.onStop('all-in-one', () => taal.stop());
  });
}
