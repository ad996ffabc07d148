/**
 * Store orders and their card payments, on the adapter of decision 0013 with commerce's
 * settlement rules (decision 0014): an attempt per tran_id is recorded before the gateway is
 * called; only the validation API pays; the IPN and the browser return settle in one transaction
 * keyed by tran_id (row lock) and val_id (unique), so a repeat issues nothing the second time.
 * Paying issues one gift card per unit, their code mail and `store.order.paid` in that transaction.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import { requestMail, StoreEvents, storeEventsV1, type storeV1 } from '@taal/contracts';
import {
  CallerUserTypes,
  createEnvelope,
  enqueueEvent,
  refuse,
  refuseFields,
  requireIdentity,
  type Sql,
  type SqlExecutor,
} from '@taal/kit';
import { decidePayment, formatPoisha, readIpn, type SslCommerzClient } from '@taal/payments';
import { codeFromBytes, dayOf, hashCode, isStoreTranId, MAX_QUANTITY, orderProblems, validityOf } from '../domain/gift-cards';
import { SCHEMA, toOrder, type CardPaymentRow, type OrderRow, type StoreDb } from '../store/store-db';
import type { Ctx } from './context';

type Outcome = storeV1.PaymentOutcome;
const HTTP_EDGE = 'gateway';
const STUDENT = CallerUserTypes.student;

export interface StoreCardGateway {
  client: SslCommerzClient;
  publicUrl(): string;
}

export class Orders {
  constructor(
    private readonly sql: Sql,
    private readonly db: StoreDb,
    private readonly gateway: StoreCardGateway,
    private readonly logger: Logger,
    /** After a transaction that enqueued events and mails committed. */
    private readonly afterCommit: () => void,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async create(ctx: Ctx, req: storeV1.CreateOrderRequest): Promise<storeV1.StoreOrder> {
    const { userId } = requireIdentity(ctx, STUDENT);
    const shipping = req.shippingAddress ?? { name: '', email: '', phone: '' };
    const problems = orderProblems({
      forMyself: req.forMyself,
      quantity: req.quantity,
      userPhone: req.userPhone,
      giftCardFrom: req.giftCardFrom,
      giftCardMessage: req.giftCardMessage,
      shipping,
    });
    if (!req.userEmail.trim()) problems.userEmail = 'THIS_IS_REQUIRED';
    if (Object.keys(problems).length) throw refuseFields(problems);
    const product = req.productId ? await this.db.getProduct(req.productId) : null;
    if (!product) throw refuse('GIFT_CARD_NOT_FOUND');
    const total = Number(product.price) * req.quantity;
    if (req.expectedTotal !== total) {
      throw refuse('AMOUNT_MISMATCH', { amount: formatPoisha(total) }, { totalPrice: 'TOTAL_NOT_PRICE_TIMES_QUANTITY' });
    }
    const row = await this.db.insertOrder({
      id: randomUUID(),
      user_id: userId,
      user_name: req.userName.trim(),
      user_email: req.userEmail.trim().toLowerCase(),
      user_phone: req.forMyself ? req.userPhone.trim() : req.userPhone.trim(),
      for_myself: req.forMyself,
      shipping_name: req.forMyself ? req.userName.trim() : shipping.name.trim(),
      shipping_email: req.forMyself ? req.userEmail.trim().toLowerCase() : shipping.email.trim().toLowerCase(),
      shipping_phone: req.forMyself ? req.userPhone.trim() : shipping.phone.trim(),
      gift_card_from: req.forMyself ? req.userName.trim() : req.giftCardFrom.trim(),
      gift_card_message: req.giftCardMessage.trim(),
      language: req.language === 'bn' ? 'bn' : 'en',
      product_id: product.id,
      item_name: product.name,
      item_price: product.price,
      item_value: product.value,
      quantity: Math.min(req.quantity, MAX_QUANTITY),
      total_price: String(total),
    });
    return toOrder(row);
  }

  async list(ctx: Ctx) {
    requireIdentity(ctx, CallerUserTypes.admin);
    return (await this.db.listOrders()).map(toOrder);
  }

  async get(ctx: Ctx, req: storeV1.GetOrderRequest) {
    const me = requireIdentity(ctx);
    const row = req.id ? await this.db.getOrder(req.id) : null;
    if (!row) throw refuse('ORDER_NOT_FOUND');
    if (row.user_id !== me.userId && me.userType !== CallerUserTypes.admin) throw refuse('ORDER_NOT_YOURS');
    return toOrder(row);
  }

  /** Opens a gateway session for the caller's own unpaid order; the attempt is recorded first. */
  async startPayment(ctx: Ctx, req: storeV1.StartPaymentRequest): Promise<storeV1.StartPaymentResponse> {
    const { userId } = requireIdentity(ctx, STUDENT);
    if (!req.orderId) throw refuse('ORDER_ID_REQUIRED');
    const tranId = `S${randomBytes(12).toString('hex').toUpperCase()}`;
    const order = await this.sql.transaction(async (tx) => {
      const row = await this.db.getOrder(req.orderId, tx, true);
      if (!row) throw refuse('ORDER_NOT_FOUND');
      if (row.user_id !== userId) throw refuse('ORDER_NOT_YOURS');
      if (row.status === 'paid') throw refuse('ORDER_ALREADY_PAID');
      if (req.expectedAmount !== Number(row.total_price)) {
        throw refuse('AMOUNT_MISMATCH', { amount: formatPoisha(Number(row.total_price)) }, { amount: 'AMOUNT_CHANGED' });
      }
      await this.db.insertCardPayment(tx, { tranId, orderId: row.id, userId, amount: Number(row.total_price) });
      return row;
    });
    const base = `${this.gateway.publicUrl().replace(/\/+$/, '')}/api/v1/store/payment/ssl`;
    const c = req.customer;
    try {
      const session = await this.gateway.client.initSession({
        tranId,
        amountPoisha: Number(order.total_price),
        successUrl: `${base}/success`,
        failUrl: `${base}/fail`,
        cancelUrl: `${base}/cancel`,
        ipnUrl: `${base}/ipn`,
        customer: {
          name: c?.name || order.user_name || 'Customer',
          email: c?.email || order.user_email,
          phone: c?.phone || order.user_phone || order.shipping_phone,
        },
        product: { name: order.item_name.slice(0, 250), category: 'gift card', numOfItem: order.quantity },
        values: { a: 'store', c: order.id },
      });
      return { gatewayPageUrl: session.gatewayPageUrl, tranId };
    } catch (err) {
      await this.sql.transaction((tx) => this.db.setCardPaymentStatus(tx, tranId, 'failed', { note: 'session init failed' }));
      this.logger.warn({ err, orderId: order.id, tranId }, 'store payment: session init failed');
      throw refuse('SERVICE_UNAVAILABLE');
    }
  }

  async notification(ctx: Ctx, req: storeV1.HandlePaymentNotificationRequest): Promise<Outcome> {
    this.requireEdge(ctx);
    const ipn = readIpn(this.gateway.client, req.fields);
    if (ipn.kind === 'settle') return this.settle(ipn.tranId, ipn.valId, 'ipn');
    if (ipn.kind === 'failed') return this.failed(ipn.tranId, ipn.status);
    this.logger.warn({ tranId: ipn.tranId, status: ipn.status }, `store payment: IPN ignored (${ipn.reason})`);
    return { outcome: 'ignored', orderId: '' };
  }

  async browserReturn(ctx: Ctx, req: storeV1.ConfirmPaymentReturnRequest): Promise<Outcome> {
    this.requireEdge(ctx);
    return this.settle(req.tranId, req.valId, 'return');
  }

  private requireEdge(ctx: Ctx): void {
    if (ctx.callerService !== HTTP_EDGE || ctx.identity) throw refuse('PAYMENT_NOTIFICATION_EDGE_ONLY');
  }

  private async settle(tranId: string, valId: string, source: 'ipn' | 'return'): Promise<Outcome> {
    const known = isStoreTranId(tranId) ? await this.db.findCardPayment(tranId) : null;
    if (!known) {
      this.logger.warn({ tranId, source }, 'store payment: unknown tran_id; nothing paid');
      return { outcome: 'ignored', orderId: '' };
    }
    if (known.val_id && known.val_id === valId && known.status === 'paid') return { outcome: 'duplicate', orderId: known.order_id };
    if (!valId) return { outcome: 'ignored', orderId: known.order_id };

    let validation;
    try {
      validation = await this.gateway.client.validate(valId);
    } catch (err) {
      this.logger.warn({ err, tranId, source }, 'store payment: validation API failed');
      throw refuse('SERVICE_UNAVAILABLE');
    }
    const decision = decidePayment(validation, { tranId, amountPoisha: Number(known.amount) });
    if (decision.kind === 'refused') {
      this.logger.warn({ tranId, valId, source, reason: decision.reason }, 'store payment refused; nothing issued');
      return { outcome: 'refused', orderId: known.order_id };
    }
    const raw = validation.raw;
    const text = (k: string) => (typeof raw[k] === 'string' ? (raw[k] as string).slice(0, 100) : '');

    const outcome = await this.sql.transaction(async (tx): Promise<Outcome> => {
      const attempt = (await this.db.findCardPayment(tranId, tx, true))!;
      const order = (await this.db.getOrder(attempt.order_id, tx, true))!;
      if (attempt.status === 'paid' || attempt.status === 'refused') return { outcome: 'duplicate', orderId: order.id };
      const otherTran = await this.db.cardPaymentOfValId(tx, decision.valId);
      if (otherTran && otherTran !== tranId) {
        this.logger.warn({ tranId, valId, otherTran }, 'store payment: val_id already paid another attempt; refused');
        return { outcome: 'refused', orderId: order.id };
      }
      const detail = { valId: decision.valId, bankTranId: decision.bankTranId };
      if (decision.kind === 'hold') {
        // A gift card is as good as cash: a risky payment issues nothing; the money is refunded
        // through the merchant panel (decision on the store).
        await this.db.setCardPaymentStatus(tx, tranId, 'refused', { ...detail, note: `${decision.reason}: no cards issued` });
        this.logger.warn({ tranId, orderId: order.id }, 'store payment with risk_level 1: no cards issued');
        return { outcome: 'refused', orderId: order.id };
      }
      if (order.status === 'paid') {
        await this.db.setCardPaymentStatus(tx, tranId, 'refused', { ...detail, note: 'the order was paid by another attempt; refund through the merchant panel' });
        this.logger.error({ tranId, orderId: order.id }, 'store payment for an order already paid by another attempt');
        return { outcome: 'refused', orderId: order.id };
      }
      await this.db.markOrderPaid(tx, order.id, {
        tranId,
        storeAmount: Math.round(Number(text('store_amount') || '0') * 100) || Number(attempt.amount),
        cardType: text('card_type'),
        cardIssuer: text('card_issuer'),
        cardCategory: text('card_category'),
      });
      await this.db.setCardPaymentStatus(tx, tranId, 'paid', detail);
      await this.issue(tx, order);
      return { outcome: 'paid', orderId: order.id };
    });
    if (outcome.outcome === 'paid') this.afterCommit();
    this.logger.info({ tranId, source, ...outcome }, 'store payment settled');
    return outcome;
  }

  /** One card per unit, the receiver's (and the buyer's) code mail, `sold`, and the event: all in the paying transaction. */
  private async issue(tx: SqlExecutor, order: OrderRow): Promise<void> {
    const now = this.now();
    const { validFrom, validTo } = validityOf(now);
    const codes: string[] = [];
    const ids: string[] = [];
    for (let i = 0; i < order.quantity; i++) {
      const code = codeFromBytes(randomBytes(13));
      const id = randomUUID();
      await this.db.insertGiftCard(tx, {
        id,
        order_id: order.id,
        code_hash: hashCode(code),
        sender_name: order.gift_card_from || order.user_name,
        purchased_by: order.user_id,
        receiver_name: order.shipping_name,
        receiver_email: order.shipping_email,
        receiver_phone: order.shipping_phone,
        message: order.gift_card_message,
        product_name: order.item_name,
        value: order.item_value,
        price: order.item_price,
        valid_from: validFrom,
        valid_to: validTo,
      });
      codes.push(code);
      ids.push(id);
    }
    await this.db.addSold(tx, order.product_id, order.quantity);

    // The codes' mails, sent by messaging (decision 0023): asked for in this transaction.
    const link = `${this.gateway.publicUrl().replace(/\/+$/, '')}/studentpanel?tab=6`;
    const mailFor = async (to: string, name: string, language: 'en' | 'bn') => {
      const mail = requestMail('giftCardReceived', `gift-cards:${order.id}:${to}`, { to, name, language }, {
        senderName: order.gift_card_from || order.user_name,
        message: order.gift_card_message,
        productName: order.item_name,
        value: Number(order.item_value),
        codes,
        validTo: dayOf(validTo, language),
        link,
      });
      await enqueueEvent(tx, SCHEMA, createEnvelope(mail));
    };
    const receiverLanguage = (await this.db.languageOf(tx, order.shipping_email)) ?? order.language;
    await mailFor(order.shipping_email, order.shipping_name, receiverLanguage);
    // The buyer keeps a copy (lost cards are not replaced, so a mistyped address must not lose them).
    if (!order.for_myself && order.user_email !== order.shipping_email) await mailFor(order.user_email, order.user_name, order.language);

    await enqueueEvent(
      tx,
      SCHEMA,
      createEnvelope({
        type: StoreEvents.orderPaid,
        key: order.user_id,
        payload: storeEventsV1.StoreOrderPaid.encode({
          orderId: order.id,
          userId: order.user_id,
          productId: order.product_id,
          quantity: order.quantity,
          total: Number(order.total_price),
          giftCardIds: ids,
          paidAt: now.toISOString(),
        }).finish(),
      }),
    );
  }

  /** A FAILED or CANCELLED IPN: the order is cancelled while nothing was paid (a later VALID one still pays it). */
  private async failed(tranId: string, status: string): Promise<Outcome> {
    if (!isStoreTranId(tranId)) return { outcome: 'ignored', orderId: '' };
    return this.sql.transaction(async (tx): Promise<Outcome> => {
      const attempt: CardPaymentRow | null = await this.db.findCardPayment(tranId, tx, true);
      if (!attempt) return { outcome: 'ignored', orderId: '' };
      const order = (await this.db.getOrder(attempt.order_id, tx, true))!;
      if (attempt.status !== 'initiated' || order.status !== 'unpaid') return { outcome: 'duplicate', orderId: order.id };
      await this.db.setCardPaymentStatus(tx, tranId, 'failed', { note: status });
      await tx.query(`UPDATE store.store_order SET status = 'cancelled' WHERE id = $1 AND status = 'unpaid'`, [order.id]);
      return { outcome: 'failed', orderId: order.id };
    });
  }
}
