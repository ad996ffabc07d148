/**
 * Card payments through the gateway adapter (decision 0014, on the adapter of decision 0013).
 * Paid is decided only by the validation API, never by the IPN or the browser alone; every
 * notification is keyed by our tran_id and the gateway's val_id, so a repeat, the browser's
 * return after the IPN or the IPN after the return changes nothing the second time.
 */
import { randomBytes } from 'node:crypto';
import type { Logger } from 'pino';
import { todayInDhaka, type commerceV1 } from '@taal/contracts';
import {
  CallerUserTypes,
  refuse,
  requireIdentity,
  type CallerIdentity,
  type Sql,
  type SqlExecutor,
} from '@taal/kit';
import { decidePayment, formatPoisha, readIpn, type SslCommerzClient } from '@taal/payments';
import { failureCancelsOrder, isTranId, settlementFor } from '../domain/card-payments';
import type { CardPaymentRow, CommerceStore, OrderRow } from '../store/commerce-store';
import { payLocked, refuseUnpayable, releaseReservation } from './pay-order';

type Ctx = { identity: CallerIdentity | null; callerService: string };
type Outcome = commerceV1.PaymentOutcome;


/** The only service that may hand over the gateway's notifications and browser returns. */
const HTTP_EDGE = 'gateway';

export interface CardGateway {
  client: SslCommerzClient;
  /** The site's public base URL: the IPN and return URLs hang off it (`/api/v1/cart/ssl/...`). */
  publicUrl(): string;
}

export class CardPayments {
  constructor(
    private readonly sql: Sql,
    private readonly store: CommerceStore,
    private readonly gateway: CardGateway,
    private readonly logger: Logger,
    /** Called after a transaction that enqueued events committed (wakes the outbox relay). */
    private readonly afterCommit: () => void,
    private readonly today: () => string = () => todayInDhaka(),
  ) {}

  /** Opens a gateway session for the caller's own unpaid order with a positive payable. */
  async start(ctx: Ctx, req: commerceV1.StartCardPaymentRequest): Promise<commerceV1.StartCardPaymentResponse> {
    const { userId } = requireIdentity(ctx, CallerUserTypes.student);
    if (!req.orderId) throw refuse('ORDER_ID_REQUIRED');
    const tranId = `T${randomBytes(12).toString('hex').toUpperCase()}`;
    const order = await this.sql.transaction(async (tx) => {
      const row = await this.store.lockOrder(tx, req.orderId, null);
      if (!row) throw refuse('ORDER_NOT_FOUND');
      if (row.user_id !== userId) throw refuse('ORDER_NOT_YOURS');
      if (row.status !== 'unpaid') throw refuseUnpayable(row.status);
      if (Number(row.payable) === 0) throw refuse('ORDER_NOTHING_TO_PAY_BY_CARD');
      if (row.expires_at.getTime() < Date.now()) throw refuse('ORDER_EXPIRED');
      if (req.expectedPayable !== undefined && req.expectedPayable !== Number(row.payable)) {
        throw refuse('AMOUNT_MISMATCH', { amount: formatPoisha(Number(row.payable)) }, { total_amount: 'AMOUNT_CHANGED' });
      }
      // Recorded before the session opens, so an IPN can never arrive for a tran_id we do not know.
      await this.store.insertCardPayment({ tranId, orderId: row.id, userId, amount: Number(row.payable) }, tx);
      return row;
    });
    const items = await this.store.orderItems([order.id]);
    const c = req.customer;
    const base = `${this.gateway.publicUrl().replace(/\/+$/, '')}/api/v1/cart/ssl`;
    try {
      const session = await this.gateway.client.initSession({
        tranId,
        amountPoisha: Number(order.payable),
        successUrl: `${base}/success`,
        failUrl: `${base}/fail`,
        cancelUrl: `${base}/cancel`,
        ipnUrl: `${base}/ipn`,
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
      });
      return { gatewayPageUrl: session.gatewayPageUrl, tranId };
    } catch (err) {
      await this.sql.transaction((tx) => this.store.setCardPaymentStatus(tx, tranId, 'failed', { note: 'session init failed' }));
      this.logger.warn({ err, orderId: order.id, tranId }, 'card payment: session init failed');
      throw refuse('SERVICE_UNAVAILABLE');
    }
  }

