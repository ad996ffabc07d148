/**
 * Commerce use cases: cart, wishlist, vouchers, wallet and orders. The user is always the
 * verified caller (decision 0008), never a request field; the gRPC layer only adapts these.
 * Rules without I/O live in ../domain, SQL in ../store; decision 0012 states the money rules.
 */
import { randomUUID } from 'node:crypto';
import { accessFromPurchases, purchaseKind, RENEWAL_WINDOW_DAYS, ServiceNames, todayInDhaka, type commerceV1 } from '@taal/contracts';
import {
  PdfCopies,
  RECEIPT_LAYOUT,
  UserRoles,
  refuse,
  receiptPdf,
  refuseFields,
  requireIdentity,
  type CallerIdentity,
  type Sql,
  type SqlExecutor,
} from '@taal/kit';
import { formatPoisha } from '@taal/payments';
import {
  isCreditKind,
  isIsoDay,
  isTier,
  tierOffering,
  ledgerAmount,
  normaliseCode,
  ORDER_TTL_MS,
  orderTotals,
  priceOf,
  pricesPaid,
  subtotalOf,
  voucherProblems,
  voucherUsable,
  type CatalogueCourse,
  type PricedItem,
} from '../domain/pricing';
import type { CommerceStore } from '../store/commerce-store';
import { receiptOfOrder } from '../domain/receipt';
import { payLocked, refuseUnpayable, releaseReservation } from './pay-order';

type Ctx = { identity: CallerIdentity | null };

/**
 * Where prices come from: the catalogue (over gRPC, as commerce itself). Null: unknown or
 * unpublished. With `withSaleTerms`, the course carries its instructor's current share too.
 */
export interface CourseSource {
  getCourse(id: string, withSaleTerms?: boolean): Promise<CatalogueCourse | null>;
}

const STUDENT = UserRoles.student;
const ADMIN = UserRoles.admin;
/** No tier of the course offers the cart item's price and validity (decision 0028). */
const refuseOffer = (): never => {
  throw refuse('CART_OFFER_UNKNOWN');
};

export class Commerce {
  private readonly pdfCopies: PdfCopies;

  constructor(
    private readonly sql: Sql,
    private readonly store: CommerceStore,
    private readonly courses: CourseSource,
    /** Called after a transaction that enqueued events committed (wakes the outbox relay). */
    private readonly afterCommit: () => void,
    private readonly today: () => string = () => todayInDhaka(),
    /** Told once a change to a user's wallet or orders committed that their own request did not make (decision 0033). */
    private readonly userDataChanged: (userId: string) => void = () => {},
  ) {
    this.pdfCopies = new PdfCopies(sql, 'commerce.pdf_copy');
  }

  /** The cart item at `tier`, or (no tier) at the tier offering `offer`'s price and validity (decision 0028). */
  private async priced(courseId: string, tier: string, offer?: { price?: number; validityDays?: number }, withSaleTerms = false): Promise<PricedItem> {
    if (!courseId) throw refuse('COURSE_ID_REQUIRED');
    const byOffer = !tier && offer?.price !== undefined && offer.validityDays !== undefined;
    if (!byOffer && !isTier(tier)) throw refuse('TIER_INVALID');
    const course = await this.courses.getCourse(courseId, withSaleTerms);
    let chosen = tier;
    if (byOffer && course) chosen = tierOffering(course, offer.price!, offer.validityDays!) ?? refuseOffer();
    const item = course && isTier(chosen) && priceOf(course, chosen);
    if (!item) throw refuse('COURSE_NOT_FOR_SALE');
    return item;
  }

