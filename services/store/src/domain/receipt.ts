/**
 * What a paid gift-card order's receipt prints (issue 41, decision 0049): the product and how many,
 * all paid by card, with the card's transaction id. The same for the download and the buyer's mail.
 */
import type { MailReceipt } from '@taal/contracts';

export function receiptOfOrder(
  order: { id: string; user_name: string; item_name: string; quantity: number; total_price: string | number },
  paid: { at: Date; tranId: string },
): MailReceipt {
  const total = Number(order.total_price);
  return {
    orderId: order.id,
    paidAt: paid.at.toISOString(),
    buyerName: order.user_name,
    lines: [{ title: order.item_name, quantity: order.quantity, amount: total }],
    subtotal: total,
    discount: 0,
    voucherCode: '',
    voucherPercent: 0,
    walletUsed: 0,
    cardPaid: total,
    cardTransactionId: paid.tranId,
  };
}
