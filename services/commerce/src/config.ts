import { z } from 'zod';
import { fields } from '@taal/kit';
import { cardReconcileConfig } from '@taal/payments';

/**
 * Commerce's own settings, read from env in both run modes. Infrastructure, keys, its
 * COMMERCE_GRPC_HOST/PORT and CATALOGUE_ADDR are the kit's (decision 0011).
 */
export const commerceConfig = z.object({
  /** How often unpaid orders past their expiry are expired and their wallet reservations released. */
  ORDER_EXPIRY_SWEEP_MS: fields.int({ min: 1000, max: 3_600_000, default: 60_000 }),
  /**
   * The card gateway (decision 0013/0014): the live SSLCommerz, its public sandbox or ours. Unset
   * in all-in-one, where our sandbox is mounted in the same process at `<PUBLIC_URL>/sslcommerz-sandbox`.
   */
  SSLCOMMERZ_BASE_URL: fields.url({ protocols: ['http', 'https'] }).optional(),
  /** The store's credentials at that gateway (required with SSLCOMMERZ_BASE_URL). */
  SSLCOMMERZ_STORE_ID: fields.string().optional(),
  SSLCOMMERZ_STORE_PASSWORD: fields.string().optional(),
  /** When card attempts that heard nothing back are asked about at the gateway (decision 0035). */
  ...cardReconcileConfig,
});

export type CommerceConfig = z.infer<typeof commerceConfig>;
