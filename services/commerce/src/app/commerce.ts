/**
 * Commerce use cases: cart, wishlist, vouchers, wallet and orders. The user is always the
 * verified caller (decision 0008), never a request field; the gRPC layer only adapts these.
 * Rules without I/O live in ../domain, SQL in ../store; decision 0012 states the money rules.
 */
import { randomUUID } from 'node:crypto';
import { ServiceNames, todayInDhaka, type commerceV1 } from '@taal/contracts';
import {
  alreadyExists,
  CallerUserTypes,
  failedPrecondition,
  invalidArgument,
  notFound,
  permissionDenied,
  requireIdentity,
  withDetails,
  withReason,
  type CallerIdentity,
  type Sql,
  type SqlExecutor,
} from '@taal/kit';
import {
  COUPON_NOT_FOUND,
  isCreditKind,
  isIsoDay,
  isTier,
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
import { NOT_YOUR_ORDER } from './card-payments';
import { payLocked, releaseReservation } from './pay-order';

type Ctx = { identity: CallerIdentity | null };

/** Where prices come from: the catalogue (over gRPC, as commerce itself). Null: unknown or unpublished. */
export interface CourseSource {
  getCourse(id: string): Promise<CatalogueCourse | null>;
}

const STUDENT = CallerUserTypes.student;
const ADMIN = CallerUserTypes.admin;

export class Commerce {
  constructor(
    private readonly sql: Sql,
    private readonly store: CommerceStore,
    private readonly courses: CourseSource,
    /** Called after a transaction that enqueued events committed (wakes the outbox relay). */
    private readonly afterCommit: () => void,
    private readonly today: () => string = () => todayInDhaka(),
  ) {}

  private async priced(courseId: string, tier: string): Promise<PricedItem> {
    if (!courseId) throw invalidArgument('Course id is required');
    if (!isTier(tier)) throw invalidArgument('Tier must be silver, gold or diamond');
    const course = await this.courses.getCourse(courseId);
    const item = course && priceOf(course, tier);
    if (!item) throw notFound(`Course ${courseId} is not for sale`);
    return item;
  }

  // ---- cart ----

  async addToCart(ctx: Ctx, req: commerceV1.AddToCartRequest) {
    const { userId } = requireIdentity(ctx, STUDENT);
    await this.store.putCartItem(userId, await this.priced(req.courseId, req.tier));
    return this.store.getCart(userId);
  }

  async removeFromCart(ctx: Ctx, req: commerceV1.RemoveFromCartRequest) {
    const { userId } = requireIdentity(ctx, STUDENT);
    if (!req.courseId) throw invalidArgument('Course id is required');
    await this.store.removeCartItems(userId, [req.courseId]);
    return this.store.getCart(userId);
  }

  async clearCart(ctx: Ctx) {
    const { userId } = requireIdentity(ctx, STUDENT);
    await this.store.removeCartItems(userId, 'all');
    return this.store.getCart(userId);
  }

  getCart(ctx: Ctx) {
    return this.store.getCart(requireIdentity(ctx, STUDENT).userId);
  }

  // ---- wishlist ----

  async addToWishlist(ctx: Ctx, req: commerceV1.AddToWishlistRequest) {
    const { userId } = requireIdentity(ctx, STUDENT);
    if (!req.courseId) throw invalidArgument('Course id is required');
    const course = await this.courses.getCourse(req.courseId);
    if (!course?.published) throw notFound(`Course ${req.courseId} is not for sale`);
    await this.store.addWishlistItem(userId, req.courseId);
    return this.store.listWishlist(userId);
  }

  async removeFromWishlist(ctx: Ctx, req: commerceV1.RemoveFromWishlistRequest) {
    const { userId } = requireIdentity(ctx, STUDENT);
    if (!req.courseId) throw invalidArgument('Course id is required');
    await this.store.removeWishlistItem(userId, req.courseId);
    return this.store.listWishlist(userId);
  }

  listWishlist(ctx: Ctx) {
    return this.store.listWishlist(requireIdentity(ctx, STUDENT).userId);
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
    if (Object.keys(problems).length > 0) {
      throw withDetails(invalidArgument('any of the field is missing'), {
        'x-taal-field-reasons': JSON.stringify(problems),
      });
    }
    const voucher = await this.store.createVoucher({
      id: randomUUID(),
      code,
      codeKey: normaliseCode(code),
      percent: req.percent,
      useLimit: req.useLimit,
      expireDate: req.expireDate,
    });
    if (!voucher) throw alreadyExists(`A voucher with code ${code} exists`);
    return voucher;
  }

  listVouchers(ctx: Ctx) {
    requireIdentity(ctx, ADMIN);
    return this.store.listVouchers();
  }

  async deleteVoucher(ctx: Ctx, req: commerceV1.DeleteVoucherRequest) {
    requireIdentity(ctx, ADMIN);
    if (!req.id) throw invalidArgument('Voucher id is required');
    if (!(await this.store.deleteVoucher(req.id))) throw notFound(COUPON_NOT_FOUND);
  }

  /** 'success' and the percent, or NOT_FOUND 'Coupon Not found' (unknown, expired or used up). */
  async checkVoucher(ctx: Ctx, req: commerceV1.CheckVoucherRequest) {
    requireIdentity(ctx);
    const voucher = await this.usableVoucher(req.code);
    return { message: 'success', code: voucher.code, percent: voucher.percent };
  }

  private async usableVoucher(code: string): Promise<commerceV1.Voucher> {
    const voucher = code.trim() ? await this.store.findVoucher(normaliseCode(code)) : null;
    if (!voucher || !voucherUsable(voucher, this.today())) throw notFound(COUPON_NOT_FOUND);
    return voucher;
  }

  // ---- wallet ----

  async getWallet(ctx: Ctx) {
    const { userId } = requireIdentity(ctx, STUDENT);
    await this.expireOverdue(userId);
    return this.store.getWallet(userId);
  }

  listLedger(ctx: Ctx) {
    return this.store.listLedger(requireIdentity(ctx, STUDENT).userId);
  }

  /** Admin only for now (refunds, and until the referral and gift-card flows credit wallets themselves). */
  /**
   * A redeemed gift card's value, from the store only (its service token, no user): one
   * `gift_card_redemption` entry per card (reference `gift-card:<id>`), so the store's direct
   * call, its retries and the `store.gift_card.redeemed` event credit it once (decision 0012).
   */
  async creditGiftCard(ctx: Ctx & { callerService: string }, req: commerceV1.CreditGiftCardRequest) {
    if (ctx.callerService !== ServiceNames.store || ctx.identity) throw permissionDenied('Only the store credits gift cards');
    const credited = await this.sql.transaction((tx) => this.recordGiftCardCredit(tx, req));
    return { wallet: await this.store.getWallet(req.userId), credited };
  }

  /** The one ledger write of a gift card (also the event consumer's). */
  recordGiftCardCredit(tx: SqlExecutor, req: { userId: string; giftCardId: string; amount: number }): Promise<boolean> {
    if (!req.userId || !req.giftCardId) throw invalidArgument('User and gift card are required');
    if (!Number.isSafeInteger(req.amount) || req.amount <= 0) throw invalidArgument('Amount must be positive integer poisha');
    return this.store.post(tx, {
      userId: req.userId,
      kind: 'gift_card_redemption',
      amount: req.amount,
      reference: `gift-card:${req.giftCardId}`,
    });
  }

  async creditWallet(ctx: Ctx, req: commerceV1.CreditWalletRequest) {
    requireIdentity(ctx, ADMIN);
    if (!req.userId) throw invalidArgument('User id is required');
    if (!isCreditKind(req.kind)) throw invalidArgument('Kind must be referral_bonus, gift_card_redemption or refund');
    if (!Number.isSafeInteger(req.amount) || req.amount <= 0) throw invalidArgument('Amount must be positive integer poisha');
    if (!req.reference) throw invalidArgument('Reference is required (a credit counts once per reference)');
    await this.sql.transaction((tx) =>
      this.store.post(tx, {
        userId: req.userId,
        kind: req.kind as 'refund',
        amount: ledgerAmount(req.kind as 'refund', req.amount),
        reference: req.reference,
      }),
    );
    return this.store.getWallet(req.userId);
  }

  // ---- orders ----

  /** From the caller's cart, priced again by the catalogue; reserves the wallet amount. */
  async createOrder(ctx: Ctx, req: commerceV1.CreateOrderRequest) {
    const { userId } = requireIdentity(ctx, STUDENT);
    await this.expireOverdue(userId);
    const cart = await this.store.getCart(userId);
    if (cart.items.length === 0) throw withReason(failedPrecondition('Your cart is empty'), 'CART_EMPTY');
    const items = await Promise.all(cart.items.map((i) => this.priced(i.courseId, i.tier)));
    const voucher = req.voucherCode.trim() ? await this.usableVoucher(req.voucherCode) : null;
    const subtotal = subtotalOf(items);
    const id = randomUUID();

    await this.sql.transaction(async (tx) => {
      const balance = await this.store.lockWallet(tx, userId);
      const totals = orderTotals({
        subtotal,
        walletBalance: balance,
        useWallet: req.useWallet,
        voucherPercent: voucher?.percent ?? 0,
      });
      // Checked here, under the wallet lock, so the amount the client agreed to is the one ordered.
      if (req.expectedPayable !== undefined && req.expectedPayable !== totals.payable) {
        throw withReason(
          invalidArgument(`The amount must be ${totals.payable} poisha, the server's computation of this cart`),
          'AMOUNT_MISMATCH',
          {
            amount: `The amount must be ${totals.payable} poisha`,
          },
        );
      }
      // A voucher that discounts nothing (the wallet covered everything) is not attached, so it is not used up.
      const withVoucher = voucher && totals.discount > 0 ? voucher : null;
      const paid = pricesPaid(items, totals.discount);
      await this.store.insertOrder(tx, {
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
      });
      if (totals.walletUsed > 0) {
        await this.store.post(tx, {
          userId,
          kind: 'reservation',
          amount: ledgerAmount('reservation', totals.walletUsed),
          orderId: id,
        });
      }
    });
    return (await this.store.getOrder(id))!;
  }

  /**
   * Pays an order whose payable is zero (wallet and voucher cover it), in one transaction:
   * the voucher use counted (refused when the limit is reached), the wallet reservation
   * committed, the bought courses taken out of the cart, the order marked paid and exactly one
   * `commerce.order.paid` enqueued. Paying a paid order again returns it unchanged.
   */
  async payOrder(ctx: Ctx, req: commerceV1.PayOrderRequest) {
    const { userId } = requireIdentity(ctx, STUDENT);
    if (!req.orderId) throw invalidArgument('Order id is required');
    const outcome = await this.sql.transaction(async (tx) => {
      const row = await this.store.lockOrder(tx, req.orderId, null);
      if (!row) throw notFound('Order not found');
      if (row.user_id !== userId) throw permissionDenied(NOT_YOUR_ORDER);
      if (row.status === 'paid') return { kind: 'paid' as const, changed: false };
      if (row.status !== 'unpaid') throw failedPrecondition(`The order is ${row.status}`);
      if (Number(row.payable) > 0) throw failedPrecondition('The order has an amount to pay through the payment gateway');
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
    if (outcome.kind === 'expired') throw failedPrecondition('The order expired; create it again');
    if (outcome.kind === 'voucher') throw withDetails(notFound(COUPON_NOT_FOUND), { 'x-taal-reason': 'order-cancelled' });
    if (outcome.changed) this.afterCommit();
    return (await this.store.getOrder(req.orderId))!;
  }

  listOrders(ctx: Ctx) {
    return this.store.listOrders(requireIdentity(ctx, STUDENT).userId);
  }

  /** The back office's order lists: by Bangladesh creation day, all or paid only. */
  listAllOrders(ctx: Ctx, req: commerceV1.ListAllOrdersRequest) {
    requireIdentity(ctx, ADMIN);
    if (!isIsoDay(req.fromDay) || !isIsoDay(req.toDay)) throw invalidArgument('Dates must be YYYY-MM-DD');
    if (req.fromDay > req.toDay) throw invalidArgument('The start date must not be after the end date');
    return this.store.listAllOrders({ from: req.fromDay, to: req.toDay, paidOnly: req.paidOnly });
  }

  /** Expires overdue unpaid orders (one user's, or all) and gives back their wallet reservations. */
  async expireOverdue(userId: string | null = null): Promise<number> {
    // A user's read (wallet, new order) usually has nothing overdue: one plain query instead of a
    // write transaction, which in all-in-one holds the whole embedded database (issue 25's profile).
    if (userId !== null && !(await this.store.hasOverdue(userId))) return 0;
    return this.sql.transaction(async (tx) => {
      const rows = await this.store.expireOverdue(tx, userId);
      for (const row of rows) await releaseReservation(tx, this.store, row, null);
      return rows.length;
    });
  }
}
