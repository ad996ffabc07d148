/**
 * Commerce's own limit at the edge (issue 50): wrong voucher codes, per user and per client
 * address, as the store limits wrong gift-card codes (decision 0018). Vouchers are words people
 * choose (`EID25`), so unlimited guessing finds them. Declared by its API part (`limiters`), built
 * by the edge on its shared counters with these settings from the gateway's environment. Over a
 * limit: 429 TOO_MANY_VOUCHER_TRIES with Retry-After, and the code is not looked up.
 */
import { z } from 'zod';
import { fields, loadConfig, refusalKeyOf, type Cache, type Env } from '@taal/kit';
import { GuessLimiter, type GuessLimits } from '@taal/edge';

export const DEFAULT_VOUCHER_GUESS_LIMITS: GuessLimits = {
  perUser: 10,
  perAddress: 30,
  windowSeconds: 15 * 60,
};

const limitsSchema = z.object({
  // Wrong voucher codes (checked or sent with an order) per user and per client address, per window.
  VOUCHER_GUESS_MAX_PER_USER: fields.int({
    min: 1,
    max: 100_000,
    default: DEFAULT_VOUCHER_GUESS_LIMITS.perUser,
  }),
  VOUCHER_GUESS_MAX_PER_ADDRESS: fields.int({
    min: 1,
    max: 100_000,
    default: DEFAULT_VOUCHER_GUESS_LIMITS.perAddress,
  }),
  VOUCHER_GUESS_WINDOW_MS: fields.durationMs(DEFAULT_VOUCHER_GUESS_LIMITS.windowSeconds * 1000),
});

export interface CommerceLimiters {
  /** `begin(userId, clientAddress)` before a voucher code is looked up; `notAGuess()` unless it was unknown. */
  voucherGuesses: GuessLimiter;
}

export function commerceLimiters(counters: Cache, env: Env): CommerceLimiters {
  const c = loadConfig(limitsSchema, env);
  const limits = {
    perUser: c.VOUCHER_GUESS_MAX_PER_USER,
    perAddress: c.VOUCHER_GUESS_MAX_PER_ADDRESS,
    windowSeconds: Math.max(1, Math.ceil(c.VOUCHER_GUESS_WINDOW_MS / 1000)),
  };
  return { voucherGuesses: new GuessLimiter(counters, limits, 'voucher', 'TOO_MANY_VOUCHER_TRIES') };
}

/**
 * Runs a look-up of `code` for the user as a counted guess: refused with 429 once the user or the
 * address has too many wrong codes in the window; only an unknown (expired, used-up) code counts.
 * No code (an order without a voucher) is no guess.
 */
export async function lookUpVoucher<T>(
  guesses: GuessLimiter,
  userId: string,
  address: string,
  code: string,
  lookUp: () => Promise<T>,
): Promise<T> {
  if (!code.trim()) return lookUp();
  const attempt = await guesses.begin(userId, address);
  try {
    const result = await lookUp();
    await attempt.notAGuess();
    return result;
  } catch (err) {
    if (refusalKeyOf(err) !== 'COUPON_NOT_FOUND') await attempt.notAGuess();
    throw err;
  }
}

/** The client address a guess is counted on (the gateway's trusted-proxy setting decides req.ip). */
export const clientAddressOf = (req: { ip?: string; socket: { remoteAddress?: string } }) =>
  req.ip ?? req.socket.remoteAddress ?? 'unknown';
