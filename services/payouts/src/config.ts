import { z } from 'zod';

/** Payouts has no settings of its own yet: infrastructure, keys and addresses are the kit's (decision 0011). */
export const payoutsConfig = z.object({});

export type PayoutsConfig = z.infer<typeof payoutsConfig>;
