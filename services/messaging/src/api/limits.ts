/**
 * Messaging's own limit at the edge (decision 0019): the public contact form, per client address
 * and per sender e-mail. Declared by its API part (`limiters`), built by the edge on its shared
 * counters with these settings from the gateway's environment. Over a limit: 429 with Retry-After,
 * and the message is not stored.
 */
import { z } from 'zod';
import { fields, loadConfig, type Cache, type Env } from '@taal/kit';
import { TargetLimiter } from '@taal/edge';

export const DEFAULT_CONTACT_LIMITS = { perAddress: 10, perEmail: 5, windowSeconds: 60 * 60 };

const limitsSchema = z.object({
  CONTACT_MAX_PER_ADDRESS: fields.int({ min: 1, max: 100_000, default: DEFAULT_CONTACT_LIMITS.perAddress }),
  CONTACT_MAX_PER_EMAIL: fields.int({ min: 1, max: 100_000, default: DEFAULT_CONTACT_LIMITS.perEmail }),
  CONTACT_WINDOW_MS: fields.durationMs(DEFAULT_CONTACT_LIMITS.windowSeconds * 1000),
});

export interface MessagingLimiters {
  /** `hit('message', email, clientAddress)` before a contact message is stored. */
  contact: TargetLimiter;
}

export function messagingLimiters(counters: Cache, env: Env): MessagingLimiters {
  const c = loadConfig(limitsSchema, env);
  const limits = { perTarget: c.CONTACT_MAX_PER_EMAIL, perAddress: c.CONTACT_MAX_PER_ADDRESS, windowSeconds: Math.max(1, Math.ceil(c.CONTACT_WINDOW_MS / 1000)) };
  return { contact: new TargetLimiter(counters, limits, 'contact', 'TOO_MANY_MESSAGES') };
}
