import type { commerceV1 } from '@taal/contracts';
import type { Sql, SqlExecutor } from '@taal/kit';
import type { Logger } from 'pino';
import { cardAttemptsTable, type CardAttempts } from '@taal/payments';
import type { OrderStatus } from '../domain/pricing';
import { CartStore } from './carts';
import { toOrder, type NewOrder, type OrderItemRow, type OrderRow } from './order-rows';
import { listMyOrdersPage } from './student-pages';
import { listOrdersPage, type OrderPageFilter } from './order-pages';
import { ReferralStore } from './referrals';
import { SCHEMA } from './schema';
import { VoucherStore } from './vouchers';
import { WalletStore } from './wallet';

/**
 * Persistence of commerce: orders and their items; carts, vouchers, wallets and referrals are
 * theirs. Every query names its schema (see ports/sql.ts).
 */
export class CommerceStore {
  /** Card payment attempts (`commerce.card_payment`, the table every card-selling service keeps). */
  readonly cardAttempts: CardAttempts;
  readonly carts: CartStore;
  readonly vouchers: VoucherStore;
  readonly wallets: WalletStore;
  readonly referrals: ReferralStore;

  constructor(
    private readonly sql: Sql,
    logger: Logger,
  ) {
    this.cardAttempts = cardAttemptsTable(sql, SCHEMA);
    this.carts = new CartStore(sql);
    this.vouchers = new VoucherStore(sql);
    this.referrals = new ReferralStore(sql);
    this.wallets = new WalletStore(sql, logger, this.referrals);
  }

  /** Inserts the order and its items in one statement; answers the order as stored. */
  async insertOrder(tx: SqlExecutor, o: NewOrder): Promise<commerceV1.Order> {
    const { rows } = await tx.query<OrderRow>(
      `WITH o AS (
         INSERT INTO commerce.purchase_order (id, user_id, status, subtotal, voucher_code, voucher_percent, discount, wallet_used, payable, expires_at,
                                              buyer_email, buyer_name, buyer_language)
         VALUES ($1, $2, 'unpaid', $3, $4, $5, $6, $7, $8, $9, $19, $20, $21)
         RETURNING *),
       i AS (
         INSERT INTO commerce.order_item (order_id, position, course_id, tier, title, price, validity_days, price_paid,
                                          instructor_id, instructor_percentage, sale_terms_known)
         SELECT o.id, t.n - 1, t.course_id, t.tier, t.title, t.price, t.validity_days, t.price_paid,
                t.instructor_id, t.instructor_percentage, t.sale_terms_known
           FROM o, unnest($10::text[], $11::text[], $12::text[], $13::bigint[], $14::int[], $15::bigint[], $16::text[], $17::int[], $18::boolean[])
                   WITH ORDINALITY AS t(course_id, tier, title, price, validity_days, price_paid, instructor_id, instructor_percentage, sale_terms_known, n))
       SELECT * FROM o`,
      [
        o.id,
        o.userId,
        o.subtotal,
        o.voucherCode,
        o.voucherPercent,
        o.discount,
        o.walletUsed,
        o.payable,
        o.expiresAt,
        o.items.map((i) => i.courseId),
        o.items.map((i) => i.tier),
        o.items.map((i) => i.title),
        o.items.map((i) => i.price),
        o.items.map((i) => i.validityDays),
        o.items.map((i) => i.pricePaid),
        o.items.map((i) => i.saleTerms?.instructorId ?? ''),
        o.items.map((i) => i.saleTerms?.percentage ?? 0),
        o.items.map((i) => !!i.saleTerms),
        o.buyer.email,
        o.buyer.name,
        o.buyer.language,
      ],
    );
    const items: OrderItemRow[] = o.items.map((i) => ({
      order_id: o.id,
      course_id: i.courseId,
      tier: i.tier,
      title: i.title,
      price: String(i.price),
      validity_days: i.validityDays,
      price_paid: String(i.pricePaid),
      instructor_id: i.saleTerms?.instructorId ?? '',
      instructor_percentage: i.saleTerms?.percentage ?? 0,
      sale_terms_known: !!i.saleTerms,
    }));
    return toOrder(rows[0]!, items);
  }

  /** Locks an order; with `userId`, only if it is that user's. */
  async lockOrder(tx: SqlExecutor, orderId: string, userId: string | null): Promise<OrderRow | null> {
    const { rows } = await tx.query<OrderRow>(
      `SELECT * FROM commerce.purchase_order WHERE id = $1 AND ($2::text IS NULL OR user_id = $2) FOR UPDATE`,
      [orderId, userId],
    );
    return rows[0] ?? null;
  }

