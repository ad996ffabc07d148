/**
 * Paying an order, the one transaction every path shares (decision 0012, 0014): the zero-payable
 * path, a validated card payment and an admin's release of a held order all call `payLocked`.
 */
import { refuse, type ServiceError, type SqlExecutor } from '@taal/kit';
import { normaliseCode, type OrderStatus } from '../domain/pricing';
import { creditReferral } from './referrals';
import { recordOrderPaid } from '../events/order-events';
import { paidOrderFacts, toOrder, type CommerceStore, type OrderRow } from '../store/commerce-store';

export type PayResult = { kind: 'paid' } | { kind: 'voucher-used-up' };

/**
 * With the order row locked by the caller and payable: counts the voucher use (refused when the
 * limit or the last day has passed), turns the wallet reservation into the checkout debit, marks
 * the order paid, takes its courses out of the cart, credits the referrer's pending bonus on the
 * student's first order that paid at least the bonus (notifying the referrer) and enqueues exactly one
 * `commerce.order.paid`.
 */
export async function payLocked(tx: SqlExecutor, store: CommerceStore, row: OrderRow, today: string, cardTransactionId = ''): Promise<PayResult> {
  if (row.voucher_code && !(await store.countVoucherUse(tx, normaliseCode(row.voucher_code), today))) {
    return { kind: 'voucher-used-up' };
  }
  const walletUsed = Number(row.wallet_used);
  if (walletUsed > 0) {
    // The reservation already took the money out of the balance: release + checkout leave it unchanged.
    await store.post(tx, { userId: row.user_id, kind: 'release', amount: walletUsed, orderId: row.id }, { moveBalance: false });
    await store.post(tx, { userId: row.user_id, kind: 'checkout', amount: -walletUsed, orderId: row.id }, { moveBalance: false });
  }
  const paidRow = await store.setOrderStatus(tx, row.id, 'paid');
  const items = await store.orderItems([row.id], tx);
  const order = toOrder(paidRow, items);
  await store.removeCartItems(
    row.user_id,
    order.items.map((i) => i.courseId),
    tx,
  );
  // Only a pending referral becomes a bonus, so only the first order that paid at least the bonus gives one.
  await creditReferral(tx, store, row);
  await recordOrderPaid(tx, order, paidOrderFacts(paidRow, items), cardTransactionId);
  return { kind: 'paid' };
}

/** Gives back an unpaid (or held) order's wallet reservation, optionally setting its new status. */
export async function releaseReservation(
  tx: SqlExecutor,
  store: CommerceStore,
  row: OrderRow,
  status: 'expired' | 'cancelled' | null,
): Promise<void> {
  if (status) await store.setOrderStatus(tx, row.id, status);
  const walletUsed = Number(row.wallet_used);
  if (walletUsed > 0) await store.post(tx, { userId: row.user_id, kind: 'release', amount: walletUsed, orderId: row.id });
}

/** Why an order that is no longer unpaid cannot be paid, as its refusal. */
export function refuseUnpayable(status: string): ServiceError {
  const keys: Partial<Record<OrderStatus, 'ORDER_ALREADY_PAID' | 'ORDER_EXPIRED' | 'ORDER_CANCELLED' | 'ORDER_HELD'>> = {
    paid: 'ORDER_ALREADY_PAID',
    expired: 'ORDER_EXPIRED',
    cancelled: 'ORDER_CANCELLED',
    held: 'ORDER_HELD',
  };
  return refuse(keys[status as OrderStatus] ?? 'ORDER_CANCELLED');
}
