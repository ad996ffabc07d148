/**
 * What buying a course at a tier does for someone who may already own it (issue 28; decision
 * 0015's enrolments, decision 0027). Commerce refuses a purchase that would not extend access,
 * learning extends the expiry, the course view offers only what is allowed. Browser-safe, no
 * dependencies.
 */

export const COURSE_TIERS = ['silver', 'gold', 'diamond'] as const;
export type CourseTier = (typeof COURSE_TIERS)[number];

/** The API's field of each tier's offer (`priceSilver`, … in the course answer and the course form). */
export const TIER_PRICE_FIELDS = { silver: 'priceSilver', gold: 'priceGold', diamond: 'priceDiamond' } as const satisfies Record<CourseTier, string>;
export type TierPriceField = (typeof TIER_PRICE_FIELDS)[CourseTier];

/** Whether `value` names a tier. */
export function isCourseTier(value: string): value is CourseTier {
  return (COURSE_TIERS as readonly string[]).includes(value);
}

/** Access that ends within this many days may be renewed at any tier. */
export const RENEWAL_WINDOW_DAYS = 7;

const DAY_MS = 86_400_000;

/** What a student already has: the tier of the last purchase and when access ends. */
export interface OwnedAccess {
  tier: string;
  expiresAt: Date;
}

/**
 * - `buy`: not owned;
 * - `renew`: owned, but access has ended or ends within RENEWAL_WINDOW_DAYS (the tier's days are
 *   added from the current end, or from now once it has passed);
 * - `upgrade`: active access at a lower tier (the higher tier's days are added from the current end);
 * - `owned`: active access at this tier or higher, not ending soon: buying again is refused.
 */
export type PurchaseKind = 'buy' | 'renew' | 'upgrade' | 'owned';

const rank = (tier: string) => COURSE_TIERS.indexOf(tier as CourseTier);

export function purchaseKind(owned: OwnedAccess | null, tier: string, now: Date): PurchaseKind {
  if (!owned) return 'buy';
  if (owned.expiresAt.getTime() - now.getTime() <= RENEWAL_WINDOW_DAYS * DAY_MS) return 'renew';
  return rank(tier) > rank(owned.tier) ? 'upgrade' : 'owned';
}

/**
 * A purchase of `validityDays` extends access from the current expiry when it is still in the
 * future (a renewal before the end loses nothing), else from now.
 */
export function extendedExpiry(current: Date | null, now: Date, validityDays: number): Date {
  if (!Number.isInteger(validityDays) || validityDays <= 0) throw new RangeError(`validity must be positive days, got ${validityDays}`);
  const from = current && current.getTime() > now.getTime() ? current.getTime() : now.getTime();
  return new Date(from + validityDays * DAY_MS);
}

/** The access a student's paid purchases of one course add up to, oldest first (as learning grants them). */
export function accessFromPurchases(purchases: readonly { tier: string; validityDays: number; paidAt: Date }[]): OwnedAccess | null {
  return purchases.reduce<OwnedAccess | null>(
    (owned, p) => ({ tier: p.tier, expiresAt: extendedExpiry(owned?.expiresAt ?? null, p.paidAt, p.validityDays) }),
    null,
  );
}
