/**
 * The service registry's contract (decision 0011): each service describes itself once (its
 * name, the infrastructure it needs, its config schema and how it starts from ports) and the
 * kit builds those ports for the run mode: embedded (all-in-one) or real servers (cluster).
 */
import path from 'node:path';
import type { JWTVerifyGetKey } from 'jose';
import { z } from 'zod';
import type { CallerAuthenticator, ServiceTokenIssuer } from '../auth';
import { createMemoryCache, createRedisCache } from '../cache';
import { envField, fields } from '../config/fields';
import { DEFAULT_MAIL_FROM } from '../config/infra';
import { loadConfig, type Env } from '../config/load';
import { createKafkaEventBus, createSqlLogEventBus, KAFKA_NAMESPACE_PATTERN } from '../events';
import { createDocumentStore, startEmbeddedDocumentServer } from '../documents';
import { createDiskFileStore, createS3FileStore } from '../files';
import type { Lifecycle } from '../lifecycle';
import type { Logger } from '../log';
import { createOutboxMailer, createSmtpMailer } from '../mail';
import type { Cache, DocumentStore, EventBus, FileStore, Mailer, Sql } from '../ports';
import { createSql, startEmbeddedPostgres } from '../sql';
import { preparePrivateDataDir } from './data-dir';
export { preparePrivateDataDir } from './data-dir';
export { addressOf, composeService, serviceDepsOf, type Closable, type ComposedService, type ComposeServiceOptions, type Composition, type ServiceDeps, type SqlServiceDeps, type Wired } from './compose';

/** The infrastructure a service asks for; only these ports are built and handed to it. */
export interface ServiceNeeds {
  sql?: boolean;
  bus?: boolean;
  files?: boolean;
  mail?: boolean;
  cache?: boolean;
  /** A document store (mongoose; decision 0041): a database named after the service. */
  documents?: boolean;
  /**
   * SQL only to read what the service kept there before it moved to documents (a one-time move,
   * decision 0043): all-in-one's Postgres; in cluster DATABASE_URL when it is set, else none.
   */
  legacySql?: boolean;
}

interface PortMap {
  sql: Sql;
  bus: EventBus;
  files: FileStore;
  mail: Mailer;
  cache: Cache;
  documents: DocumentStore;
  legacySql: Sql | undefined;
}

/** The ports a service asked for, typed by its `needs`. */
export type PortsFor<N extends ServiceNeeds> = { [K in keyof PortMap as N[K & keyof N] extends true ? K : never]: PortMap[K] };

/** Where another service of the registry answers gRPC (what the gateway derives its clients and probes from). */
export interface ServiceEndpoint {
  name: string;
  address: string;
  /** The name its grpc.health.v1 endpoint reports on. */
  healthName: string;
  /** Its slice of the public HTTP API (an `@taal/edge` API part), which the edge mounts; none for a service without routes. */
  api?: object;
  /** When the service serves that API itself (issue 52): its base URL, e.g. http://taal-commerce:8081; the edge forwards to it. */
  apiAddress?: string;
  /**
   * Its use cases (`src/app`), when it runs in this process: its own routes call them directly, with no
   * gRPC between a route and its own service (issue 52). Absent in another process.
   */
  useCases?: object;
}

export interface ServiceContext {
  logger: Logger;
  /** Where to listen: 127.0.0.1 and port 0 (a free one) in all-in-one, from env in cluster. */
  host: string;
  port: number;
  /** Signs this service's calls to other services (decision 0008). */
  issuer: ServiceTokenIssuer;
  /** Verifies this service's callers; only services that serve gRPC ask for it. */
  authenticator(): CallerAuthenticator;
  /** Every service's public key (kid = its name): checks grants another service signed (verifyGrant). */
  serviceKeys(): JWTVerifyGetKey;
  /** The registry's gRPC services and their addresses. */
  endpoints: readonly ServiceEndpoint[];
  /** Base URL of the site, for links in e-mails (known only once the edge listens in all-in-one). */
  publicUrl(): string;
  mode: RunMode;
}

