/**
 * All-in-one mode (`npm start`): one process hosts every service, each as its own gRPC
 * server on loopback, plus the gateway on PORT. Embedded adapters: one PGlite for the
 * whole process (served over the Postgres wire protocol), an in-process event bus.
 * Everything persistent lives under DATA_DIR; demo data is seeded on the first run.
 */
import path from 'node:path';
import { z } from 'zod';
import {
  Lifecycle,
  createInProcessEventBus,
  createLogger,
  createSql,
  fields,
  installSignalHandlers,
  loadConfig,
  startEmbeddedPostgres,
} from '@taal/kit';
import { startCatalogue } from '@taal/catalogue';
import { startGateway } from '@taal/gateway';
import { mountUiIfBuilt } from './ui';

const schema = z.object({
  // 0 picks a free port (tests).
  PORT: fields.int({ min: 0, max: 65535, default: 8080 }),
  HOST: fields.string('127.0.0.1'),
  DATA_DIR: fields.string('./data'),
  GRPC_DEADLINE_MS: fields.int({ min: 50, max: 60_000, default: 2000 }),
});

export async function startAllInOne(env: NodeJS.ProcessEnv = process.env) {
  const started = Date.now();
  const logger = createLogger('taal');
  const config = loadConfig(schema, env);
  const dataDir = path.resolve(config.DATA_DIR);
  const lifecycle = new Lifecycle();

  const postgres = await startEmbeddedPostgres(path.join(dataDir, 'postgres'));
  lifecycle.onStop('embedded postgres', () => postgres.close());
  const bus = createInProcessEventBus();
  lifecycle.onStop('event bus', () => bus.close());

  const catalogueSql = createSql(postgres.connectionString, { max: 4, applicationName: 'catalogue' });
  lifecycle.onStop('catalogue sql', () => catalogueSql.close());
  const catalogue = await startCatalogue({
    sql: catalogueSql,
    bus,
    logger: logger.child({ service: 'catalogue' }),
    host: '127.0.0.1',
    port: 0,
    seedDemoData: true,
  });
  lifecycle.onStop('catalogue', () => catalogue.stop());

  const gateway = await startGateway({
    catalogueAddress: `127.0.0.1:${catalogue.port}`,
    bus,
    logger: logger.child({ service: 'gateway' }),
    host: config.HOST,
    port: config.PORT,
    deadlineMs: config.GRPC_DEADLINE_MS,
    instanceId: 'all-in-one',
    mountUi: mountUiIfBuilt(logger),
  });
  lifecycle.onStop('gateway', () => gateway.stop());

  logger.info({ url: `http://${config.HOST}:${gateway.port}/`, ms: Date.now() - started, dataDir }, 'Taal is running');
  return { port: gateway.port, cataloguePort: catalogue.port, lifecycle, stop: () => lifecycle.stop() };
}

if (require.main === module) {
  startAllInOne()
    .then(({ lifecycle }) => installSignalHandlers(lifecycle, createLogger('taal')))
    .catch((error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    });
}
