/**
 * Store orders and their card payments, through the one card-payment flow of `@taal/payments`
 * (decisions 0013, 0014): an attempt per tran_id is recorded before the gateway is called; only
 * the validation API pays; the IPN and the browser return settle in one transaction keyed by
 * tran_id (row lock) and val_id (unique), so a repeat issues nothing the second time. What is the
 * store's own: paying issues one gift card per unit, their code mail and `store.order.paid` in
 * that transaction, and a risky payment or one for an order already paid issues nothing (decision 0018).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { requestMail, StoreEvents, storeEventsV1, takaToPoisha, type storeV1 } from '@taal/contracts';
import {
  UserRoles,
  createEnvelope,
  enqueueEvent,
  PdfCopies,
  RECEIPT_LAYOUT,
  receiptPdf,
  refuse,
  refuseFields,
  requireIdentity,
  type Logger,
  type Sql,
  type SqlExecutor,
} from '@taal/kit';
import {
  CardPaymentFlow,
  formatPoisha,
  type CardGateway,
  type CardOrders,
  type ReconcileOptions,
  type ReconcileReport,
  type Settling,
} from '@taal/payments';
import { codeFromBytes, dayOf, hashCode, MAX_QUANTITY, orderProblems, validityOf } from '../domain/gift-cards';
import { toOrder, type OrderRow } from '../store/orders';
import { SCHEMA } from '../store/schema';
import type { StoreDb } from '../store/store-db';
import type { Ctx } from './context';
import { GIFT_CARD_CARD_SALE } from '../domain/card-sale';
import { receiptOfOrder } from '../domain/receipt';

const STUDENT = UserRoles.student;

export type { CardGateway as StoreCardGateway };

export class Orders {
  private readonly cards: CardPaymentFlow<OrderRow>;
  private readonly pdfCopies: PdfCopies;

  constructor(
    sql: Sql,
    private readonly db: StoreDb,
    private readonly gateway: CardGateway,
    private readonly logger: Logger,
    /** After a transaction that enqueued events and mails committed. */
    afterCommit: () => void,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.pdfCopies = new PdfCopies(sql, 'store.pdf_copy');
    this.cards = new CardPaymentFlow(sql, db.cardAttempts, this.giftCardOrders(), gateway, logger, afterCommit);
  }

  /** Store orders as the card flow pays them. */
  private giftCardOrders(): CardOrders<OrderRow> {
    return {
      sale: GIFT_CARD_CARD_SALE,
      lock: (tx, orderId) => this.db.orders.getOrder(orderId, tx, true),
      amountToPay: (order) => {
        if (order.status === 'paid') throw refuse('ORDER_ALREADY_PAID');
        return Number(order.total_price);
      },
      // A cancelled order (a failed attempt) is still paid by a later valid payment.
      canPay: (order) => order.status !== 'paid',
      pay: (tx, s) => this.pay(tx, s),
      hold: async (tx, { order, attempt, detail }, reason) => {
        // A gift card is as good as cash: a risky payment issues nothing; the money is refunded
        // through the merchant panel (decision 0018).
        await this.db.cardAttempts.setStatus(tx, attempt.tran_id, 'refused', { ...detail, note: `${reason}: no cards issued` });
        this.logger.warn({ tranId: attempt.tran_id, orderId: order.id }, 'store payment with risk_level 1: no cards issued');
        return 'refused';
      },
      late: async (tx, { order, attempt, detail }) => {
        await this.db.cardAttempts.setStatus(tx, attempt.tran_id, 'refused', {
          ...detail,
          note: 'the order was paid by another attempt; refund through the merchant panel',
        });
        this.logger.error({ tranId: attempt.tran_id, orderId: order.id }, 'store payment for an order already paid by another attempt');
        return 'refused';
      },
      cancel: (tx, order) => this.db.orders.cancelOrder(tx, order.id),
    };
  }

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
    const row = await this.db.orders.insertOrder({
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

  async list(ctx: Ctx, req: Partial<storeV1.ListOrdersRequest> = {}): Promise<storeV1.ListOrdersResponse> {
    if (req.mine) {
      // A student's purchase history (issue 41): their own paid orders, a keyset page, newest first (decision 0087).
      const { userId } = requireIdentity(ctx, STUDENT);
      const mine = await this.db.orders.listPaidOrderPageOf(userId, req.cursor ?? '', req.limit ?? 0);
      return { orders: mine.items.map(toOrder), next: mine.next };
    }
    // Every order (admin): a keyset page, newest first (decision 0084).
    requireIdentity(ctx, UserRoles.admin);
    const page = await this.db.orders.listOrderPage(req.cursor ?? '', req.limit ?? 0);
    return { orders: page.items.map(toOrder), next: page.next };
  }

  async get(ctx: Ctx, req: storeV1.GetOrderRequest) {
    const me = requireIdentity(ctx);
    const row = req.id ? await this.db.orders.getOrder(req.id) : null;
    if (!row) throw refuse('ORDER_NOT_FOUND');
    if (row.user_id !== me.userId && me.userType !== UserRoles.admin) throw refuse('ORDER_NOT_YOURS');
    return toOrder(row);
  }

  /** A paid store order's receipt (issue 41, decision 0049): its buyer or an admin; the kit's one receipt renderer. */
  async receipt(ctx: Ctx, req: storeV1.GetReceiptRequest): Promise<storeV1.GetReceiptResponse> {
    const me = requireIdentity(ctx);
    const row = req.orderId ? await this.db.orders.getOrder(req.orderId) : null;
    if (!row) throw refuse('ORDER_NOT_FOUND');
    if (row.user_id !== me.userId && me.userType !== UserRoles.admin) throw refuse('ORDER_NOT_YOURS');
    if (row.status !== 'paid' || !row.paid_at) throw refuse('RECEIPT_ORDER_UNPAID');
    // A paid order's receipt never changes: rendered once per language, then served from its copy.
    const content = { ...receiptOfOrder(row, { at: new Date(row.paid_at), tranId: row.tran_id }), language: req.language === 'bn' ? ('bn' as const) : ('en' as const) };
    const pdf = await this.pdfCopies.get(`receipt:${row.id}:${content.language}`, RECEIPT_LAYOUT, content, () => receiptPdf(content));
    return { pdf };
  }

  /** Opens a gateway session for the caller's own unpaid order; the attempt is recorded first. */
  startPayment(ctx: Ctx, req: storeV1.StartPaymentRequest): Promise<storeV1.StartPaymentResponse> {
    const c = req.customer;
    return this.cards.open(ctx, { orderId: req.orderId, expectedAmount: req.expectedAmount }, (order) => ({
      customer: {
        name: c?.name || order.user_name || 'Customer',
        email: c?.email || order.user_email,
        phone: c?.phone || order.user_phone || order.shipping_phone,
      },
      product: { name: order.item_name.slice(0, 250), category: 'gift card', numOfItem: order.quantity },
      values: { a: 'store', c: order.id },
    }));
  }

  notification(ctx: Ctx, req: storeV1.HandlePaymentNotificationRequest): Promise<storeV1.PaymentOutcome> {
    return this.cards.notification(ctx, req.fields);
  }

  browserReturn(ctx: Ctx, req: storeV1.ConfirmPaymentReturnRequest): Promise<storeV1.PaymentOutcome> {
    return this.cards.browserReturn(ctx, req);
  }

  /** Attempts that heard nothing back, asked about at the gateway and settled (decision 0035). */
  reconcileCardPayments(options: ReconcileOptions): Promise<ReconcileReport> {
    return this.cards.reconcile(options);
  }

  /** Marks the order paid with the card's details from the validation, and issues its cards. */
  private async pay(tx: SqlExecutor, { order, attempt, detail, validation }: Settling<OrderRow>): Promise<'paid'> {
    const raw = validation.raw;
    const text = (k: string) => (typeof raw[k] === 'string' ? (raw[k] as string).slice(0, 100) : '');
    const paidAt = await this.db.orders.markOrderPaid(tx, order.id, {
      tranId: attempt.tran_id,
      storeAmount: takaToPoisha(text('store_amount')) || Number(attempt.amount),
      cardType: text('card_type'),
      cardIssuer: text('card_issuer'),
      cardCategory: text('card_category'),
    });
    await this.db.cardAttempts.setStatus(tx, attempt.tran_id, 'paid', detail);
    await this.issue(tx, order, { at: paidAt ?? this.now(), tranId: attempt.tran_id });
    return 'paid';
  }

  /** One card per unit, the receiver's code mail (and the buyer's receipt), `sold`, and the event: all in the paying transaction. */
  private async issue(tx: SqlExecutor, order: OrderRow, paid: { at: Date; tranId: string }): Promise<void> {
    const now = this.now();
    // The buyer's mail carries the receipt as a PDF (decision 0049): the codes' mail when the cards
    // are the buyer's own, else the receipt naming the receiver.
    const receipt = receiptOfOrder(order, paid);
    const buyerGetsCodes = order.for_myself || order.user_email === order.shipping_email;
    const { validFrom, validTo } = validityOf(now);
    const codes: string[] = [];
    const ids: string[] = [];
    for (let i = 0; i < order.quantity; i++) {
      const code = codeFromBytes(randomBytes(13));
      const id = randomUUID();
      await this.db.giftCards.insertGiftCard(tx, {
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
    const site = this.gateway.publicUrl().replace(/\/+$/, '');
    const receiverLanguage = (await this.db.languageOf(tx, order.shipping_email)) ?? order.language;
    const codesMail = requestMail(
      'giftCardReceived',
      `gift-cards:${order.id}:${order.shipping_email}`,
      { to: order.shipping_email, name: order.shipping_name, language: receiverLanguage },
      {
        senderName: order.gift_card_from || order.user_name,
        message: order.gift_card_message,
        productName: order.item_name,
        value: Number(order.item_value),
        codes,
        validTo: dayOf(validTo, receiverLanguage),
        link: `${site}/studentpanel?tab=6`,
      },
      buyerGetsCodes ? receipt : undefined,
    );
    await enqueueEvent(tx, SCHEMA, createEnvelope(codesMail));
    // The buyer of cards for someone else gets a receipt naming the address, never the codes: a
    // copy with the codes would let the buyer redeem the card meant for the receiver (issue 28).
    if (!buyerGetsCodes) {
      const receiptMail = requestMail(
        'giftCardSent',
        `gift-cards:${order.id}:${order.user_email}`,
        { to: order.user_email, name: order.user_name, language: order.language },
        {
          receiverName: order.shipping_name,
          receiverEmail: order.shipping_email,
          productName: order.item_name,
          value: Number(order.item_value),
          count: order.quantity,
          total: Number(order.total_price),
          validTo: dayOf(validTo, order.language),
          link: `${site}/contact`,
        },
        receipt,
      );
      await enqueueEvent(tx, SCHEMA, createEnvelope(receiptMail));
    }

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
}