  /** The IPN: checked signature, then the validation API decides (decision 0013). */
  async notification(ctx: Ctx, req: commerceV1.HandlePaymentNotificationRequest): Promise<Outcome> {
    this.requireEdge(ctx);
    const ipn = readIpn(this.gateway.client, req.fields);
    if (ipn.kind === 'settle') return this.settle(ipn.tranId, ipn.valId, 'ipn');
    if (ipn.kind === 'failed') return this.failed(ipn.tranId, ipn.status);
    this.logger.warn({ tranId: ipn.tranId, status: ipn.status }, `card payment: IPN ignored (${ipn.reason})`);
    return { outcome: 'ignored', orderId: '' };
  }

  /** The browser's return to success_url: validated like an IPN; the return alone pays nothing. */
  async browserReturn(ctx: Ctx, req: commerceV1.ConfirmPaymentReturnRequest): Promise<Outcome> {
    this.requireEdge(ctx);
    return this.settle(req.tranId, req.valId, 'return');
  }

  private requireEdge(ctx: Ctx): void {
    if (ctx.callerService !== HTTP_EDGE || ctx.identity) throw refuse('PAYMENT_NOTIFICATION_EDGE_ONLY');
  }

  private async settle(tranId: string, valId: string, source: 'ipn' | 'return'): Promise<Outcome> {
    const known = isTranId(tranId) ? await this.store.findCardPayment(tranId) : null;
    if (!known) {
      this.logger.warn({ tranId, source }, 'card payment: unknown tran_id; nothing paid');
      return { outcome: 'ignored', orderId: '' };
    }
    // A repeat of a settled payment needs no second validation call.
    if (known.val_id && known.val_id === valId && known.status !== 'initiated' && known.status !== 'failed') {
      return { outcome: 'duplicate', orderId: known.order_id };
    }
    if (!valId) return { outcome: 'ignored', orderId: known.order_id };

    let validation;
    try {
      validation = await this.gateway.client.validate(valId);
    } catch (err) {
      // Unavailable, so the gateway's IPN is retried and the browser's return page keeps waiting.
      this.logger.warn({ err, tranId, source }, 'card payment: validation API failed');
      throw refuse('SERVICE_UNAVAILABLE');
    }
    const decision = decidePayment(validation, { tranId, amountPoisha: Number(known.amount) });
    if (decision.kind === 'refused') {
      this.logger.warn({ tranId, valId, source, reason: decision.reason }, 'card payment refused; nothing paid');
      return { outcome: 'refused', orderId: known.order_id };
    }

    const outcome = await this.sql.transaction(async (tx): Promise<Outcome> => {
      const attempt = (await this.store.findCardPayment(tranId, tx, true))!;
      const order = (await this.store.lockOrder(tx, attempt.order_id, null))!;
      const otherTran = await this.store.cardPaymentOfValId(tx, decision.valId);
      if (otherTran && otherTran !== tranId) {
        this.logger.warn({ tranId, valId, otherTran }, 'card payment: val_id already paid another attempt; refused');
        return { outcome: 'refused', orderId: order.id };
      }
      const settlement = settlementFor(attempt.status, order.status, decision.kind);
      const detail = { valId: decision.valId, bankTranId: decision.bankTranId };
      switch (settlement) {
        case 'duplicate':
          return { outcome: 'duplicate', orderId: order.id };
        case 'hold':
          await this.store.setCardPaymentStatus(tx, tranId, 'held', {
            ...detail,
            note: decision.kind === 'hold' ? decision.reason : '',
          });
          if (order.status === 'unpaid') await this.store.setOrderStatus(tx, order.id, 'held');
          this.logger.warn({ tranId, orderId: order.id }, 'card payment held for an admin (risk_level 1)');
          return { outcome: 'held', orderId: order.id };
        case 'pay':
          return this.payOrCredit(tx, order, attempt, detail);
        case 'credit-wallet':
          await this.creditCardMoney(tx, attempt, detail, `order was ${order.status}`);
          return { outcome: 'credited', orderId: order.id };
      }
    });
    if (outcome.outcome === 'paid' || outcome.outcome === 'credited') this.afterCommit();
    this.logger.info({ tranId, source, ...outcome }, 'card payment settled');
    return outcome;
  }

