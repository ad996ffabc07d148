import type { Cache } from '@taal/kit';
import { IdentityMessages } from '@taal/contracts';
import { HttpError } from './errors';

export interface LoginLimits {
  /** Consecutive failed logins allowed per account; the next attempt is answered 429. */
  perAccount: number;
  /** Failed logins allowed per client address within the window. */
  perAddress: number;
  windowSeconds: number;
}

export const DEFAULT_LOGIN_LIMITS: LoginLimits = { perAccount: 10, perAddress: 100, windowSeconds: 15 * 60 };

/**
 * Login throttling through the cache port (in-memory in all-in-one, Redis in cluster, so all
 * gateway replicas share the counts). Per account every attempt is counted atomically before
 * the password is checked, and a success clears the count: after `perAccount` failures in a
 * row the next attempts get 429 until the window ends. Per address only failures count.
 */
export class LoginLimiter {
  constructor(
    private readonly cache: Cache,
    private readonly limits: LoginLimits = DEFAULT_LOGIN_LIMITS,
  ) {}

  private accountKey(email: string) {
    return `login:account:${email.trim().toLowerCase()}`;
  }

  private addressKey(address: string) {
    return `login:address:${address}`;
  }

  /** Throws 429 when the account or the address is over its limit; otherwise counts the attempt. */
  async begin(email: string, address: string): Promise<void> {
    const failuresFromAddress = Number((await this.cache.get(this.addressKey(address))) ?? 0);
    if (failuresFromAddress >= this.limits.perAddress) throw this.tooMany();
    const attempts = await this.cache.incr(this.accountKey(email), this.limits.windowSeconds);
    if (attempts > this.limits.perAccount) throw this.tooMany();
  }

  async failed(address: string): Promise<void> {
    await this.cache.incr(this.addressKey(address), this.limits.windowSeconds);
  }

  async succeeded(email: string): Promise<void> {
    await this.cache.del(this.accountKey(email));
  }

  private tooMany() {
    return new HttpError(429, 'TOO_MANY_REQUESTS', IdentityMessages.tooManyLoginAttempts);
  }
}
