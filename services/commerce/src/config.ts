import { z } from 'zod';
import { fields } from '@taal/kit';

/**
 * Commerce's own settings, read from env in both run modes. Infrastructure, keys, its
 * COMMERCE_GRPC_HOST/PORT and CATALOGUE_ADDR are the kit's (decision 0011).
 */
export const commerceConfig = z.object({
  /** How often unpaid orders past their expiry are expired and their wallet reservations released. */
  ORDER_EXPIRY_SWEEP_MS: fields.int({ min: 1000, max: 3_600_000, default: 60_000 }),
});

export type CommerceConfig = z.infer<typeof commerceConfig>;
