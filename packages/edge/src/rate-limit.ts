import type { Cache } from '@taal/kit';
import { emailDomain, type RefusalKey } from '@taal/contracts';
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
function tooMany(reason: RefusalKey, retryAfterSeconds: number): Refused {
  return refusal(reason, { headers: { 'Retry-After': String(retryAfterSeconds) } });
}

export interface LoginLimits {
  /** Failed logins on one account (from any client address) before each further try must wait. */
  perAccount: number;
  /** Failed logins allowed from one client address within the window (all accounts). */
  perAddress: number;
  /** The per-address window. */
  windowSeconds: number;
  /** How long an account's failures are remembered (from its first failure); a success forgets them. */
  accountWindowSeconds: number;
  /** The wait after the perAccount-th failure; it doubles with each further failure ... */
  delayBaseSeconds: number;
  /** ... up to this. */
  delayMaxSeconds: number;
}

export const DEFAULT_LOGIN_LIMITS: LoginLimits = {
  perAccount: 10,
  perAddress: 100,
  windowSeconds: 15 * 60,
  accountWindowSeconds: 24 * 3600,
  delayBaseSeconds: 30,
  delayMaxSeconds: 15 * 60,
};

/** A claimed try that never reports back (a crashed gateway) frees the account after this. */
const CLAIM_SECONDS = 60;

/**
 * Login throttling through the cache port (in-memory in all-in-one, Redis in cluster, so all
 * gateway replicas share the counts), decision 0005:
 *
 * - per ACCOUNT, from any address: after `perAccount` failures each further try must wait a
 *   delay that doubles per failure (`delayBaseSeconds` up to `delayMaxSeconds`); a try during
 *   the delay is answered 429 LOGIN_DELAYED with Retry-After, a success forgets the failures.
 *   Nobody is locked out for good: the owner waits for the delay, or signs in through a mailed
 *   one-time link, which these limits do not hold up.
 * - per client address (all accounts): `perAddress` failures per window, then 429.
 *
 * Each try takes its slot in both counters with the port's atomic increment *before* the
 * password is checked, and once past the free tries it must also win the one claim of the
 * current delay, so parallel guesses cannot slip past. Anything but a wrong password gives
 * the slots back.
 */
export class LoginLimiter {
  private readonly addresses: WindowCounter;
  private readonly accounts: WindowCounter;

  constructor(
    private readonly cache: Cache,
    private readonly limits: LoginLimits = DEFAULT_LOGIN_LIMITS,
    private readonly now: () => number = Date.now,
  ) {
    this.addresses = new WindowCounter(cache, limits.windowSeconds, now);
    this.accounts = new WindowCounter(cache, limits.accountWindowSeconds, now);
  }

  private accountKey(email: string) {
    return `login:account:${email.trim().toLowerCase()}`;
  }

  private addressKey(address: string) {
    return `login:address:${address}`;
  }

  /** The wait after the `failures`-th failure (none before perAccount). */
  delaySeconds(failures: number): number {
    if (failures < this.limits.perAccount) return 0;
    return Math.min(this.limits.delayMaxSeconds, this.limits.delayBaseSeconds * 2 ** Math.min(30, failures - this.limits.perAccount));
  }

  /** Counts the attempt; throws 429 (with Retry-After) when the account is delayed or the address over its limit. */
  async begin(email: string, address: string): Promise<LoginAttempt> {
    const account = this.accountKey(email);
    const until = `${account}:until`;
    const client = this.addressKey(address);
    const [fromClient, failures] = await Promise.all([this.addresses.hit(client), this.accounts.hit(account)]);
    // A refused attempt checks no password: it is not a failure.
    const giveBack = async () => void (await Promise.all([this.addresses.refund(client), this.accounts.refund(account)]));
    if (fromClient > this.limits.perAddress) {
      await giveBack();
      throw tooMany('TOO_MANY_LOGIN_ATTEMPTS', await this.addresses.retryAfter(client));
    }
    let claim: string | null = null;
    if (failures > this.limits.perAccount) {
      // Past the free tries: one try per delay, by whoever claims it first once the delay is over.
      const notBefore = Number((await this.cache.get(until)) ?? 0);
      const waitMs = notBefore - this.now();
      claim = `${account}:claim:${notBefore}`;
      if (waitMs > 0 || (await this.cache.incr(claim, CLAIM_SECONDS)) !== 1) {
        await giveBack();
        throw tooMany('LOGIN_DELAYED', Math.max(1, Math.ceil(waitMs / 1000)));
      }
    }
    return {
      succeeded: async () => {
        await Promise.all([this.addresses.refund(client), this.accounts.clear(account), this.cache.del(until)]);
      },
      failed: async () => {
        const delay = this.delaySeconds(failures);
        if (delay > 0) await this.cache.set(until, String(this.now() + delay * 1000), this.limits.accountWindowSeconds);
      },
      notCounted: async () => {
        await Promise.all([giveBack(), claim ? this.cache.del(claim) : undefined]);
      },
    };
  }
}

