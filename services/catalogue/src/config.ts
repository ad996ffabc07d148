import { z } from 'zod';
import { fields, loadConfig, type Env } from '@taal/kit';

/** What the catalogue needs when it runs as its own process (cluster mode). */
const schema = z.object({
  CATALOGUE_GRPC_HOST: fields.string('127.0.0.1'),
  CATALOGUE_GRPC_PORT: fields.port(50051),
  DATABASE_URL: fields.url({ protocols: ['postgres', 'postgresql'] }),
  KAFKA_BROKERS: fields.hostPortList(),
  SEED_DEMO_DATA: fields.boolean(false),
  DB_POOL_SIZE: fields.int({ min: 1, max: 100, default: 10 }),
});

export type CatalogueConfig = z.infer<typeof schema>;

export function loadCatalogueConfig(env: Env = process.env): CatalogueConfig {
  return loadConfig(schema, env);
}
