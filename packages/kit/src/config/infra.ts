import path from 'node:path';
import { z } from 'zod';
import { fields } from './fields';
import { loadConfig, type Env } from './load';

export const DEFAULT_MAIL_FROM = 'Taal <no-reply@taal.local>';

export interface S3Config {
  endpoint: string;
  accessKey: string;
  secretKey: string;
  bucket: string;
  region: string;
}

/** One process (or a few) with PGlite, an event log in that database, disk files, an in-memory cache and an .eml outbox. */
export interface EmbeddedInfraConfig {
  mode: 'embedded';
  /** Absolute path; everything persistent lives below it. */
  dataDir: string;
  mail: { from: string };
}

/** Real servers: PostgreSQL, Kafka, Redis, S3 and SMTP. */
export interface ClusterInfraConfig {
  mode: 'cluster';
  databaseUrl: string;
  kafkaBrokers: string[];
  redisUrl: string;
  s3: S3Config;
  mail: { url: string; from: string };
}

export type InfraConfig = EmbeddedInfraConfig | ClusterInfraConfig;
export type TaalMode = InfraConfig['mode'];

const modeSchema = z.object({ TAAL_MODE: fields.oneOf(['embedded', 'cluster'], 'embedded') });

const embeddedSchema = z.object({
  DATA_DIR: fields.string('./data'),
  MAIL_FROM: fields.string(DEFAULT_MAIL_FROM),
});

const clusterSchema = z.object({
  DATABASE_URL: fields.url({ protocols: ['postgres', 'postgresql'] }),
  KAFKA_BROKERS: fields.hostPortList(),
  REDIS_URL: fields.url({ protocols: ['redis', 'rediss'] }),
  S3_ENDPOINT: fields.url({ protocols: ['http', 'https'] }),
  S3_ACCESS_KEY: fields.string(),
  S3_SECRET_KEY: fields.string(),
  S3_BUCKET: fields.string(),
  S3_REGION: fields.string('us-east-1'),
  SMTP_URL: fields.url({ protocols: ['smtp', 'smtps'] }),
  MAIL_FROM: fields.string(DEFAULT_MAIL_FROM),
});

/**
 * Reads the run mode and the infrastructure it needs: `TAAL_MODE=embedded` (default; DATA_DIR,
 * default ./data) or `TAAL_MODE=cluster` (DATABASE_URL, KAFKA_BROKERS, REDIS_URL, S3_*, SMTP_URL, MAIL_FROM).
 * Throws ConfigError naming every missing or invalid variable.
 */
export function infraConfigFromEnv(env: Env = process.env): InfraConfig {
  const { TAAL_MODE } = loadConfig(modeSchema, env);
  if (TAAL_MODE === 'embedded') {
    const c = loadConfig(embeddedSchema, env);
    return { mode: 'embedded', dataDir: path.resolve(c.DATA_DIR), mail: { from: c.MAIL_FROM } };
  }
  const c = loadConfig(clusterSchema, env);
  return {
    mode: 'cluster',
    databaseUrl: c.DATABASE_URL,
    kafkaBrokers: c.KAFKA_BROKERS,
    redisUrl: c.REDIS_URL,
    s3: {
      endpoint: c.S3_ENDPOINT,
      accessKey: c.S3_ACCESS_KEY,
      secretKey: c.S3_SECRET_KEY,
      bucket: c.S3_BUCKET,
      region: c.S3_REGION,
    },
    mail: { url: c.SMTP_URL, from: c.MAIL_FROM },
  };
}
