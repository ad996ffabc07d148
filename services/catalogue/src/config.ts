import { z } from 'zod';
import { fields } from '@taal/kit';

/**
 * The catalogue's own settings, read from env in both run modes. Infrastructure (DATABASE_URL,
 * KAFKA_BROKERS, DB_POOL_SIZE), keys and CATALOGUE_GRPC_HOST/PORT are the kit's (decision 0011).
 */
export const catalogueConfig = z.object({
  SEED_DEMO_DATA: fields.boolean(false),
  // Search's time budget (decision 0038): searches at once in this process (0: no cap), the longest a
  // search waits for its turn (keep it well under the gateway's GRPC_DEADLINE_MS), and each search
  // statement's statement_timeout (0: none; PostgreSQL only, the embedded database does not honour
  // it). Over either: 503 SEARCH_BUSY. All-in-one defaults: one at a time, no statement timeout.
  SEARCH_CONCURRENCY: fields.int({ min: 0, max: 1000, default: 4 }),
  SEARCH_QUEUE_MS: fields.int({ min: 0, max: 60_000, default: 500 }),
  SEARCH_STATEMENT_TIMEOUT_MS: fields.int({ min: 0, max: 60_000, default: 250 }),
});

export type CatalogueConfig = z.infer<typeof catalogueConfig>;
