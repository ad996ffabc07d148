/**
 * Card payments of course orders (decision 0014), through the one card-payment flow of
 * `@taal/payments` (session, IPN, browser return, settle, fail, hold). What is commerce's own:
 * the course order and what paying it does (`payLocked`), a risky payment held for an admin who
 * releases or refuses it, and card money that can no longer pay its order credited to the wallet.
 */
import { todayInDhaka, type commerceV1 } from '@taal/contracts';
import { UserRoles, refuse, requireIdentity, type CallerIdentity, type Logger, type Sql, type SqlExecutor } from '@taal/kit';
import {
  CardPaymentFlow,
  type CardAttempt,
  type CardGateway,
  type CardOrders,
  type Outcome,
  type ReconcileOptions,
  type ReconcileReport,
} from '@taal/payments';
import type { CommerceStore } from '../store/commerce-store';
import type { OrderRow } from '../store/order-rows';
import { payLocked, refuseUnpayable, releaseReservation } from './pay-order';
import { COURSE_CARD_SALE } from '../domain/card-sale';

type Ctx = { identity: CallerIdentity | null; callerService: string };
type Detail = { valId: string; bankTranId?: string };

export type { CardGateway };

export class CardPayments {
  private readonly flow: CardPaymentFlow<OrderRow>;

  constructor(
    private readonly sql: Sql,
    private readonly store: CommerceStore,
    gateway: CardGateway,
    private readonly logger: Logger,
    /** Called after a transaction that enqueued events committed (wakes the outbox relay). */
    private readonly afterCommit: () => void,
    private readonly today: () => string = () => todayInDhaka(),
    /** Called after a payment changed a student's orders or wallet without their own request (decision 0033). */
    private readonly buyerChanged: (userId: string) => void = () => {},
  ) {
    this.flow = new CardPaymentFlow(sql, store.cardAttempts, this.courseOrders(), gateway, logger, afterCommit, buyerChanged);
  }

  /** Course orders as the flow pays them. */
  private courseOrders(): CardOrders<OrderRow> {
    return {
      sale: COURSE_CARD_SALE,
      lock: (tx, orderId) => this.store.lockOrder(tx, orderId, null),
      amountToPay: (order) => {
        if (order.status !== 'unpaid') throw refuseUnpayable(order.status);
        if (Number(order.payable) === 0) throw refuse('ORDER_NOTHING_TO_PAY_BY_CARD');
        if (order.expires_at.getTime() < Date.now()) throw refuse('ORDER_EXPIRED');
        return Number(order.payable);
      },
      canPay: (order) => order.status === 'unpaid',
      pay: (tx, { order, attempt, detail }) => this.payOrCredit(tx, order, attempt, detail),
      hold: async (tx, { order, attempt, detail }, reason) => {
        await this.store.cardAttempts.setStatus(tx, attempt.tran_id, 'held', { ...detail, note: reason });
        if (order.status === 'unpaid') await this.store.setOrderStatus(tx, order.id, 'held');
        this.logger.warn({ tranId: attempt.tran_id, orderId: order.id }, 'card payment held for an admin (risk_level 1)');
        return 'held';
      },
      late: async (tx, { order, attempt, detail }) => {
        await this.creditCardMoney(tx, attempt, detail, `order was ${order.status}`);
        return 'credited';
      },
      cancel: (tx, order) => releaseReservation(tx, this.store, order, 'cancelled'),
    };
  }

  /** Opens a gateway session for the caller's own unpaid order with a positive payable. */
  start(ctx: Ctx, req: commerceV1.StartCardPaymentRequest): Promise<commerceV1.StartCardPaymentResponse> {
    const c = req.customer;
    return this.flow.open(ctx, { orderId: req.orderId, expectedAmount: req.expectedPayable }, async (order) => {
      const items = await this.store.orderItems([order.id]);
      return {
        customer: {
          name: c?.name || 'Student',
          email: c?.email || 'student@taal.invalid',
          phone: c?.phone || '01700000000',
          address: c?.address || undefined,
          city: c?.city || undefined,
          postcode: c?.postcode || undefined,
          country: c?.country || undefined,
        },
        product: {
          name:
            items
              .map((i) => i.title)
              .join(', ')
              .slice(0, 250) || 'Course',
          category: 'course',
          numOfItem: items.length,
        },
        // The spec's value_a (coupon applied), value_b (its code) and value_c (the order id).
        values: { a: order.voucher_code ? 'true' : 'false', b: order.voucher_code ?? '', c: order.id },
      };
    });
  }