  /**
   * A course already owned may only be bought again to extend access: renewed once access has
   * ended or ends within RENEWAL_WINDOW_DAYS, or upgraded to a higher tier (issue 28, decision 0027).
   * Ownership is what this user's paid orders granted (learning grants from exactly those).
   */
  private async refuseOwned(userId: string, items: readonly PricedItem[]): Promise<void> {
    const purchases = await this.store.paidPurchases(userId, items.map((i) => i.courseId));
    const now = new Date();
    for (const item of items) {
      const owned = accessFromPurchases(purchases.filter((p) => p.courseId === item.courseId));
      if (purchaseKind(owned, item.tier, now) === 'owned') throw refuse('COURSE_ALREADY_OWNED', { days: RENEWAL_WINDOW_DAYS });
    }
  }

  // ---- cart ----

  async addToCart(ctx: Ctx, req: commerceV1.AddToCartRequest) {
    const { userId } = requireIdentity(ctx, STUDENT);
    const item = await this.priced(req.courseId, req.tier, { price: req.price, validityDays: req.validityDays });
    await this.refuseOwned(userId, [item]);
    return this.store.carts.putCartItem(userId, item);
  }

  async removeFromCart(ctx: Ctx, req: commerceV1.RemoveFromCartRequest) {
    const { userId } = requireIdentity(ctx, STUDENT);
    if (!req.courseId) throw refuse('COURSE_ID_REQUIRED');
    await this.store.carts.removeCartItems(userId, [req.courseId]);
    return this.store.carts.getCart(userId);
  }

  async clearCart(ctx: Ctx) {
    const { userId } = requireIdentity(ctx, STUDENT);
    await this.store.carts.removeCartItems(userId, 'all');
    return this.store.carts.getCart(userId);
  }

  getCart(ctx: Ctx) {
    return this.store.carts.getCart(requireIdentity(ctx, STUDENT).userId);
  }

  // ---- wishlist ----

  async addToWishlist(ctx: Ctx, req: commerceV1.AddToWishlistRequest) {
    const { userId } = requireIdentity(ctx, STUDENT);
    if (!req.courseId) throw refuse('COURSE_ID_REQUIRED');
    const course = await this.courses.getCourse(req.courseId);
    if (!course?.published) throw refuse('COURSE_NOT_FOR_SALE');
    await this.store.carts.addWishlistItem(userId, req.courseId);
    return this.store.carts.listWishlist(userId);
  }

  async removeFromWishlist(ctx: Ctx, req: commerceV1.RemoveFromWishlistRequest) {
    const { userId } = requireIdentity(ctx, STUDENT);
    if (!req.courseId) throw refuse('COURSE_ID_REQUIRED');
    await this.store.carts.removeWishlistItem(userId, req.courseId);
    return this.store.carts.listWishlist(userId);
  }

  listWishlist(ctx: Ctx) {
    return this.store.carts.listWishlist(requireIdentity(ctx, STUDENT).userId);
  }

  // ---- vouchers ----

  async createVoucher(ctx: Ctx, req: commerceV1.CreateVoucherRequest) {
    requireIdentity(ctx, ADMIN);
    const code = req.code.trim();
    const problems = voucherProblems({
      code,
      percent: req.percent,
      useLimit: req.useLimit,
      expireDate: req.expireDate,
    });
    if (Object.keys(problems).length > 0) throw refuseFields(problems, 'VOUCHER_FIELDS_MISSING');
    const voucher = await this.store.vouchers.createVoucher({
      id: randomUUID(),
      code,
      codeKey: normaliseCode(code),
      percent: req.percent,
      useLimit: req.useLimit,
      expireDate: req.expireDate,
    });
    if (!voucher) throw refuse('VOUCHER_CODE_TAKEN', { code });
    return voucher;
  }

  listVouchers(ctx: Ctx) {
    requireIdentity(ctx, ADMIN);
    return this.store.vouchers.listVouchers();
  }

  async deleteVoucher(ctx: Ctx, req: commerceV1.DeleteVoucherRequest) {
    requireIdentity(ctx, ADMIN);
    if (!req.id) throw refuse('VOUCHER_ID_REQUIRED');
    if (!(await this.store.vouchers.deleteVoucher(req.id))) throw refuse('COUPON_NOT_FOUND');
  }

