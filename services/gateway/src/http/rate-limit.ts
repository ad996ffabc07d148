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

export interface MailRequestLimits {
  /** Mails one account or address may be sent within the window. */
  perTarget: number;
  /** Mail requests one client address may make within the window. */
  perAddress: number;
  windowSeconds: number;
}

export const DEFAULT_MAIL_REQUEST_LIMITS: MailRequestLimits = { perTarget: 5, perAddress: 30, windowSeconds: 60 * 60 };

/**
 * Calls that send mail to an address anyone can type (verification re-send, password reset)
 * are capped per recipient and per client address, so they cannot be used to flood a mailbox.
 */
export class MailRequestLimiter {
  constructor(
    private readonly cache: Cache,
    private readonly limits: MailRequestLimits = DEFAULT_MAIL_REQUEST_LIMITS,
  ) {}

  /** Counts one request; throws 429 once the recipient or the address is over its limit. */
  async hit(purpose: string, target: string, address: string): Promise<void> {
    const [toTarget, fromAddress] = await Promise.all([
      this.cache.incr(`mail:${purpose}:target:${target.trim().toLowerCase()}`, this.limits.windowSeconds),
      this.cache.incr(`mail:address:${address}`, this.limits.windowSeconds),
    ]);
    if (toTarget > this.limits.perTarget || fromAddress > this.limits.perAddress) {
      throw new HttpError(429, 'TOO_MANY_REQUESTS', IdentityMessages.tooManyMailRequests);
    }
  }
}
