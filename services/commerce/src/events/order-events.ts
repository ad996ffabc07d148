import { CommerceEvents, commerceEventsV1, type commerceV1 } from '@taal/contracts';
import { createEnvelope, enqueueEvent, type SqlExecutor } from '@taal/kit';
import { SCHEMA, type PaidOrderFacts } from '../store/commerce-store';

/**
 * Records `commerce.order.paid` in the transaction that marks the order paid (outbox): exactly one
 * per order. Each course carries the sale terms, and the event the buyer, recorded when the order
 * was created (decision 0053): payouts and messaging ask nobody about it.
 */
export async function recordOrderPaid(
  tx: SqlExecutor,
  order: commerceV1.Order,
  { saleTerms, buyer }: PaidOrderFacts,
  cardTransactionId = '',
): Promise<void> {
  await enqueueEvent(
    tx,
    SCHEMA,
    createEnvelope({
      type: CommerceEvents.orderPaid,
      key: order.userId,
      payload: commerceEventsV1.OrderPaid.encode({
        orderId: order.id,
        userId: order.userId,
        courses: order.items.map((i) => {
          const terms = saleTerms.get(i.courseId);
          return {
            courseId: i.courseId,
            tier: i.tier,
            validityDays: i.validityDays,
            price: i.price,
            pricePaid: i.pricePaid,
            title: i.title,
            instructorId: terms?.instructorId ?? '',
            instructorPercentage: terms?.percentage ?? 0,
            saleTermsKnown: !!terms,
          };
        }),
        voucherCode: order.voucherCode,
        voucherPercent: order.voucherPercent,
        subtotal: order.subtotal,
        discount: order.discount,
        walletUsed: order.walletUsed,
        payable: order.payable,
        paidAt: order.paidAt,
        // What a receipt needs travels with the event (decision 0049): its consumers call nobody back.
        cardTransactionId: order.payable > 0 ? cardTransactionId : '',
        buyerEmail: buyer.email,
        buyerName: buyer.name,
        buyerLanguage: buyer.language,
      }).finish(),
    }),
  );
}
