import { z } from 'zod';

/** Messaging's own settings (none yet). Infrastructure, keys and MESSAGING_GRPC_HOST/PORT are the kit's (decision 0011). */
export const messagingConfig = z.object({});

export type MessagingConfig = z.infer<typeof messagingConfig>;