  /** 'success' and the percent, or COUPON_NOT_FOUND (unknown, expired or used up). */
  async checkVoucher(ctx: Ctx, req: commerceV1.CheckVoucherRequest) {
    requireIdentity(ctx);
    const voucher = await this.usableVoucher(req.code);
    return { message: 'success', code: voucher.code, percent: voucher.percent };
  }

  private async usableVoucher(code: string): Promise<commerceV1.Voucher> {
    const voucher = code.trim() ? await this.store.vouchers.findVoucher(normaliseCode(code)) : null;
    if (!voucher || !voucherUsable(voucher, this.today())) throw refuse('COUPON_NOT_FOUND');
    return voucher;
  }

  // ---- wallet ----

  async getWallet(ctx: Ctx) {
    const { userId } = requireIdentity(ctx, STUDENT);
    await this.expireOverdue(userId);
    return this.store.wallets.getWallet(userId);
  }

  /**
   * The wallet statement (issue 41): the caller's own ledger, or (an admin) any user's; a page of
   * a keyset page of it newest first (decision 0084), with the balance it sums to.
   */
  listLedger(ctx: Ctx, req: Partial<commerceV1.ListLedgerRequest> = {}) {
    const me = requireIdentity(ctx, STUDENT, ADMIN);
    if (me.userType !== ADMIN && req.userId && req.userId !== me.userId) throw refuse('WALLET_NOT_YOURS');
    const userId = me.userType === ADMIN ? req.userId || me.userId : me.userId;
    return this.store.wallets.listLedger(userId, req.cursor ?? '', req.pageSize ?? 0);
  }

  /** A paid order's receipt (issue 41, decision 0049): its buyer or an admin; the PDF from the one renderer. */
  async getReceipt(ctx: Ctx, req: commerceV1.GetReceiptRequest): Promise<commerceV1.GetReceiptResponse> {
    const me = requireIdentity(ctx);
    const order = req.orderId ? await this.store.getOrder(req.orderId) : null;
    if (!order) throw refuse('ORDER_NOT_FOUND');
    if (order.userId !== me.userId && me.userType !== ADMIN) throw refuse('ORDER_NOT_YOURS');
    if (!order.paid) throw refuse('RECEIPT_ORDER_UNPAID');
    // A paid order's receipt never changes: rendered once per language, then served from its copy.
    const content = { language: req.language === 'bn' ? ('bn' as const) : ('en' as const), ...receiptOfOrder(order, await this.store.paidCardTransaction(order.id)) };
    const pdf = await this.pdfCopies.get(`receipt:${order.id}:${content.language}`, RECEIPT_LAYOUT, content, () => receiptPdf(content));
    return { pdf };
  }

  /**
   * A redeemed gift card's value, from the store only (its service token, no user): one
   * `gift_card_redemption` entry per card (reference `gift-card:<id>`), so the store's direct
   * call, its retries and the `store.gift_card.redeemed` event credit it once (decision 0012).
   */
  async creditGiftCard(ctx: Ctx & { callerService: string }, req: Omit<commerceV1.CreditGiftCardRequest, 'productName'> & { productName?: string }) {
    if (ctx.callerService !== ServiceNames.store || ctx.identity) throw refuse('GIFT_CARD_CREDIT_STORE_ONLY');
    const credited = await this.sql.transaction((tx) => this.recordGiftCardCredit(tx, req));
    if (credited) this.userDataChanged(req.userId);
    return { wallet: await this.store.wallets.getWallet(req.userId), credited };
  }

