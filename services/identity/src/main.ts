/** Cluster-mode entry point: identity as its own process against real Postgres, Kafka, S3 and SMTP. */
import {
  createKafkaEventBus,
  createS3FileStore,
  createSmtpMailer,
  createSql,
  infraConfigFromEnv,
  keySetOf,
  localKeys,
  parsePrivateSigningJwk,
  runService,
  serviceAuthFromEnv,
} from '@taal/kit';
import { ServiceNames } from '@taal/contracts';
import { startIdentity } from './app';
import { loadIdentityConfig } from './config';

void runService('identity', async ({ logger, lifecycle }) => {
  const config = loadIdentityConfig();
  const accessTokenKey = parsePrivateSigningJwk(config.IDENTITY_ACCESS_TOKEN_KEY, 'IDENTITY_ACCESS_TOKEN_KEY');
  // Identity verifies users' tokens with its own key; other callers' service tokens from config.
  const auth = serviceAuthFromEnv(ServiceNames.identity, process.env, localKeys(keySetOf([accessTokenKey])));
  const infra = infraConfigFromEnv({ ...process.env, TAAL_MODE: 'cluster' });
  if (infra.mode !== 'cluster') throw new Error('identity main runs in cluster mode only');

  const sql = createSql(config.DATABASE_URL, { max: config.DB_POOL_SIZE, applicationName: 'identity' });
  lifecycle.onStop('postgres', () => sql.close());
  const bus = createKafkaEventBus({ brokers: config.KAFKA_BROKERS, clientId: 'identity', logger });
  lifecycle.onStop('kafka', () => bus.close());
  const files = createS3FileStore(infra.s3);
  const mailer = createSmtpMailer({ url: infra.mail.url, from: infra.mail.from });
  lifecycle.onStop('smtp', () => mailer.close());

  const identity = await startIdentity({
    sql,
    bus,
    files,
    mailer,
    logger,
    host: config.IDENTITY_GRPC_HOST,
    port: config.IDENTITY_GRPC_PORT,
    tokenSecret: config.IDENTITY_TOKEN_SECRET,
    accessTokenKey,
    jwksHost: config.IDENTITY_JWKS_HOST,
    jwksPort: config.IDENTITY_JWKS_PORT,
    auth,
    publicUrl: config.PUBLIC_URL,
    google: config.google,
    facebook: config.facebook,
    seedDemoData: config.SEED_DEMO_DATA,
    accountPolicy: config.accountPolicy,
  });
  lifecycle.onStop('grpc', () => identity.stop());
});