export interface RunningService {
  /** The port it listens on (a free one when asked for port 0). */
  port: number;
  /** Port of a separate metrics listener, when it has one. */
  metricsPort?: number;
  /** Settings the services started after it receive as env (identity: IDENTITY_JWKS_URL). */
  exports?: Record<string, string>;
  /** Resolves once its demo data is in (learning's lessons): the all-in-one says it runs only then. */
  seeded?: Promise<void>;
  /** Its use cases, for its own routes in this process (ServiceEndpoint.useCases). */
  useCases?: object;
  stop(): Promise<void>;
}

export type RunMode = 'all-in-one' | 'cluster';

export interface ServiceDescription<N extends ServiceNeeds = ServiceNeeds, C = unknown> {
  /** ServiceNames: the kid of its key, the audience of calls to it, its chart entry and `--target`. */
  name: string;
  needs: N;
  /**
   * How it is reached. gRPC services listen on `<NAME>_GRPC_HOST`/`<NAME>_GRPC_PORT` in cluster
   * (default `port`), are found by others at `<NAME>_ADDR` and report `healthName` to probes.
   * The HTTP edge (the gateway) listens on `<NAME>_HOST`/`PORT` and starts after the others.
   */
  listens: { grpc: { port: number; healthName: string } } | { http: { port: number } };
  /**
   * Reads its own settings from env in both modes, with its zod schema (loadConfig: every
   * problem named at boot). Infrastructure, keys, host/port and addresses are the kit's.
   */
  config: (env: Env) => C;
  /** Env defaults per mode (env still wins), e.g. the gateway's metrics port in cluster. */
  defaults?: Partial<Record<RunMode, Record<string, string>>>;
  /** A service that holds the user-token keys itself (identity); others read IDENTITY_JWKS_URL. */
  userKeys?: (config: C) => JWTVerifyGetKey;
  /**
   * Its slice of the public HTTP API, declared in its own `src/api/` (`defineApi` of @taal/edge):
   * the edge mounts the part of every service of the registry (the kit only carries it).
   */
  api?: object;
  start(ports: PortsFor<N>, config: C, ctx: ServiceContext): Promise<RunningService>;
}

