import path from 'node:path';
import type { Logger } from 'pino';
import { messagingV1, ServiceNames } from '@taal/contracts';
import { defineService, loadConfig, migrate, startGrpcServer, startPeriodicJob, type EventBus, type Mailer, type ServiceAuth, type Sql } from '@taal/kit';
import { MassMails } from './app/mass-mail';
import { Messaging } from './app/messaging';
import { messagingConfig } from './config';
import { notifyFromEvents } from './events/notifications';
import { messagingGrpcService } from './grpc/messaging-service';
import { MessagingStore, SCHEMA } from './store/messaging-store';

export interface MessagingDeps {
  sql: Sql;
  bus: EventBus;
  logger: Logger;
  host: string;
  port: number;
  /** This service's keys: verifies every caller (decision 0008). */
  auth: ServiceAuth;
  /** Mass mails go out through it. */
  mailer: Mailer;
  /** The site's public URL (unsubscribe links). */
  publicUrl?: () => string;
  /** How often the mass-mail job looks for pending recipients (default 1 s). */
  massMailIntervalMs?: number;
  /** Recipients per batch (default 25). */
  massMailBatchSize?: number;
  /** Pause between two batches of a send (default none). */
  massMailBatchDelayMs?: number;
}

export interface RunningMessaging {
  port: number;
  messaging: Messaging;
  store: MessagingStore;
  massMails: MassMails;
  stop(): Promise<void>;
}

export const MESSAGING_SERVICE_NAME = 'taal.messaging.v1.MessagingService';

/** Wires messaging (its composition root): migrations, the notification consumer, then the gRPC server. */
export async function startMessaging(deps: MessagingDeps): Promise<RunningMessaging> {
  const { sql, bus, logger } = deps;
  await migrate(sql, { schema: SCHEMA, dir: path.join(__dirname, '..', 'migrations'), logger });
  const store = new MessagingStore(sql);
  const messaging = new Messaging(sql, store);
  const notifications = await notifyFromEvents(sql, bus, store, logger, () => {});
  const massMails = new MassMails(sql, deps.mailer, logger, {
    publicUrl: deps.publicUrl ?? (() => 'http://127.0.0.1:8080'),
    batchSize: deps.massMailBatchSize,
  });
  const interrupted = await massMails.settleInterrupted();
  if (interrupted > 0) logger.warn({ interrupted }, 'mass-mail recipients interrupted by a crash while being mailed: not retried');
  const massMailJob = startPeriodicJob({
    name: 'mass mail',
    intervalMs: deps.massMailIntervalMs ?? 1000,
    logger,
    run: async () => {
      // Batch after batch while there is work; the next tick when there is none.
      const pause = deps.massMailBatchDelayMs ?? 0;
      for (let sent = await massMails.sendBatch(); sent > 0; sent = await massMails.sendBatch()) {
        logger.info({ sent }, 'mass mail batch sent');
        if (pause > 0) await new Promise((resolve) => setTimeout(resolve, pause));
      }
    },
  });

  const server = await startGrpcServer({
    host: deps.host,
    port: deps.port,
    auth: deps.auth.authenticator,
    logger,
    services: [{ definition: messagingV1.MessagingServiceService, implementation: messagingGrpcService(messaging, massMails) }],
  });
  server.health.setStatus(MESSAGING_SERVICE_NAME, true);
  server.health.setStatus('', true);
  logger.info({ port: server.port }, 'messaging ready');

  return {
    port: server.port,
    messaging,
    store,
    massMails,
    async stop() {
      await server.stop();
      await massMailJob.stop();
      await notifications.stop();
    },
  };
}

/** Messaging in the service registry (decision 0011): contact messages, student messages, notifications. */
export const messagingService = defineService({
  name: ServiceNames.messaging,
  needs: { sql: true, bus: true, mail: true },
  listens: { grpc: { port: 50057, healthName: MESSAGING_SERVICE_NAME } },
  config: (env) => loadConfig(messagingConfig, env),
  start: (ports, config, ctx) =>
    startMessaging({
      ...ports,
      logger: ctx.logger,
      host: ctx.host,
      port: ctx.port,
      auth: { issuer: ctx.issuer, authenticator: ctx.authenticator() },
      mailer: ports.mail,
      publicUrl: ctx.publicUrl,
      massMailBatchSize: config.MASS_MAIL_BATCH_SIZE,
      massMailBatchDelayMs: config.MASS_MAIL_BATCH_DELAY_MS,
    }),
});
