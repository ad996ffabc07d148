import { z } from 'zod';
import { fields } from '@taal/kit';

/** The store's own settings (decision 0011); the card gateway's are the same as commerce's (decision 0014). */
export const storeConfig = z.object({
  SEED_DEMO_DATA: fields.boolean(false),
  SSLCOMMERZ_BASE_URL: fields.url({ protocols: ['http', 'https'] }).optional(),
  SSLCOMMERZ_STORE_ID: fields.string().optional(),
  SSLCOMMERZ_STORE_PASSWORD: fields.string().optional(),
});

export type StoreConfig = z.infer<typeof storeConfig>;
