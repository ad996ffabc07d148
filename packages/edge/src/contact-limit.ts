import type { Cache } from '@taal/kit';
import { refusal } from './errors';

export interface ContactLimits {
  /** Contact messages allowed from one client address within the window. */
  perAddress: number;
  /** Contact messages allowed from one sender e-mail within the window (any client address). */
  perEmail: number;
  windowSeconds: number;
}

export const DEFAULT_CONTACT_LIMITS: ContactLimits = { perAddress: 10, perEmail: 5, windowSeconds: 60 * 60 };

/**
 * Caps the public contact form through the cache port (shared by all gateway replicas): per
 * client address and per sender e-mail, each a window starting at its first message. Over a
 * limit the answer is 429 with Retry-After; the message is not stored.
 */
export class ContactLimiter {
  constructor(
    private readonly cache: Cache,
    readonly limits: ContactLimits = DEFAULT_CONTACT_LIMITS,
  ) {}

  async hit(email: string, address: string): Promise<void> {
    const keys: [string, number][] = [
      [`contact:address:${address}`, this.limits.perAddress],
      [`contact:email:${email.trim().toLowerCase()}`, this.limits.perEmail],
    ];
    const counts = await Promise.all(keys.map(([key]) => this.cache.incr(key, this.limits.windowSeconds)));
    if (counts.some((count, i) => count > keys[i]![1])) {
      throw refusal('TOO_MANY_MESSAGES', { headers: { 'Retry-After': String(this.limits.windowSeconds) } });
    }
  }
}