  /** The one ledger write of a gift card (also the event consumer's). */
  recordGiftCardCredit(tx: SqlExecutor, req: { userId: string; giftCardId: string; amount: number; productName?: string }): Promise<boolean> {
    if (!req.userId || !req.giftCardId) throw refuse('GIFT_CARD_CREDIT_INCOMPLETE');
    if (!Number.isSafeInteger(req.amount) || req.amount <= 0) throw refuse('WALLET_AMOUNT_INVALID');
    return this.store.wallets.post(tx, {
      userId: req.userId,
      kind: 'gift_card_redemption',
      amount: req.amount,
      credit: { flow: 'gift-card', key: req.giftCardId },
      detail: req.productName?.trim().slice(0, 200) ?? '',
    });
  }

  async creditWallet(ctx: Ctx, req: commerceV1.CreditWalletRequest) {
    requireIdentity(ctx, ADMIN);
    if (!req.userId) throw refuse('WALLET_USER_REQUIRED');
    const kind = req.kind;
    if (!isCreditKind(kind)) throw refuse('CREDIT_KIND_INVALID');
    if (!Number.isSafeInteger(req.amount) || req.amount <= 0) throw refuse('WALLET_AMOUNT_INVALID');
    if (!req.reference) throw refuse('CREDIT_REFERENCE_REQUIRED');
    await this.sql.transaction((tx) =>
      this.store.wallets.post(tx, {
        userId: req.userId,
        kind,
        amount: ledgerAmount(kind, req.amount),
        // The back office's own namespace: its reference can never be a flow's (decision 0036).
        credit: { flow: 'admin', key: req.reference },
      }),
    );
    this.userDataChanged(req.userId);
    return this.store.wallets.getWallet(req.userId);
  }

  // ---- orders ----

  /** From the caller's cart, priced again by the catalogue; reserves the wallet amount. */
  async createOrder(ctx: Ctx, req: commerceV1.CreateOrderRequest) {
    const { userId } = requireIdentity(ctx, STUDENT);
    await this.expireOverdue(userId);
    const cart = await this.store.carts.getCart(userId);
    if (cart.items.length === 0) throw refuse('CART_EMPTY');
    // The same one call per course as ever, now also answering the sale's terms (decision 0053).
    const items = await Promise.all(cart.items.map((i) => this.priced(i.courseId, i.tier, undefined, true)));
    // Again here: the cart may hold a course bought since it was added.
    await this.refuseOwned(userId, items);
    const voucher = req.voucherCode.trim() ? await this.usableVoucher(req.voucherCode) : null;
    const subtotal = subtotalOf(items);
    const id = randomUUID();

    return this.sql.transaction(async (tx) => {
      const balance = await this.store.wallets.lockWallet(tx, userId);
      const totals = orderTotals({
        subtotal,
        walletBalance: balance,
        useWallet: req.useWallet,
        voucherPercent: voucher?.percent ?? 0,
      });
      // Checked here, under the wallet lock, so the amount the client agreed to is the one ordered.
      if (req.expectedPayable !== undefined && req.expectedPayable !== totals.payable) {
        throw refuse('AMOUNT_MISMATCH', { amount: formatPoisha(totals.payable) }, { amount: 'AMOUNT_CHANGED' });
      }
      // A voucher that discounts nothing (the wallet covered everything) is not attached, so it is not used up.
      const withVoucher = voucher && totals.discount > 0 ? voucher : null;
      const paid = pricesPaid(items, totals.discount);
      const order = await this.store.insertOrder(tx, {
        id,
        userId,
        subtotal,
        voucherCode: withVoucher?.code ?? null,
        voucherPercent: withVoucher?.percent ?? 0,
        discount: totals.discount,
        walletUsed: totals.walletUsed,
        payable: totals.payable,
        expiresAt: new Date(Date.now() + ORDER_TTL_MS),
        items: items.map((item, i) => ({ ...item, pricePaid: paid[i]! })),
        // As the edge read them from identity for this request (decision 0053); '' when not given.
        buyer: { email: req.buyerEmail, name: req.buyerName, language: req.buyerLanguage },
      });
      if (totals.walletUsed > 0) {
        await this.store.wallets.post(tx, {
          userId,
          kind: 'reservation',
          amount: ledgerAmount('reservation', totals.walletUsed),
          orderId: id,
        });
      }
      return order;
    });
  }

