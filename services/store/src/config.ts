import { z } from 'zod';
import { fields } from '@taal/kit';
import { cardReconcileConfig } from '@taal/payments';

/** The store's own settings (decision 0011); the card gateway's are the same as commerce's (decision 0014). */
export const storeConfig = z.object({
  SEED_DEMO_DATA: fields.boolean(false),
  SSLCOMMERZ_BASE_URL: fields.url({ protocols: ['http', 'https'] }).optional(),
  SSLCOMMERZ_STORE_ID: fields.string().optional(),
  SSLCOMMERZ_STORE_PASSWORD: fields.string().optional(),
  /** When card attempts that heard nothing back are asked about at the gateway (decision 0035). */
  ...cardReconcileConfig,
});

export type StoreConfig = z.infer<typeof storeConfig>;
