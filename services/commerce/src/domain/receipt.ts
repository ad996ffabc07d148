/**
 * What a paid course order's receipt prints (issue 41, decision 0049): its courses at their tier
 * prices, the voucher's discount, what the wallet and the card paid and the card's transaction id.
 */
import type { commerceV1, MailReceipt } from '@taal/contracts';

export function receiptOfOrder(order: commerceV1.Order, cardTransactionId: string): MailReceipt {
  return {
    orderId: order.id,
    paidAt: order.paidAt,
    buyerName: '',
    lines: order.items.map((i) => ({ title: i.title || i.courseId, tier: i.tier, amount: i.price })),
    subtotal: order.subtotal,
    discount: order.discount,
    voucherCode: order.voucherCode,
    voucherPercent: order.voucherPercent,
    walletUsed: order.walletUsed,
    cardPaid: order.payable,
    cardTransactionId: order.payable > 0 ? cardTransactionId : '',
  };
}
