import { z } from 'zod';
import { fields } from '@taal/kit';

/**
 * The catalogue's own settings, read from env in both run modes. Infrastructure (DATABASE_URL,
 * KAFKA_BROKERS, DB_POOL_SIZE), keys and CATALOGUE_GRPC_HOST/PORT are the kit's (decision 0011).
 */
export const catalogueConfig = z.object({
  SEED_DEMO_DATA: fields.boolean(false),
});

export type CatalogueConfig = z.infer<typeof catalogueConfig>;
