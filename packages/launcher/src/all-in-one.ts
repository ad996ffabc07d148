/**
 * All-in-one mode (`npm start`): one process hosts every service of the registry, each as its
 * own gRPC server on loopback, plus the gateway on PORT. The kit's embedded ports: one PGlite
 * for the whole process (served over the Postgres wire protocol, a pool per service), an event
 * log in that database, files on disk under DATA_DIR/files, an in-memory cache and mail as .eml
 * files under DATA_DIR/mail. Everything persistent lives under DATA_DIR; demo data is seeded on
 * the first run.
 */
// First: tracing (when configured) must patch http, gRPC, pg, ioredis and kafkajs before they load.
import '@taal/kit/dist/telemetry/register';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { z } from 'zod';
import {
  Lifecycle,
  createLogger,
  embeddedPorts,
  fields,
  generateServiceKeyRing,
  grpcOf,
  loadConfig,
  loadServiceConfig,
  localKeys,
  remoteKeys,
  runService,
  serveCallsInProcess,
  DEFAULT_MAIL_FROM,
  type CallerAuthenticator,
  type Env,
  type RunningService,
  type ServiceEndpoint,
} from '@taal/kit';
import { startServiceApi } from '@taal/gateway';
import { accessTokenKeyFor, tokenSecretFor } from './identity-keys';
import { services } from './registry';
import { findService, startOrder } from './run';

/** How long the all-in-one waits for its demo data before it says it runs anyway. */
const SEED_WAIT_MS = 60_000;

const schema = z.object({
  // 0 picks a free port (tests).
  PORT: fields.int({ min: 0, max: 65535, default: 8080 }),
  HOST: fields.string('127.0.0.1'),
  DATA_DIR: fields.string('./data'),
  MAIL_FROM: fields.string(DEFAULT_MAIL_FROM),
  // Base URL for links in e-mails; defaults to http://HOST:PORT once the gateway listens.
  PUBLIC_URL: fields.url({ protocols: ['http', 'https'] }).optional(),
  // Generated and kept under DATA_DIR when not given.
  IDENTITY_TOKEN_SECRET: z.string().min(32).optional(),
  GRPC_IN_PROCESS: fields.boolean(true),
});

export interface AllInOneOptions {
  /** Service names to run (default: the whole registry). */
  targets?: readonly string[];
  /**
   * Services (of those started) that also serve their routes on a loopback port of their own, as
   * their processes do in a cluster (issue 52): a service's route tests run against it alone, no
   * gateway in front. The services not started are then named where nothing answers, so calls to
   * them fail as calls to a service that is down do.
   */
  ownApis?: readonly string[];
  /** The port a service of `ownApis` serves its routes on (default: any free one). */
  ownApiPorts?: Readonly<Record<string, number>>;
}

export async function startAllInOne(env: NodeJS.ProcessEnv = process.env, options: AllInOneOptions = {}) {
  const lifecycle = new Lifecycle();
  try {
    // In the registry's order, whatever the order asked: a service starts after those it calls.
    const selected = options.targets ? services.filter((s) => options.targets!.map(findService).includes(s)) : services;
    return await startServices(env, lifecycle, selected, options);
  } catch (err) {
    // Close whatever had started (the embedded database above all) before reporting.
    await lifecycle.stop().catch(() => undefined);
    throw err;
  }
}