/** Infers a description's types: `export const catalogueService = defineService({ ... })`. */
export function defineService<N extends ServiceNeeds, C>(description: ServiceDescription<N, C>): ServiceDescription<N, C> {
  return description;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyServiceDescription = ServiceDescription<any, any>;

export const envPrefix = (name: string) => name.toUpperCase().replace(/[^A-Z0-9]+/g, '_');

/** gRPC services listen on their own port and are reached by the others; the HTTP edge is reached by users. */
export function grpcOf(description: AnyServiceDescription): { port: number; healthName: string } | undefined {
  return 'grpc' in description.listens ? description.listens.grpc : undefined;
}

/** Reads a description's config: its mode defaults under env. */
export function loadServiceConfig<C>(description: ServiceDescription<ServiceNeeds, C>, mode: RunMode, env: Env): C {
  return description.config({ ...description.defaults?.[mode], ...env });
}

/** Builds ports for services and closes them through the lifecycle. */
export interface PortFactory {
  portsFor<N extends ServiceNeeds>(name: string, needs: N): Promise<PortsFor<N>>;
}

/**
 * All-in-one: one embedded Postgres for the process (a pool per service), the event log in
 * it, files on disk, one in-memory cache and mail as .eml files under DATA_DIR/mail.
 */
export function embeddedPorts(options: { dataDir: string; mailFrom?: string; lifecycle: Lifecycle; logger: Logger }): PortFactory & {
  mailDir: string;
} {
  const { dataDir, lifecycle, logger } = options;
  preparePrivateDataDir(dataDir, logger);
  const once = <T>(make: () => Promise<T>) => {
    let value: Promise<T> | undefined;
    return () => (value ??= make());
  };
  const postgres = once(async () => {
    const pg = await startEmbeddedPostgres(path.join(dataDir, 'postgres'), { logger });
    lifecycle.onStop('embedded postgres', () => pg.close());
    return pg;
  });
  const bus = once(async () => {
    // Events live in the embedded database (a log with per-group offsets): a restart loses none.
    const pg = await postgres();
    const busSql = createSql(pg.connectionString, { max: 2, applicationName: 'events', stream: pg.stream });
    lifecycle.onStop('event bus sql', () => busSql.close());
    // Its publishers are this process's (the data folder is its alone), and they wake the groups
    // themselves: the look for others' events is a rare safety net, not the way events arrive.
    const created = createSqlLogEventBus({ sql: busSql, pollIntervalMs: 10_000, logger: logger.child({ component: 'events' }) });
    lifecycle.onStop('event bus', () => created.close());
    return created;
  });
  const files = once(async () => createDiskFileStore(path.join(dataDir, 'files')));
  const mailDir = path.join(dataDir, 'mail');
  const mail = once(async () => {
    const mailer = createOutboxMailer({ dir: mailDir, from: options.mailFrom ?? DEFAULT_MAIL_FROM });
    lifecycle.onStop('mail outbox', () => mailer.close());
    return mailer;
  });
  const cache = once(async () => {
    const created = createMemoryCache();
    lifecycle.onStop('cache', () => created.close());
    return created;
  });
  // Started only when a service needs documents: FerretDB on SQLite under DATA_DIR/documents.
  const documentServer = once(async () => {
    const server = await startEmbeddedDocumentServer(path.join(dataDir, 'documents'), { logger });
    lifecycle.onStop('embedded documents', () => server.close());
    return server;
  });
  return {
    mailDir,
    async portsFor(name, needs) {
      const ports: Partial<PortMap> = {};
      if (needs.sql) {
        // In-process connections: no socket between a service and the database in the same process.
        const pg = await postgres();
        const sql = createSql(pg.connectionString, { max: 4, applicationName: name, stream: pg.stream });
        lifecycle.onStop(`${name} sql`, () => sql.close());
        ports.sql = sql;
      }
      if (needs.legacySql) {
        const pg = await postgres();
        const sql = createSql(pg.connectionString, { max: 1, applicationName: name, stream: pg.stream });
        lifecycle.onStop(`${name} legacy sql`, () => sql.close());
        ports.legacySql = sql;
      }
      if (needs.bus) ports.bus = await bus();
      if (needs.files) ports.files = await files();
      if (needs.mail) ports.mail = await mail();
      if (needs.cache) ports.cache = await cache();
      if (needs.documents) {
        const server = await documentServer();
        const store = await createDocumentStore(server.url(name));
        lifecycle.onStop(`${name} documents`, () => store.close());
        ports.documents = store;
      }
      return ports as PortsFor<typeof needs>;
    },
  };
}

const clusterSchemas = {
  sql: z.object({
    DATABASE_URL: fields.url({ protocols: ['postgres', 'postgresql'] }),
    DB_POOL_SIZE: fields.int({ min: 1, max: 100, default: 10 }),
  }),
  bus: z.object({
    KAFKA_BROKERS: fields.hostPortList(),
    // Before every topic and group name (see createKafkaEventBus); empty: none.
    KAFKA_NAMESPACE: envField(
      (raw) => (KAFKA_NAMESPACE_PATTERN.test(raw) ? { ok: true, value: raw } : { ok: false, message: "must be letters, digits, '.', '_' or '-', ending in '.' or '-'" }),
      '',
    ),
  }),
  files: z.object({
    S3_ENDPOINT: fields.url({ protocols: ['http', 'https'] }),
    S3_ACCESS_KEY: fields.string(),
    S3_SECRET_KEY: fields.string(),
    S3_BUCKET: fields.string(),
    S3_REGION: fields.string('us-east-1'),
  }),
  mail: z.object({ SMTP_URL: fields.url({ protocols: ['smtp', 'smtps'] }), MAIL_FROM: fields.string(DEFAULT_MAIL_FROM) }),
  cache: z.object({ REDIS_URL: fields.url({ protocols: ['redis', 'rediss'] }) }),
  documents: z.object({
    // Several hosts (a replica set) are not a WHATWG URL: checked by form only.
    MONGODB_URL: envField((raw) =>
      /^mongodb(\+srv)?:\/\/\S+$/.test(raw) ? { ok: true, value: raw } : { ok: false, message: 'must be a mongodb:// or mongodb+srv:// URL' },
    ),
  }),
};

/** The database a MONGODB_URL names, if any (`mongodb://host:port/<db>?options`). */
export function mongoDatabaseOf(url: string): string | undefined {
  const db = /^mongodb(?:\+srv)?:\/\/[^/]+\/([^?]+)/.exec(url)?.[1];
  return db ? decodeURIComponent(db) : undefined;
}

/**
 * Cluster: real servers from env, only those the service needs (DATABASE_URL and DB_POOL_SIZE,
 * KAFKA_BROKERS, S3_*, SMTP_URL and MAIL_FROM, REDIS_URL, MONGODB_URL: its database, else one named
 * after the service). Missing settings fail at boot, all named.
 */
export function clusterPorts(options: { env: Env; lifecycle: Lifecycle; logger: Logger }): PortFactory {
  const { env, lifecycle, logger } = options;
  return {
    async portsFor(name, needs) {
      const wanted = (Object.keys(clusterSchemas) as (keyof typeof clusterSchemas)[]).filter((k) => needs[k]);
      const shape = Object.assign({}, ...wanted.map((k) => clusterSchemas[k].shape));
      // eslint-disable-next-line @typescript-eslint/no-explicit-any
      const c = loadConfig(z.object(shape), env) as Record<string, any>;
      const ports: Partial<PortMap> = {};
      if (needs.sql) {
        const sql = createSql(c.DATABASE_URL, { max: c.DB_POOL_SIZE, applicationName: name });
        lifecycle.onStop('postgres', () => sql.close());
        ports.sql = sql;
      }
      if (needs.legacySql && !needs.sql) {
        // Optional: an install that never kept the service's rows in SQL sets none.
        const url = env.DATABASE_URL;
        const sql = url ? createSql(url, { max: 1, applicationName: name }) : undefined;
        if (sql) lifecycle.onStop('legacy postgres', () => sql.close());
        ports.legacySql = sql;
      }
      if (needs.bus) {
        const bus = createKafkaEventBus({ brokers: c.KAFKA_BROKERS, clientId: name, logger, namespace: c.KAFKA_NAMESPACE });
        lifecycle.onStop('kafka', () => bus.close());
        ports.bus = bus;
      }
      if (needs.files) {
        ports.files = createS3FileStore({
          endpoint: c.S3_ENDPOINT,
          accessKey: c.S3_ACCESS_KEY,
          secretKey: c.S3_SECRET_KEY,
          bucket: c.S3_BUCKET,
          region: c.S3_REGION,
        });
      }
      if (needs.mail) {
        const mailer = createSmtpMailer({ url: c.SMTP_URL, from: c.MAIL_FROM });
        lifecycle.onStop('smtp', () => mailer.close());
        ports.mail = mailer;
      }
      if (needs.cache) {
        const cache = createRedisCache(c.REDIS_URL);
        lifecycle.onStop('redis', () => cache.close());
        ports.cache = cache;
      }
      if (needs.documents) {
        const store = await createDocumentStore(c.MONGODB_URL, { dbName: mongoDatabaseOf(c.MONGODB_URL) ?? name });
        lifecycle.onStop('documents', () => store.close());
        ports.documents = store;
      }
      return ports as PortsFor<typeof needs>;
    },
  };
}
