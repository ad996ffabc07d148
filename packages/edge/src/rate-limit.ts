import type { Cache } from '@taal/kit';
import type { RefusalKey } from '@taal/contracts';
import { refusal, type Refused } from './errors';

/**
 * A counter through the cache port whose window starts at its first hit (the port's atomic
 * `incr`). The start is remembered beside it, so a 429 can say when to come back.
 */
export class WindowCounter {
  constructor(
    private readonly cache: Cache,
    readonly windowSeconds: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts one; returns the count after it. */
  async hit(key: string): Promise<number> {
    const count = await this.cache.incr(key, this.windowSeconds);
    if (count === 1) await this.cache.set(`${key}:since`, String(this.now()), this.windowSeconds);
    return count;
  }

  /** Counts one on each key at once; returns the first key over its limit, or null. */
  async hitAll(limits: readonly (readonly [key: string, limit: number])[]): Promise<string | null> {
    const counts = await Promise.all(limits.map(([key]) => this.hit(key)));
    return limits.find(([, limit], i) => counts[i]! > limit)?.[0] ?? null;
  }

  /** Takes one back (never below 0). */
  async refund(key: string): Promise<void> {
    await this.cache.decr(key);
  }

  async clear(key: string): Promise<void> {
    await this.cache.del(key, `${key}:since`);
  }

  /** Whole seconds until the window of `key` ends (1 to windowSeconds). */
  async retryAfter(key: string): Promise<number> {
    const since = Number((await this.cache.get(`${key}:since`)) ?? NaN);
    const left = Number.isFinite(since) ? Math.ceil((since + this.windowSeconds * 1000 - this.now()) / 1000) : this.windowSeconds;
    return Math.min(this.windowSeconds, Math.max(1, left));
  }
}

/** A 429 in the one error shape, with Retry-After in seconds. */
export function retryLater(reason: RefusalKey, retryAfterSeconds: number): Refused {
  return refusal(reason, { headers: { 'Retry-After': String(retryAfterSeconds) } });
}

export interface TargetLimits {
  /** Requests about one target (an account, an e-mail address) allowed within the window. */
  perTarget: number;
  /** Requests one client address may make within the window. */
  perAddress: number;
  windowSeconds: number;
}

/**
 * Requests about an address anyone can type, capped per target and per client address; over a
 * limit the answer is 429 with Retry-After and `message`. `kind` keeps each use's counters apart.
 */
export class TargetLimiter {
  private readonly counter: WindowCounter;

  constructor(
    cache: Cache,
    private readonly limits: TargetLimits,
    private readonly kind: string,
    private readonly reason: RefusalKey,
  ) {
    this.counter = new WindowCounter(cache, limits.windowSeconds);
  }

  /** Counts one request; throws 429 (with Retry-After) once the target or the address is over its limit. */
  async hit(purpose: string, target: string, address: string): Promise<void> {
    const targetKey = `${this.kind}:${purpose}:target:${target.trim().toLowerCase()}`;
    const addressKey = `${this.kind}:address:${address}`;
    const over = await this.counter.hitAll([
      [targetKey, this.limits.perTarget],
      [addressKey, this.limits.perAddress],
    ]);
    if (over) throw retryLater(this.reason, await this.counter.retryAfter(over));
  }
}

export interface GuessLimits {
  /** Wrong guesses one user may make within the window. */
  perUser: number;
  /** Wrong guesses from one client address within the window (all users). */
  perAddress: number;
  windowSeconds: number;
}

/**
 * Wrong guesses of a secret (a gift card's code, decision 0018), per user and per client address.
 * Like logins, each try takes a slot in both counters before the secret is checked, so parallel
 * guesses cannot slip past; anything but a wrong guess gives the slots back. Over a limit the
 * answer is 429 `reason` with Retry-After.
 */
export class GuessLimiter {
  private readonly counter: WindowCounter;

  constructor(
    cache: Cache,
    private readonly limits: GuessLimits,
    private readonly purpose: string,
    private readonly reason: RefusalKey,
  ) {
    this.counter = new WindowCounter(cache, limits.windowSeconds);
  }

  async begin(userId: string, address: string): Promise<{ notAGuess(): Promise<void> }> {
    const user = `guess:${this.purpose}:user:${userId}`;
    const client = `guess:${this.purpose}:address:${address}`;
    const over = await this.counter.hitAll([
      [user, this.limits.perUser],
      [client, this.limits.perAddress],
    ]);
    if (over) {
      await Promise.all([this.counter.refund(user), this.counter.refund(client)]);
      throw retryLater(this.reason, await this.counter.retryAfter(over));
    }
    return { notAGuess: async () => void (await Promise.all([this.counter.refund(user), this.counter.refund(client)])) };
  }
}