  /**
   * Pays an order whose payable is zero (wallet and voucher cover it), in one transaction:
   * the voucher use counted (refused when the limit is reached), the wallet reservation
   * committed, the bought courses taken out of the cart, the order marked paid and exactly one
   * `commerce.order.paid` enqueued. Paying a paid order again returns it unchanged.
   */
  async payOrder(ctx: Ctx, req: commerceV1.PayOrderRequest) {
    const { userId } = requireIdentity(ctx, STUDENT);
    if (!req.orderId) throw refuse('ORDER_ID_REQUIRED');
    const outcome = await this.sql.transaction(async (tx) => {
      const row = await this.store.lockOrder(tx, req.orderId, null);
      if (!row) throw refuse('ORDER_NOT_FOUND');
      if (row.user_id !== userId) throw refuse('ORDER_NOT_YOURS');
      if (row.status === 'paid') return { kind: 'paid' as const, changed: false };
      if (row.status !== 'unpaid') throw refuseUnpayable(row.status);
      if (Number(row.payable) > 0) throw refuse('ORDER_HAS_AMOUNT_TO_PAY');
      if (row.expires_at.getTime() < Date.now()) {
        await releaseReservation(tx, this.store, row, 'expired');
        return { kind: 'expired' as const };
      }
      if ((await payLocked(tx, this.store, row, this.today())).kind === 'voucher-used-up') {
        await releaseReservation(tx, this.store, row, 'cancelled');
        return { kind: 'voucher' as const };
      }
      return { kind: 'paid' as const, changed: true };
    });
    if (outcome.kind === 'expired') throw refuse('ORDER_EXPIRED');
    if (outcome.kind === 'voucher') throw refuse('ORDER_CANCELLED_COUPON_USED_UP');
    if (outcome.changed) this.afterCommit();
    return (await this.store.getOrder(req.orderId))!;
  }

  listOrders(ctx: Ctx, req: Partial<commerceV1.ListOrdersRequest> = {}) {
    return this.store.listOrders(requireIdentity(ctx, STUDENT).userId, req.cursor ?? '', req.limit ?? 0);
  }

  /** The back office's order lists, a keyset page at a time (decision 0074): by Bangladesh creation day (none: every day), all or paid only. */
  listAllOrders(ctx: Ctx, req: commerceV1.ListAllOrdersRequest) {
    requireIdentity(ctx, ADMIN);
    const everyDay = !req.fromDay && !req.toDay;
    if (!everyDay && (!isIsoDay(req.fromDay) || !isIsoDay(req.toDay) || req.fromDay > req.toDay)) throw refuse('INVALID_DATE_RANGE');
    const days = everyDay ? null : { from: req.fromDay, to: req.toDay };
    return this.store.listAllOrders({ days, paidOnly: req.paidOnly }, { cursor: req.cursor, limit: req.limit, withSummary: req.withSummary, withDays: req.withDays });
  }

  /** Expires overdue unpaid orders (one user's, or all) and gives back their wallet reservations. */
  async expireOverdue(userId: string | null = null): Promise<number> {
    // A user's read (wallet, new order) usually has nothing overdue: one plain query instead of a
    // write transaction, which in all-in-one holds the whole embedded database (issue 25's profile).
    if (userId !== null && !(await this.store.hasOverdue(userId))) return 0;
    const expired = await this.sql.transaction(async (tx) => {
      const rows = await this.store.expireOverdue(tx, userId);
      for (const row of rows) await releaseReservation(tx, this.store, row, null);
      return rows;
    });
    for (const user of new Set(expired.map((row) => row.user_id))) this.userDataChanged(user);
    return expired.length;
  }
}