export interface LoginAttempt {
  succeeded(): Promise<void>;
  /** A wrong password (or unknown address): the slots stay taken, and past the free tries the account waits. */
  failed(): Promise<void>;
  /** Not a wrong password (unverified, suspended, a failure of ours): the slots are given back. */
  notCounted(): Promise<void>;
}

export interface MailRequestLimits {
  /** Requests about one target (an account, an e-mail address) allowed within the window. */
  perTarget: number;
  /** Requests one client address may make within the window. */
  perAddress: number;
  windowSeconds: number;
}

export const DEFAULT_MAIL_REQUEST_LIMITS: MailRequestLimits = { perTarget: 5, perAddress: 30, windowSeconds: 60 * 60 };

/**
 * Requests about an address anyone can type, capped per target and per client address; over a
 * limit the answer is 429 with Retry-After and `message`. `kind` keeps each use's counters apart.
 */
export class TargetLimiter {
  private readonly counter: WindowCounter;

  constructor(
    cache: Cache,
    private readonly limits: MailRequestLimits,
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
    if (over) throw tooMany(this.reason, await this.counter.retryAfter(over));
  }
}

/**
 * Calls that send mail to an address anyone can type (verification re-send, password reset,
 * sign-in link) are capped per recipient and per client address, so they cannot be used to
 * flood a mailbox.
 */
export class MailRequestLimiter extends TargetLimiter {
  constructor(cache: Cache, limits: MailRequestLimits = DEFAULT_MAIL_REQUEST_LIMITS) {
    super(cache, limits, 'mail', 'TOO_MANY_MAIL_REQUESTS');
  }
}

export const DEFAULT_EMAIL_CHECK_LIMITS: MailRequestLimits = { perTarget: 10, perAddress: 30, windowSeconds: 15 * 60 };

/**
 * `GET user/checkemail/{email}` tells whether an address has an account (sign-up needs that), so
 * it is capped per checked address and per client address: no harvesting lists of addresses.
 */
export class EmailCheckLimiter extends TargetLimiter {
  constructor(cache: Cache, limits: MailRequestLimits = DEFAULT_EMAIL_CHECK_LIMITS) {
    super(cache, limits, 'checkemail', 'TOO_MANY_REQUESTS');
  }
}

export interface SignUpLimits {
  /** Sign-ups one client address may make within the window. */
  perAddress: number;
  /** Sign-ups for addresses of one e-mail domain (the part after @) within the window. */
  perDomain: number;
  windowSeconds: number;
}

export const DEFAULT_SIGN_UP_LIMITS: SignUpLimits = { perAddress: 10, perDomain: 200, windowSeconds: 60 * 60 };

/**
 * Sign-ups create an account and send a verification mail, so they are capped per client
 * address and per recipient domain (mass account creation, mail bombing a company's
 * domain). A well-formed sign-up counts whether or not it then succeeds; a form the gateway
 * rejects as malformed does not.
 */
export class SignUpLimiter {
  private readonly counter: WindowCounter;

  constructor(
    cache: Cache,
    private readonly limits: SignUpLimits = DEFAULT_SIGN_UP_LIMITS,
  ) {
    this.counter = new WindowCounter(cache, limits.windowSeconds);
  }

  /** Counts one sign-up; throws 429 (with Retry-After) once the address or the domain is over its limit. */
  async hit(email: string, address: string): Promise<void> {
    const addressKey = `signup:address:${address}`;
    const domainKey = `signup:domain:${emailDomain(email)}`;
    const over = await this.counter.hitAll([
      [addressKey, this.limits.perAddress],
      [domainKey, this.limits.perDomain],
    ]);
    if (over) throw tooMany('TOO_MANY_SIGN_UPS', await this.counter.retryAfter(over));
  }
}

export interface GuessLimits {
  /** Wrong guesses one user may make within the window. */
  perUser: number;
  /** Wrong guesses from one client address within the window (all users). */
  perAddress: number;
  windowSeconds: number;
}

export const DEFAULT_GIFT_CARD_GUESS_LIMITS: GuessLimits = { perUser: 10, perAddress: 30, windowSeconds: 15 * 60 };

/**
 * Wrong gift-card codes (decision 0018), per user and per client address. Like logins, each try
 * takes a slot in both counters before the code is checked, so parallel guesses cannot slip past;
 * anything but a wrong code gives the slots back. Over a limit the answer is 429 with Retry-After.
 */
export class GuessLimiter {
  private readonly counter: WindowCounter;

  constructor(
    cache: Cache,
    private readonly limits: GuessLimits = DEFAULT_GIFT_CARD_GUESS_LIMITS,
    private readonly purpose = 'gift-card',
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
      throw tooMany('TOO_MANY_GIFT_CARD_TRIES', await this.counter.retryAfter(over));
    }
    return { notAGuess: async () => void (await Promise.all([this.counter.refund(user), this.counter.refund(client)])) };
  }
}