  /** Pays the order; if its voucher ran out meanwhile, the card money goes to the wallet instead. */
  private async payOrCredit(
    tx: SqlExecutor,
    order: OrderRow,
    attempt: CardPaymentRow,
    detail: { valId: string; bankTranId?: string },
  ): Promise<Outcome> {
    const paid = await payLocked(tx, this.store, order, this.today());
    if (paid.kind === 'paid') {
      await this.store.setCardPaymentStatus(tx, attempt.tran_id, 'paid', detail);
      return { outcome: 'paid', orderId: order.id };
    }
    await releaseReservation(tx, this.store, order, 'cancelled');
    await this.creditCardMoney(tx, attempt, detail, 'the voucher ran out before the payment');
    return { outcome: 'credited', orderId: order.id };
  }

  /** Card money that cannot pay its order is the student's: a refund credit, once per tran_id. */
  private async creditCardMoney(tx: SqlExecutor, attempt: CardPaymentRow, detail: { valId: string; bankTranId?: string }, why: string) {
    await this.store.post(tx, {
      userId: attempt.user_id,
      kind: 'refund',
      amount: Number(attempt.amount),
      reference: `card:${attempt.tran_id}`,
    });
    await this.store.setCardPaymentStatus(tx, attempt.tran_id, 'credited', {
      ...detail,
      note: `credited to the wallet: ${why}`,
    });
    this.logger.warn({ tranId: attempt.tran_id, orderId: attempt.order_id, why }, 'card payment credited to the wallet');
  }

  /** A FAILED or CANCELLED IPN: the order is cancelled and its reservation given back, unless something was paid. */
  private async failed(tranId: string, status: string): Promise<Outcome> {
    if (!isTranId(tranId)) {
      this.logger.warn({ tranId, status }, 'card payment: unknown tran_id in a failure IPN');
      return { outcome: 'ignored', orderId: '' };
    }
    return this.sql.transaction(async (tx): Promise<Outcome> => {
      const attempt = await this.store.findCardPayment(tranId, tx, true);
      if (!attempt) {
        this.logger.warn({ tranId, status }, 'card payment: unknown tran_id in a failure IPN');
        return { outcome: 'ignored', orderId: '' };
      }
      const order = (await this.store.lockOrder(tx, attempt.order_id, null))!;
      if (!failureCancelsOrder(attempt.status, order.status)) {
        this.logger.info({ tranId, status, attempt: attempt.status, order: order.status }, 'card payment: late failure IPN ignored');
        return { outcome: 'duplicate', orderId: order.id };
      }
      await this.store.setCardPaymentStatus(tx, tranId, 'failed', { note: status });
      await releaseReservation(tx, this.store, order, 'cancelled');
      return { outcome: 'failed', orderId: order.id };
    });
  }

  // ---- orders held for risk review (admin) ----

  listHeld(ctx: Ctx) {
    requireIdentity(ctx, CallerUserTypes.admin);
    return this.store.listHeldOrders();
  }

  /** Pays a held order (its card money came); if it can no longer be paid, the money goes to the wallet. */
  async release(ctx: Ctx, req: commerceV1.ReleaseHeldOrderRequest) {
    requireIdentity(ctx, CallerUserTypes.admin);
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
    requireIdentity(ctx, CallerUserTypes.admin);
    await this.review(req.orderId, async (tx, order, attempt) => {
      await this.store.setCardPaymentStatus(tx, attempt.tran_id, 'refused', {
        note: 'refused by an admin; refund through the gateway',
      });
      if (order.status === 'held') await releaseReservation(tx, this.store, order, 'cancelled');
      this.logger.warn({ tranId: attempt.tran_id, orderId: order.id }, 'held card payment refused by an admin');
    });
    return (await this.store.getOrder(req.orderId))!;
  }

  private async review(
    orderId: string,
    act: (tx: SqlExecutor, order: OrderRow, attempt: CardPaymentRow) => Promise<void>,
  ): Promise<boolean> {
    if (!orderId) throw refuse('ORDER_ID_REQUIRED');
    return this.sql.transaction(async (tx) => {
      const order = await this.store.lockOrder(tx, orderId, null);
      if (!order) throw refuse('ORDER_NOT_FOUND');
      const attempt = await this.store.heldCardPayment(tx, orderId);
      if (!attempt) throw refuse('NO_HELD_PAYMENT');
      // The attempt's status is 'held' only until a review, so a second release or refuse is refused.
      await act(tx, order, attempt);
      return true;
    });
  }
}