async function startServices(env: NodeJS.ProcessEnv, lifecycle: Lifecycle, selected: typeof services, { ownApis = [], ownApiPorts = {} }: AllInOneOptions) {
  const started = Date.now();
  const logger = createLogger('taal');
  const config = loadConfig(schema, env);
  const dataDir = path.resolve(config.DATA_DIR);
  const ports = embeddedPorts({ dataDir, mailFrom: config.MAIL_FROM, lifecycle, logger });
  // The services call each other's handlers in this process without a socket (kit grpc/in-process.ts;
  // GRPC_IN_PROCESS=false sends every call over loopback gRPC, as before).
  serveCallsInProcess(config.GRPC_IN_PROCESS);
  // Every service proves who it is on every call, as in a cluster (decision 0008); keys made per start.
  const keyRing = generateServiceKeyRing(services.map((s) => s.name));
  // What the services read from env here: demo data, identity's secrets kept under DATA_DIR, and
  // what earlier services export (identity's IDENTITY_JWKS_URL, read like in a cluster).
  let serviceEnv: Env = {
    ...env,
    SEED_DEMO_DATA: 'true',
    IDENTITY_TOKEN_SECRET: tokenSecretFor(dataDir, config.IDENTITY_TOKEN_SECRET),
    IDENTITY_ACCESS_TOKEN_KEY: JSON.stringify(accessTokenKeyFor(dataDir)),
  };
  let publicUrl = config.PUBLIC_URL ?? '';
  const endpoints: ServiceEndpoint[] = [];
  const running: Record<string, RunningService> = {};
  const apiPorts: Record<string, number> = {};
  const authenticators: Record<string, () => CallerAuthenticator> = {};
  let edge: RunningService | undefined;
  // Serving services alone (tests), the others are named where nothing answers: calls to them fail as to a service that is down.
  const absent = ownApis.length ? notRunningHere(selected) : [];

  for (const description of startOrder(selected)) {
    const { name } = description;
    const serviceConfig = loadServiceConfig(description, 'all-in-one', serviceEnv);
    const grpc = grpcOf(description);
    const jwksUrl = serviceEnv.IDENTITY_JWKS_URL;
    const authenticator = () => {
      const userKeys = description.userKeys?.(serviceConfig) ?? (jwksUrl ? remoteKeys(jwksUrl) : undefined);
      if (!userKeys) throw new Error(`${name} needs IDENTITY_JWKS_URL: run identity first or set it`);
      return keyRing.authFor(name, userKeys).authenticator;
    };
    const service = await description.start(await ports.portsFor(name, description.needs), serviceConfig, {
      logger: logger.child({ service: name }),
      host: grpc ? '127.0.0.1' : config.HOST,
      port: grpc ? 0 : config.PORT,
      issuer: keyRing.issuerFor(name),
      authenticator,
      serviceKeys: () => localKeys(keyRing.publicKeys),
      endpoints: [...endpoints, ...absent],
      publicUrl: () => publicUrl,
      mode: 'all-in-one',
    });
    lifecycle.onStop(name, () => service.stop());
    running[name] = service;
    serviceEnv = { ...serviceEnv, ...service.exports };
    // Its routes run in the gateway of this process and call its use cases directly (issue 52).
    if (grpc) endpoints.push({ name, address: `127.0.0.1:${service.port}`, healthName: grpc.healthName, api: description.api, useCases: service.useCases });
    else {
      edge = service;
      publicUrl ||= `http://${config.HOST}:${service.port}`;
    }
    authenticators[name] = authenticator;
  }

  // The services named serve their own routes once every service runs: their routes may call any of them.
  // The edge's deadline for calls, as the gateway reads it from the same environment.
  const { GRPC_DEADLINE_MS } = loadServiceConfig(findService('gateway'), 'all-in-one', serviceEnv) as { GRPC_DEADLINE_MS: number };
  for (const name of ownApis) {
    const description = findService(name);
    if (!running[name] || !grpcOf(description) || !description.api) continue;
    const own = await ports.portsFor(`${name}-api`, { bus: true, cache: true, files: true });
    const api = await startServiceApi({
      service: name,
      endpoints: [...endpoints, ...absent],
      bus: own.bus,
      cache: own.cache,
      files: own.files,
      issuer: keyRing.issuerFor(name),
      accessTokens: authenticators[name]!(),
      serviceKeys: localKeys(keyRing.publicKeys),
      logger: logger.child({ service: `${name}-api` }),
      deadlineMs: GRPC_DEADLINE_MS,
      instanceId: `all-in-one-${name}`,
      env: serviceEnv,
      host: '127.0.0.1',
      port: ownApiPorts[name] ?? 0,
    });
    lifecycle.onStop(`${name} API`, () => api.stop());
    apiPorts[name] = api.port;
  }

  // "Running" means the demo is there to see: a course opened at once has its lessons (the seed
  // makes its videos with ffmpeg, seconds on a busy machine). Bounded, as the seed retries for good.
  const seeding = Object.values(running).flatMap((s) => (s.seeded ? [s.seeded] : []));
  const waited = new AbortController();
  const seeded = await Promise.race([
    Promise.all(seeding).then(() => true),
    delay(SEED_WAIT_MS, false, { signal: waited.signal }).catch(() => true),
  ]);
  waited.abort();
  if (!seeded) logger.warn({ waitedMs: SEED_WAIT_MS }, 'demo data is still being seeded; the marketplace runs without all of it meanwhile');
  if (edge) logger.info({ url: `http://${config.HOST}:${edge.port}/`, ms: Date.now() - started, dataDir }, 'Taal is running');
  return {
    /** The HTTP edge's port (the gateway). */
    port: edge?.port ?? 0,
    /** The port each service named in `ownApis` serves its routes on, by name. */
    apiPorts,
    /** Each started service's port, by name. */
    ports: Object.fromEntries(Object.entries(running).map(([name, s]) => [name, s.port])) as Record<string, number>,
    jwksUrl: serviceEnv.IDENTITY_JWKS_URL,
    /** This run's service keys, for in-process tests that call a service's gRPC port as the gateway would. */
    keyRing,
    metricsPort: edge?.metricsPort,
    dataDir,
    mailDir: ports.mailDir,
    lifecycle,
    stop: () => lifecycle.stop(),
  };
}

/**
 * The registry's services that are not running in this process, at an address where nothing
 * listens (loopback's port 1): a call to one of them fails as in a cluster where that service is
 * down, while the routes that need none of them work.
 */
function notRunningHere(selected: typeof services): ServiceEndpoint[] {
  return services.flatMap((description) => {
    const grpc = grpcOf(description);
    if (!grpc || selected.includes(description)) return [];
    return [{ name: description.name, address: '127.0.0.1:1', healthName: grpc.healthName, api: description.api }];
  });
}

if (require.main === module) {
  void runService('taal', async ({ lifecycle }) => {
    const taal = await startAllInOne();
    lifecycle.onStop('all-in-one', () => taal.stop());
  });
}