  /** The IPN: checked signature, then the validation API decides (decision 0013). */
  notification(ctx: Ctx, req: commerceV1.HandlePaymentNotificationRequest): Promise<commerceV1.PaymentOutcome> {
    return this.flow.notification(ctx, req.fields);
  }

  /** The browser's return to success_url: validated like an IPN; the return alone pays nothing. */
  browserReturn(ctx: Ctx, req: commerceV1.ConfirmPaymentReturnRequest): Promise<commerceV1.PaymentOutcome> {
    return this.flow.browserReturn(ctx, req);
  }

  /** Attempts that heard nothing back, asked about at the gateway and settled (decision 0035). */
  reconcile(options: ReconcileOptions): Promise<ReconcileReport> {
    return this.flow.reconcile(options);
  }

  /** Pays the order; if its voucher ran out meanwhile, the card money goes to the wallet instead. */
  private async payOrCredit(tx: SqlExecutor, order: OrderRow, attempt: CardAttempt, detail: Detail): Promise<Outcome> {
    const paid = await payLocked(tx, this.store, order, this.today(), attempt.tran_id);
    if (paid.kind === 'paid') {
      await this.store.cardAttempts.setStatus(tx, attempt.tran_id, 'paid', detail);
      return 'paid';
    }
    await releaseReservation(tx, this.store, order, 'cancelled');
    await this.creditCardMoney(tx, attempt, detail, 'the voucher ran out before the payment');
    return 'credited';
  }

  /** Card money that cannot pay its order is the student's: a refund credit, once per tran_id. */
  private async creditCardMoney(tx: SqlExecutor, attempt: CardAttempt, detail: Detail, why: string) {
    await this.store.wallets.post(tx, {
      userId: attempt.user_id,
      kind: 'refund',
      amount: Number(attempt.amount),
      credit: { flow: 'card', key: attempt.tran_id },
    });
    await this.store.cardAttempts.setStatus(tx, attempt.tran_id, 'credited', {
      ...detail,
      note: `credited to the wallet: ${why}`,
    });
    this.logger.warn({ tranId: attempt.tran_id, orderId: attempt.order_id, why }, 'card payment credited to the wallet');
  }

  // ---- orders held for risk review (admin) ----

  listHeld(ctx: Ctx) {
    requireIdentity(ctx, UserRoles.admin);
    return this.store.listHeldOrders();
  }

  /** Pays a held order (its card money came); if it can no longer be paid, the money goes to the wallet. */
  async release(ctx: Ctx, req: commerceV1.ReleaseHeldOrderRequest) {
    requireIdentity(ctx, UserRoles.admin);
    const changed = await this.review(req.orderId, async (tx, order, attempt) => {
      const detail = { valId: attempt.val_id ?? '' };
      if (order.status === 'held') await this.payOrCredit(tx, order, attempt, detail);
      else await this.creditCardMoney(tx, attempt, detail, `released while the order was ${order.status}`);
    });
    if (changed) this.afterCommit();
    return (await this.store.getOrder(req.orderId))!;
  }

  /** Refuses a held payment: the order is cancelled and its reservation given back; the card refund goes through the merchant panel. */
  async refuse(ctx: Ctx, req: commerceV1.RefuseHeldOrderRequest) {
    requireIdentity(ctx, UserRoles.admin);
    await this.review(req.orderId, async (tx, order, attempt) => {
      await this.store.cardAttempts.setStatus(tx, attempt.tran_id, 'refused', {
        note: 'refused by an admin; refund through the gateway',
      });
      if (order.status === 'held') await releaseReservation(tx, this.store, order, 'cancelled');
      this.logger.warn({ tranId: attempt.tran_id, orderId: order.id }, 'held card payment refused by an admin');
    });
    return (await this.store.getOrder(req.orderId))!;
  }

  private async review(
    orderId: string,
    act: (tx: SqlExecutor, order: OrderRow, attempt: CardAttempt) => Promise<void>,
  ): Promise<boolean> {
    if (!orderId) throw refuse('ORDER_ID_REQUIRED');
    return this.sql.transaction(async (tx) => {
      const order = await this.store.lockOrder(tx, orderId, null);
      if (!order) throw refuse('ORDER_NOT_FOUND');
      const attempt = await this.store.cardAttempts.heldOf(tx, orderId);
      if (!attempt) throw refuse('NO_HELD_PAYMENT');
      // The attempt's status is 'held' only until a review, so a second release or refuse is refused.
      await act(tx, order, attempt);
      return order.user_id;
    }).then((buyer) => {
      this.buyerChanged(buyer);
      return true;
    });
  }
}
