/**
 * What a card payment does to an order (decision 0014): pure rules, no I/O. The gateway adapter
 * (`@taal/payments`) decides from the validation API whether the money came (`paid`), came with
 * a risk flag (`hold`) or did not (`refused`); these rules decide what that means for the order.
 */
import type { OrderStatus } from './pricing';

export const CARD_PAYMENT_STATUSES = ['initiated', 'paid', 'held', 'credited', 'failed', 'refused'] as const;
export type CardPaymentStatus = (typeof CARD_PAYMENT_STATUSES)[number];

/** A referrer's bonus when the referred student's first order is paid (spec §9: 200 taka). */
export const REFERRAL_BONUS_POISHA = 200_00;

/** Statuses after which an attempt's money has been accounted for: a repeat changes nothing. */
const SETTLED: readonly CardPaymentStatus[] = ['paid', 'held', 'credited'];

export type Settlement =
  /** The same payment was handled before (duplicate IPN, or the IPN after the browser return). */
  | 'duplicate'
  /** Pay the order (voucher use, wallet checkout, cart, event). */
  | 'pay'
  /** Money came but with risk_level 1: the order waits for an admin. */
  | 'hold'
  /**
   * Money came for an order that can no longer be paid (expired, cancelled after a failed
   * attempt, or paid by another attempt): it is credited to the student's wallet, never lost.
   */
  | 'credit-wallet';

export function settlementFor(attempt: CardPaymentStatus, order: OrderStatus, decision: 'paid' | 'hold'): Settlement {
  if (SETTLED.includes(attempt)) return 'duplicate';
  if (decision === 'hold') return 'hold';
  return order === 'unpaid' ? 'pay' : 'credit-wallet';
}

/** A FAILED or CANCELLED notification cancels the order only while nothing was paid for it. */
export function failureCancelsOrder(attempt: CardPaymentStatus, order: OrderStatus): boolean {
  return attempt === 'initiated' && order === 'unpaid';
}

/** Our transaction id: unique per attempt, safe in a URL and within the gateway's 30 characters. */
export function isTranId(value: string): boolean {
  return /^T[0-9A-F]{24}$/.test(value);
}