  async setOrderStatus(tx: SqlExecutor, orderId: string, status: OrderStatus): Promise<OrderRow> {
    const { rows } = await tx.query<OrderRow>(
      `UPDATE commerce.purchase_order SET status = $2, paid_at = CASE WHEN $2 = 'paid' THEN now() ELSE NULL END WHERE id = $1 RETURNING *`,
      [orderId, status],
    );
    return rows[0]!;
  }

  /** Whether the user has an unpaid order past its expiry (read only; expireOverdue does the work). */
  async hasOverdue(userId: string): Promise<boolean> {
    const { rows } = await this.sql.query(
      `SELECT 1 FROM commerce.purchase_order WHERE user_id = $1 AND status = 'unpaid' AND expires_at < now() LIMIT 1`,
      [userId],
    );
    return rows.length > 0;
  }

  /** Marks overdue unpaid orders expired (locking them) and returns them, so their reservations can be released. */
  async expireOverdue(tx: SqlExecutor, userId: string | null): Promise<OrderRow[]> {
    const { rows } = await tx.query<OrderRow>(
      `UPDATE commerce.purchase_order SET status = 'expired'
        WHERE id IN (SELECT id FROM commerce.purchase_order
                      WHERE status = 'unpaid' AND expires_at < now() AND ($1::text IS NULL OR user_id = $1)
                      ORDER BY expires_at LIMIT 500 FOR UPDATE SKIP LOCKED)
        RETURNING *`,
      [userId],
    );
    return rows;
  }

  async orderItems(orderIds: readonly string[], db: SqlExecutor = this.sql): Promise<OrderItemRow[]> {
    if (orderIds.length === 0) return [];
    const { rows } = await db.query<OrderItemRow>(
      `SELECT order_id, course_id, tier, title, price, validity_days, price_paid, instructor_id, instructor_percentage, sale_terms_known
         FROM commerce.order_item
        WHERE order_id = ANY($1::text[]) ORDER BY order_id, position`,
      [orderIds],
    );
    return rows;
  }

  /** The user's paid purchases of these courses, oldest first (what learning granted from them). */
  async paidPurchases(userId: string, courseIds: readonly string[]): Promise<{ courseId: string; tier: string; validityDays: number; paidAt: Date }[]> {
    if (courseIds.length === 0) return [];
    const { rows } = await this.sql.query<{ course_id: string; tier: string; validity_days: number; paid_at: Date }>(
      `SELECT i.course_id, i.tier, i.validity_days, o.paid_at FROM commerce.order_item i JOIN commerce.purchase_order o ON o.id = i.order_id
        WHERE o.user_id = $1 AND o.status = 'paid' AND i.course_id = ANY($2::text[]) ORDER BY o.paid_at, o.id`,
      [userId, courseIds],
    );
    return rows.map((r) => ({ courseId: r.course_id, tier: r.tier, validityDays: r.validity_days, paidAt: r.paid_at }));
  }

  async getOrder(orderId: string, db: SqlExecutor = this.sql): Promise<commerceV1.Order | null> {
    const { rows } = await db.query<OrderRow>(`SELECT * FROM commerce.purchase_order WHERE id = $1`, [orderId]);
    if (!rows[0]) return null;
    return toOrder(rows[0], await this.orderItems([orderId], db));
  }

  /** The card gateway's transaction id that paid an order ('' when none did). */
  async paidCardTransaction(orderId: string): Promise<string> {
    const { rows } = await this.sql.query<{ tran_id: string }>(
      `SELECT tran_id FROM commerce.card_payment WHERE order_id = $1 AND status = 'paid' ORDER BY settled_at DESC NULLS LAST LIMIT 1`,
      [orderId],
    );
    return rows[0]?.tran_id ?? '';
  }

  /** A page of a user's orders, newest first (student-pages.ts; decision 0084). */
  listOrders(userId: string, cursor: string, limit: number): Promise<commerceV1.ListOrdersResponse> {
    return listMyOrdersPage(this.sql, (ids) => this.orderItems(ids), userId, cursor, limit);
  }

  /** A keyset page of every order (order-pages.ts; decision 0074): newest first, in a range of Bangladesh days or all, all or paid only. */
  listAllOrders(filter: OrderPageFilter, page: { cursor: string; limit: number; withSummary: boolean; withDays?: boolean }): Promise<commerceV1.ListAllOrdersResponse> {
    return listOrdersPage(this.sql, (ids) => this.orderItems(ids), filter, page);
  }

  async listHeldOrders(): Promise<commerceV1.Order[]> {
    const { rows } = await this.sql.query<OrderRow>(`SELECT * FROM commerce.purchase_order WHERE status = 'held' ORDER BY created_at, id`);
    const items = await this.orderItems(rows.map((r) => r.id));
    return rows.map((r) => toOrder(r, items));
  }
}
