import type { Cache } from '@taal/kit';
import { emailDomain, IdentityMessages } from '@taal/contracts';
import { HttpError } from './errors';

/**
 * A counter through the cache port whose window starts at its first hit (the port's atomic
 * `incr`). The start is remembered beside it, so a 429 can say when to come back.
 */
class WindowCounter {
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
function tooMany(message: string, retryAfterSeconds: number): HttpError {
  return new HttpError(429, 'TOO_MANY_REQUESTS', message, undefined, { 'Retry-After': String(retryAfterSeconds) });
}

export interface LoginLimits {
  /** Failed logins allowed for one account from one client address within the window. */
  perAccount: number;
  /** Failed logins allowed from one client address within the window (all accounts). */
  perAddress: number;
  windowSeconds: number;
}

export const DEFAULT_LOGIN_LIMITS: LoginLimits = { perAccount: 10, perAddress: 100, windowSeconds: 15 * 60 };

/**
 * Login throttling through the cache port (in-memory in all-in-one, Redis in cluster, so all
 * gateway replicas share the counts). Nobody can lock the real owner out: failures are
 * counted per (account, client address) pair and per client address, never per account
 * alone, so guessing from elsewhere does not stop the owner's own client.
 *
 * Each attempt takes a slot in both counters with the port's atomic increment *before* the
 * password is checked, so parallel guesses cannot slip past the limits; a success (or any
 * answer that is not a wrong password) gives the slots back, a success also clears the pair.
 * Over a limit the answer is 429 with Retry-After.
 */
export class LoginLimiter {
  private readonly counter: WindowCounter;

  constructor(
    cache: Cache,
    private readonly limits: LoginLimits = DEFAULT_LOGIN_LIMITS,
  ) {
    this.counter = new WindowCounter(cache, limits.windowSeconds);
  }

  private pairKey(email: string, address: string) {
    return `login:pair:${address}:${email.trim().toLowerCase()}`;
  }

  private addressKey(address: string) {
    return `login:address:${address}`;
  }

  /** Counts the attempt; throws 429 (with Retry-After) when the pair or the address is over its limit. */
  async begin(email: string, address: string): Promise<LoginAttempt> {
    const pair = this.pairKey(email, address);
    const client = this.addressKey(address);
    const over = await this.counter.hitAll([
      [pair, this.limits.perAccount],
      [client, this.limits.perAddress],
    ]);
    if (over) {
      // A refused attempt checks no password: it is not a failure.
      await Promise.all([this.counter.refund(client), this.counter.refund(pair)]);
      throw tooMany(IdentityMessages.tooManyLoginAttempts, await this.counter.retryAfter(over));
    }
    return {
      succeeded: async () => {
        await Promise.all([this.counter.refund(client), this.counter.clear(pair)]);
      },
      /** Not a wrong password (validation, unverified, suspended, a failure of ours): give the slots back. */
      notCounted: async () => {
        await Promise.all([this.counter.refund(client), this.counter.refund(pair)]);
      },
    };
  }
}

export interface LoginAttempt {
  succeeded(): Promise<void>;
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
    private readonly message: string,
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
    if (over) throw tooMany(this.message, await this.counter.retryAfter(over));
  }
}

/**
 * Calls that send mail to an address anyone can type (verification re-send, password reset,
 * sign-in link) are capped per recipient and per client address, so they cannot be used to
 * flood a mailbox.
 */
export class MailRequestLimiter extends TargetLimiter {
  constructor(cache: Cache, limits: MailRequestLimits = DEFAULT_MAIL_REQUEST_LIMITS) {
    super(cache, limits, 'mail', IdentityMessages.tooManyMailRequests);
  }
}

export const DEFAULT_EMAIL_CHECK_LIMITS: MailRequestLimits = { perTarget: 10, perAddress: 30, windowSeconds: 15 * 60 };

/**
 * `GET user/checkemail/{email}` tells whether an address has an account (sign-up needs that), so
 * it is capped per checked address and per client address: no harvesting lists of addresses.
 */
export class EmailCheckLimiter extends TargetLimiter {
  constructor(cache: Cache, limits: MailRequestLimits = DEFAULT_EMAIL_CHECK_LIMITS) {
    super(cache, limits, 'checkemail', IdentityMessages.tooManyRequests);
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
    if (over) throw tooMany(IdentityMessages.tooManySignUps, await this.counter.retryAfter(over));
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
      throw tooMany('Too many wrong gift card codes. Please try again later.', await this.counter.retryAfter(over));
    }
    return { notAGuess: async () => void (await Promise.all([this.counter.refund(user), this.counter.refund(client)])) };
  }
}
