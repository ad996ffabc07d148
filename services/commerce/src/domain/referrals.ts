/**
 * Who a referral bonus is for (decision 0014): pure rules, no I/O. A bonus rewards bringing a
 * new person who pays, so e-mail aliases of one mailbox count as one person, and an order paid
 * with no money (a 100% voucher) does not earn it.
 */

/** A referrer's bonus when the referred student's first order is paid (spec §9: 200 taka). */
export const REFERRAL_BONUS_POISHA = 200_00;

/** The mailbox an address delivers to (aliases of one mailbox are one person): one rule for the product, in @taal/contracts. */
export { normaliseMailbox } from '@taal/contracts';

/**
 * Why a sign-up through a referral code earns nobody a bonus:
 * - `OWN_MAILBOX`: the new account is the referrer's own (same account, or an alias of the
 *   referrer's mailbox);
 * - `MAILBOX_KNOWN`: another account of the same mailbox was here before (that person was
 *   already referred, or was already a customer, so they are not a new person).
 */
export type ReferralRefusal = 'OWN_MAILBOX' | 'MAILBOX_KNOWN';

export function referralRefusal(r: {
  referredId: string;
  referrerId: string;
  /** The new account's mailbox ('' when unknown). */
  referredMailbox: string;
  /** The referrer's mailbox ('' when commerce has not seen the referrer's sign-up). */
  referrerMailbox: string;
  /** Whether another account already has the new account's mailbox. */
  mailboxKnown: boolean;
}): ReferralRefusal | null {
  if (r.referredId === r.referrerId) return 'OWN_MAILBOX';
  if (r.referredMailbox && r.referredMailbox === r.referrerMailbox) return 'OWN_MAILBOX';
  if (r.mailboxKnown) return 'MAILBOX_KNOWN';
  return null;
}

/**
 * Whether a paid order earns its buyer's referrer the bonus: what the wallet paid plus what the
 * card paid, in poisha, is at least the bonus itself (issue 36: a 99% voucher made a 15 BDT
 * purchase earn 200 BDT). Wallet money counts whatever filled the wallet (a redeemed gift card was
 * bought with money through the card gateway, a refund is card money, a bonus was earned by
 * someone else's paid order). An order below it leaves the referral pending for a later one.
 */
export function orderEarnsBonus(order: { walletUsed: number; cardPaid: number }, bonus: number): boolean {
  return order.walletUsed + order.cardPaid >= bonus;
}
