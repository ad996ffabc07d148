import { z } from 'zod';
import { fields } from '@taal/kit';

/**
 * Messaging's own settings, read from env in both run modes. Infrastructure, keys and
 * MESSAGING_GRPC_HOST/PORT are the kit's (decision 0011).
 */
export const messagingConfig = z.object({
  /** Mass-mail recipients sent per batch (decision 0019). */
  MASS_MAIL_BATCH_SIZE: fields.int({ min: 1, max: 1000, default: 250 }),
  /** Pause between two mass-mail batches (0: none). Throttles a large send; the cluster test uses it to stop messaging mid-send. */
  MASS_MAIL_BATCH_DELAY_MS: fields.int({ min: 0, max: 60_000, default: 0 }),
  /** Mass mails handed to the mail server at once (decision 0088); a crash leaves at most this many uncertain (never sent twice). */
  MASS_MAIL_WINDOW: fields.int({ min: 1, max: 5, default: 4 }),
});

export type MessagingConfig = z.infer<typeof messagingConfig>;
