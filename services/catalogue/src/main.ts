/** Cluster-mode entry point: the catalogue as its own process against real Postgres and Kafka. */
import { createKafkaEventBus, createSql, runService, serviceAuthFromEnv } from '@taal/kit';
import { ServiceNames } from '@taal/contracts';
import { startCatalogue } from './app';
import { loadCatalogueConfig } from './config';

void runService('catalogue', async ({ logger, lifecycle }) => {
  const config = loadCatalogueConfig();
  const auth = serviceAuthFromEnv(ServiceNames.catalogue);
  const sql = createSql(config.DATABASE_URL, { max: config.DB_POOL_SIZE, applicationName: 'catalogue' });
  lifecycle.onStop('postgres', () => sql.close());
  const bus = createKafkaEventBus({ brokers: config.KAFKA_BROKERS, clientId: 'catalogue', logger });
  lifecycle.onStop('kafka', () => bus.close());

  const catalogue = await startCatalogue({
    sql,
    bus,
    logger,
    host: config.CATALOGUE_GRPC_HOST,
    port: config.CATALOGUE_GRPC_PORT,
    seedDemoData: config.SEED_DEMO_DATA,
    auth,
  });
  lifecycle.onStop('grpc', () => catalogue.stop());
});
