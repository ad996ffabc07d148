import type * as grpc from '@grpc/grpc-js';
import type { ServiceAuth } from '../auth';
import { startOutboxRelay, type OutboxRelay } from '../events/outbox';
import { startGrpcServer, type GrpcServiceRegistration } from '../grpc/server';
import type { Logger } from '../log';
import type { EventBus, Sql } from '../ports';
import { migrate } from '../sql/migrate';
import type { ServiceContext, ServiceEndpoint } from './index';

/** Something a service opens and must close when it stops: a consumer, a job, a client, a listener. */
export type Closable = { stop(): Promise<void> | void } | { close(): Promise<void> | void };

/** What a service's own wiring gets from the skeleton. */
export interface Composition {
  /** Publishes the outbox now (call after a commit that wrote events); a no-op for a service without SQL. */
  notify(): void;
  /**
   * Registers what must be closed on stop and answers it. Closed after the gRPC server stops, in
   * the reverse order of registration (what was opened last, and may use what came before, first),
   * and also when the start-up fails part-way.
   */
  keep<T extends Closable>(thing: T): T;
}

/** What the wiring answers: the gRPC services to serve, and anything the caller (tests) may use. */
export interface Wired<Extras> {
  services: readonly GrpcServiceRegistration[];
  serverOptions?: grpc.ServerOptions;
  extras: Extras;
}

/** What every service's start gets, whatever else it needs: its logger, where it listens, its keys. */
export interface ServiceDeps {
  logger: Logger;
  host: string;
  /** 0 picks a free port. */
  port: number;
  /** This service's keys: verifies every caller and signs its own calls (decision 0008). */
  auth: ServiceAuth;
}

/** A service with a schema of its own in Postgres and events to publish. */
export interface SqlServiceDeps extends ServiceDeps {
  sql: Sql;
  bus: EventBus;
}

export type ComposeServiceOptions = ServiceDeps & {
  /** For the logs ("catalogue ready"). */
  name: string;
} & (
    | { schema?: undefined }
    /** A service with its own schema: its migrations run first, then its outbox relay starts. */
    | { sql: Sql; bus: EventBus; schema: { name: string; migrations: string } }
  );

export type ComposedService<Extras> = Extras & { port: number; stop(): Promise<void> };

/**
 * A service's composition root, the same for every service (issue 39): migrations, outbox relay,
 * the service's own wiring (its consumers, jobs and clients registered with `keep`), the gRPC
 * server, every one of its services reported serving (ready last), and the stop order: the server
 * first (no new calls), then what the wiring kept, newest first, then the relay (which publishes
 * what those last calls wrote).
 */
export async function composeService<Extras extends object>(
  options: ComposeServiceOptions,
  wire: (composition: Composition) => Promise<Wired<Extras>>,
): Promise<ComposedService<Extras>> {
  const { logger } = options;
  const kept: Closable[] = [];
  let relay: OutboxRelay | undefined;
  const closeKept = async () => {
    for (const thing of kept.splice(0).reverse()) await ('stop' in thing ? thing.stop() : thing.close());
    await relay?.stop();
  };
  try {
    if (options.schema) {
      const { sql, bus, schema } = options;
      await migrate(sql, { schema: schema.name, dir: schema.migrations, logger });
      relay = startOutboxRelay({ sql, schema: schema.name, bus, logger });
    }
    const notify = relay ? () => relay!.notify() : () => undefined;
    const wired = await wire({
      notify,
      keep: (thing) => {
        kept.push(thing);
        return thing;
      },
    });
    const server = await startGrpcServer({
      host: options.host,
      port: options.port,
      auth: options.auth.authenticator,
      logger,
      services: wired.services,
      serverOptions: wired.serverOptions,
    });
    server.health.setAll(true);
    logger.info({ port: server.port }, `${options.name} ready`);
    return {
      ...wired.extras,
      port: server.port,
      async stop() {
        await server.stop();
        await closeKept();
      },
    };
  } catch (err) {
    await closeKept().catch((closeErr: unknown) => logger.warn({ err: closeErr }, `${options.name}: closing after a failed start failed too`));
    throw err;
  }
}

/** The address of a service this one calls, which the registry must list before it. */
export function addressOf(endpoints: readonly ServiceEndpoint[], name: string, needer: string): string {
  const found = endpoints.find((e) => e.name === name);
  if (!found) throw new Error(`${needer} needs the ${name} service, which the registry does not list before it`);
  return found.address;
}

/** The part of a registry start's context that every service's start takes (ServiceDeps). */
export function serviceDepsOf(ctx: ServiceContext): ServiceDeps {
  return { logger: ctx.logger, host: ctx.host, port: ctx.port, auth: { issuer: ctx.issuer, authenticator: ctx.authenticator() } };
}
