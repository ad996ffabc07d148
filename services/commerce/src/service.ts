import path from 'node:path';
import type { Logger } from 'pino';
import { commerceV1, ServiceNames } from '@taal/contracts';
import { defineService, loadConfig, migrate, startGrpcServer, startOutboxRelay, startPeriodicJob, type EventBus, type ServiceAuth, type Sql } from '@taal/kit';
import { Commerce } from './app/commerce';
import { commerceConfig } from './config';
import { catalogueCourses } from './grpc/catalogue-client';
import { commerceGrpcService } from './grpc/commerce-service';
import { CommerceStore, SCHEMA } from './store/commerce-store';

export interface CommerceDeps {
  sql: Sql;
  bus: EventBus;
  logger: Logger;
  host: string;
  port: number;
  /** This service's keys: verifies every caller and signs its calls to the catalogue (decision 0008). */
  auth: ServiceAuth;
  /** Where the catalogue answers gRPC (prices and validity come from there). */
  catalogueAddress: string;
  /** How often overdue unpaid orders are expired and their reservations released (default 60 s). */
  expirySweepMs?: number;
}

export interface RunningCommerce {
  port: number;
  commerce: Commerce;
  stop(): Promise<void>;
}

export const COMMERCE_SERVICE_NAME = 'taal.commerce.v1.CommerceService';

/** Wires commerce (its composition root): migrations, outbox relay, expiry sweep, then the gRPC server (ready last). */
export async function startCommerce(deps: CommerceDeps): Promise<RunningCommerce> {
  const { sql, bus, logger } = deps;
  await migrate(sql, { schema: SCHEMA, dir: path.join(__dirname, '..', 'migrations'), logger });
  const store = new CommerceStore(sql);
  const courses = catalogueCourses(deps.catalogueAddress, deps.auth.issuer);
  const relay = startOutboxRelay({ sql, schema: SCHEMA, bus, logger });
  const commerce = new Commerce(sql, store, courses, () => relay.notify());

  const expiry = startPeriodicJob({
    name: 'order expiry sweep',
    run: async () => {
      const expired = await commerce.expireOverdue();
      if (expired > 0) logger.info({ expired }, 'unpaid orders expired, wallet reservations released');
    },
    intervalMs: deps.expirySweepMs ?? 60_000,
    logger,
  });

  const server = await startGrpcServer({
    host: deps.host,
    port: deps.port,
    auth: deps.auth.authenticator,
    logger,
    services: [{ definition: commerceV1.CommerceServiceService, implementation: commerceGrpcService(commerce) }],
  });
  server.health.setStatus(COMMERCE_SERVICE_NAME, true);
  server.health.setStatus('', true);
  logger.info({ port: server.port }, 'commerce ready');

  return {
    port: server.port,
    commerce,
    async stop() {
      await server.stop();
      await expiry.stop();
      await relay.stop();
      courses.close();
    },
  };
}

/** Commerce in the service registry (decision 0011): cart, wishlist, vouchers, wallet, orders. */
export const commerceService = defineService({
  name: ServiceNames.commerce,
  needs: { sql: true, bus: true },
  listens: { grpc: { port: 50053, healthName: COMMERCE_SERVICE_NAME } },
  config: (env) => loadConfig(commerceConfig, env),
  start: (ports, config, ctx) => {
    const catalogue = ctx.endpoints.find((e) => e.name === ServiceNames.catalogue);
    if (!catalogue) throw new Error('commerce needs the catalogue service, which the registry does not list before it');
    return startCommerce({
      ...ports,
      logger: ctx.logger,
      host: ctx.host,
      port: ctx.port,
      auth: { issuer: ctx.issuer, authenticator: ctx.authenticator() },
      catalogueAddress: catalogue.address,
      expirySweepMs: config.ORDER_EXPIRY_SWEEP_MS,
    });
  },
});
