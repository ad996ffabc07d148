/**
 * Identity's own limits at the edge (decision 0005): failed logins, sign-ups, mails to an address
 * anyone can type and e-mail checks. Declared by its API part (`limiters`), built by the edge on
 * its shared counters with these settings from the gateway's environment.
 */
import { z } from 'zod';
import { emailDomain } from '@taal/contracts';
import { fields, loadConfig, type Cache, type Env } from '@taal/kit';
import { retryLater, TargetLimiter, WindowCounter, type TargetLimits } from '@taal/edge';

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
      throw retryLater('TOO_MANY_LOGIN_ATTEMPTS', await this.addresses.retryAfter(client));
    }
    let claim: string | null = null;
    if (failures > this.limits.perAccount) {
      // Past the free tries: one try per delay, by whoever claims it first once the delay is over.
      const notBefore = Number((await this.cache.get(until)) ?? 0);
      const waitMs = notBefore - this.now();
      claim = `${account}:claim:${notBefore}`;
      if (waitMs > 0 || (await this.cache.incr(claim, CLAIM_SECONDS)) !== 1) {
        await giveBack();
        throw retryLater('LOGIN_DELAYED', Math.max(1, Math.ceil(waitMs / 1000)));
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

/**
 * Calls that send mail to an address anyone can type (verification re-send, password reset,
 * sign-in link) are capped per recipient and per client address, so they cannot be used to
 * flood a mailbox.
 */
export class MailRequestLimiter extends TargetLimiter {
  constructor(cache: Cache, limits: TargetLimits = DEFAULT_MAIL_REQUEST_LIMITS) {
    super(cache, limits, 'mail', 'TOO_MANY_MAIL_REQUESTS');
  }
}

export const DEFAULT_MAIL_REQUEST_LIMITS: TargetLimits = { perTarget: 5, perAddress: 30, windowSeconds: 60 * 60 };
export const DEFAULT_EMAIL_CHECK_LIMITS: TargetLimits = { perTarget: 10, perAddress: 30, windowSeconds: 15 * 60 };

/**
 * `GET user/checkemail/{email}` tells whether an address has an account (sign-up needs that), so
 * it is capped per checked address and per client address: no harvesting lists of addresses.
 */
export class EmailCheckLimiter extends TargetLimiter {
  constructor(cache: Cache, limits: TargetLimits = DEFAULT_EMAIL_CHECK_LIMITS) {
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
    if (over) throw retryLater('TOO_MANY_SIGN_UPS', await this.counter.retryAfter(over));
  }
}


const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

/** Their settings: the gateway's environment (the same names as before the limits moved here). */
const limitsSchema = z.object({
  // Failed logins per account (any address) before each try waits a doubling delay; per client address per window.
  LOGIN_MAX_FAILURES_PER_ACCOUNT: fields.int({ min: 1, max: 1000, default: DEFAULT_LOGIN_LIMITS.perAccount }),
  LOGIN_MAX_FAILURES_PER_ADDRESS: fields.int({ min: 1, max: 100_000, default: DEFAULT_LOGIN_LIMITS.perAddress }),
  LOGIN_FAILURE_WINDOW_MS: fields.durationMs(DEFAULT_LOGIN_LIMITS.windowSeconds * 1000),
  LOGIN_ACCOUNT_WINDOW_MS: fields.durationMs(DEFAULT_LOGIN_LIMITS.accountWindowSeconds * 1000),
  LOGIN_DELAY_BASE_MS: fields.durationMs(DEFAULT_LOGIN_LIMITS.delayBaseSeconds * 1000),
  LOGIN_DELAY_MAX_MS: fields.durationMs(DEFAULT_LOGIN_LIMITS.delayMaxSeconds * 1000),
  SIGNUP_MAX_PER_ADDRESS: fields.int({ min: 1, max: 100_000, default: DEFAULT_SIGN_UP_LIMITS.perAddress }),
  SIGNUP_MAX_PER_DOMAIN: fields.int({ min: 1, max: 1_000_000, default: DEFAULT_SIGN_UP_LIMITS.perDomain }),
  SIGNUP_WINDOW_MS: fields.durationMs(DEFAULT_SIGN_UP_LIMITS.windowSeconds * 1000),
  // Verification re-sends and password-reset mails, per recipient and per client address.
  MAIL_MAX_PER_TARGET: fields.int({ min: 1, max: 100_000, default: DEFAULT_MAIL_REQUEST_LIMITS.perTarget }),
  MAIL_MAX_PER_ADDRESS: fields.int({ min: 1, max: 100_000, default: DEFAULT_MAIL_REQUEST_LIMITS.perAddress }),
  MAIL_WINDOW_MS: fields.durationMs(DEFAULT_MAIL_REQUEST_LIMITS.windowSeconds * 1000),
  // GET user/checkemail/{email}, per checked address and per client address (decision 0005).
  CHECKEMAIL_MAX_PER_EMAIL: fields.int({ min: 1, max: 100_000, default: DEFAULT_EMAIL_CHECK_LIMITS.perTarget }),
  CHECKEMAIL_MAX_PER_ADDRESS: fields.int({ min: 1, max: 100_000, default: DEFAULT_EMAIL_CHECK_LIMITS.perAddress }),
  CHECKEMAIL_WINDOW_MS: fields.durationMs(DEFAULT_EMAIL_CHECK_LIMITS.windowSeconds * 1000),
});

export interface IdentityLimiters {
  login: LoginLimiter;
  mail: MailRequestLimiter;
  signUp: SignUpLimiter;
  emailCheck: EmailCheckLimiter;
}

/** Identity's limiters on the edge's counters, configured from `env` (a bad value throws at the gateway's start). */
export function identityLimiters(counters: Cache, env: Env): IdentityLimiters {
  const c = loadConfig(limitsSchema, env);
  return {
    login: new LoginLimiter(counters, {
      perAccount: c.LOGIN_MAX_FAILURES_PER_ACCOUNT,
      perAddress: c.LOGIN_MAX_FAILURES_PER_ADDRESS,
      windowSeconds: seconds(c.LOGIN_FAILURE_WINDOW_MS),
      accountWindowSeconds: seconds(c.LOGIN_ACCOUNT_WINDOW_MS),
      delayBaseSeconds: seconds(c.LOGIN_DELAY_BASE_MS),
      delayMaxSeconds: seconds(Math.max(c.LOGIN_DELAY_MAX_MS, c.LOGIN_DELAY_BASE_MS)),
    }),
    signUp: new SignUpLimiter(counters, { perAddress: c.SIGNUP_MAX_PER_ADDRESS, perDomain: c.SIGNUP_MAX_PER_DOMAIN, windowSeconds: seconds(c.SIGNUP_WINDOW_MS) }),
    mail: new MailRequestLimiter(counters, { perTarget: c.MAIL_MAX_PER_TARGET, perAddress: c.MAIL_MAX_PER_ADDRESS, windowSeconds: seconds(c.MAIL_WINDOW_MS) }),
    emailCheck: new EmailCheckLimiter(counters, {
      perTarget: c.CHECKEMAIL_MAX_PER_EMAIL,
      perAddress: c.CHECKEMAIL_MAX_PER_ADDRESS,
      windowSeconds: seconds(c.CHECKEMAIL_WINDOW_MS),
    }),
  };
}
