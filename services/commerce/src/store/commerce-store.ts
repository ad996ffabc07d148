import { dhakaDayBounds, type commerceV1 } from '@taal/contracts';
import { refuse, type Sql, type SqlExecutor } from '@taal/kit';
import type { Logger } from 'pino';
import { cardAttemptsTable, type CardAttempts } from '@taal/payments';
import {
  creditReference,
  flowMayCredit,
  sameCredit,
  type CreditFlow,
  type LedgerKind,
  type OrderStatus,
  type PricedItem,
  type RecordedCredit,
  type SaleTerms,
} from '../domain/pricing';

export const SCHEMA = 'commerce';

// bigint columns come back from pg as strings; poisha amounts stay far below 2^53.
const money = (value: string | number | null) => Number(value ?? 0);
const iso = (d: Date | null) => (d ? d.toISOString() : '');

interface CartRow {
  course_id: string;
  tier: string;
  title: string;
  price: string;
  validity_days: number;
  added_at: Date;
}

interface VoucherRow {
  id: string;
  code: string;
  percent: number;
  use_limit: number;
  times_used: number;
  expire_date: string;
  created_at: Date;
}

export interface OrderRow {
  id: string;
  user_id: string;
  status: OrderStatus;
  subtotal: string;
  voucher_code: string | null;
  voucher_percent: number;
  discount: string;
  wallet_used: string;
  payable: string;
  created_at: Date;
  expires_at: Date;
  paid_at: Date | null;
  buyer_email: string;
  buyer_name: string;
  buyer_language: string;
}

interface OrderItemRow {
  order_id: string;
  course_id: string;
  tier: string;
  title: string;
  price: string;
  validity_days: number;
  price_paid: string;
  instructor_id: string;
  instructor_percentage: number;
  sale_terms_known: boolean;
}

/** The buyer as recorded on an order ('' each when not given). */
export interface Buyer {
  email: string;
  name: string;
  language: string;
}

/** What a paid order's event carries beyond the order itself (decision 0053). */
export interface PaidOrderFacts {
  /** By course; items written before sale terms were recorded are absent. */
  saleTerms: ReadonlyMap<string, SaleTerms>;
  buyer: Buyer;
}

export function paidOrderFacts(row: OrderRow, items: readonly OrderItemRow[]): PaidOrderFacts {
  const saleTerms = new Map<string, SaleTerms>();
  for (const i of items) if (i.sale_terms_known) saleTerms.set(i.course_id, { instructorId: i.instructor_id, percentage: i.instructor_percentage });
  return { saleTerms, buyer: { email: row.buyer_email, name: row.buyer_name, language: row.buyer_language } };
}

const toVoucher = (r: VoucherRow): commerceV1.Voucher => ({
  id: r.id,
  code: r.code,
  percent: r.percent,
  useLimit: r.use_limit,
  timesUsed: r.times_used,
  expireDate: r.expire_date,
  createdAt: iso(r.created_at),
});

function toCart(rows: readonly CartRow[]): commerceV1.Cart {
  const items = rows.map((r) => ({
    courseId: r.course_id,
    tier: r.tier,
    title: r.title,
    price: money(r.price),
    validityDays: r.validity_days,
    addedAt: iso(r.added_at),
  }));
  return { items, subtotal: items.reduce((s, i) => s + i.price, 0) };
}

const toOrderItem = (r: OrderItemRow): commerceV1.OrderItem => ({
  courseId: r.course_id,
  tier: r.tier,
  title: r.title,
  price: money(r.price),
  validityDays: r.validity_days,
  pricePaid: money(r.price_paid),
});

export function toOrder(r: OrderRow, items: readonly OrderItemRow[]): commerceV1.Order {
  const subtotal = money(r.subtotal);
  const payable = money(r.payable);
  return {
    id: r.id,
    userId: r.user_id,
    status: r.status,
    paid: r.status === 'paid',
    items: items.filter((i) => i.order_id === r.id).map(toOrderItem),
    subtotal,
    voucherCode: r.voucher_code ?? '',
    voucherPercent: r.voucher_percent,
    discount: money(r.discount),
    walletUsed: money(r.wallet_used),
    balanceUsed: subtotal - payable,
    payable,
    createdAt: iso(r.created_at),
    expiresAt: iso(r.expires_at),
    paidAt: iso(r.paid_at),
  };
}

export interface NewOrder {
  id: string;
  userId: string;
  subtotal: number;
  voucherCode: string | null;
  voucherPercent: number;
  discount: number;
  walletUsed: number;
  payable: number;
  expiresAt: Date;
  items: (PricedItem & { pricePaid: number })[];
  buyer: Buyer;
}

/** Persistence of commerce; every query names its schema (see ports/sql.ts). */
export class CommerceStore {
  /** Card payment attempts (`commerce.card_payment`, the table every card-selling service keeps). */
  readonly cardAttempts: CardAttempts;

  constructor(
    private readonly sql: Sql,
    private readonly logger: Logger,
  ) {
    this.cardAttempts = cardAttemptsTable(sql, SCHEMA);
  }

  // ---- cart and wishlist ----

  async getCart(userId: string, db: SqlExecutor = this.sql): Promise<commerceV1.Cart> {
    const { rows } = await db.query<CartRow>(
      `SELECT course_id, tier, title, price, validity_days, added_at FROM commerce.cart_item WHERE user_id = $1 ORDER BY added_at, course_id`,
      [userId],
    );
    return toCart(rows);
  }

  /** One entry per course: adding it again changes its tier. Answers the cart after it, in the same statement. */
  async putCartItem(userId: string, item: PricedItem): Promise<commerceV1.Cart> {
    const { rows } = await this.sql.query<CartRow>(
      `WITH put AS (
         INSERT INTO commerce.cart_item (user_id, course_id, tier, title, price, validity_days) VALUES ($1, $2, $3, $4, $5, $6)
         ON CONFLICT (user_id, course_id) DO UPDATE SET tier = EXCLUDED.tier, title = EXCLUDED.title, price = EXCLUDED.price,
           validity_days = EXCLUDED.validity_days
         RETURNING course_id, tier, title, price, validity_days, added_at)
       SELECT course_id, tier, title, price, validity_days, added_at FROM commerce.cart_item WHERE user_id = $1 AND course_id <> $2
       UNION ALL SELECT * FROM put
       ORDER BY added_at, course_id`,
      [userId, item.courseId, item.tier, item.title, item.price, item.validityDays],
    );
    return toCart(rows);
  }

  async removeCartItems(userId: string, courseIds: readonly string[] | 'all', db: SqlExecutor = this.sql): Promise<void> {
    if (courseIds === 'all') await db.query(`DELETE FROM commerce.cart_item WHERE user_id = $1`, [userId]);
    else await db.query(`DELETE FROM commerce.cart_item WHERE user_id = $1 AND course_id = ANY($2::text[])`, [userId, courseIds]);
  }

  async listWishlist(userId: string): Promise<commerceV1.WishlistItem[]> {
    const { rows } = await this.sql.query<{ course_id: string; added_at: Date }>(
      `SELECT course_id, added_at FROM commerce.wishlist_item WHERE user_id = $1 ORDER BY added_at, course_id`,
      [userId],
    );
    return rows.map((r) => ({ courseId: r.course_id, addedAt: iso(r.added_at) }));
  }

  async addWishlistItem(userId: string, courseId: string): Promise<void> {
    await this.sql.query(`INSERT INTO commerce.wishlist_item (user_id, course_id) VALUES ($1, $2) ON CONFLICT DO NOTHING`, [
      userId,
      courseId,
    ]);
  }

  async removeWishlistItem(userId: string, courseId: string): Promise<void> {
    await this.sql.query(`DELETE FROM commerce.wishlist_item WHERE user_id = $1 AND course_id = $2`, [userId, courseId]);
  }

  // ---- vouchers ----

  /** Null when the code is taken. */
  async createVoucher(v: { id: string; code: string; codeKey: string; percent: number; useLimit: number; expireDate: string }) {
    const { rows } = await this.sql.query<VoucherRow>(
      `INSERT INTO commerce.voucher (id, code, code_key, percent, use_limit, expire_date) VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (code_key) DO NOTHING
       RETURNING id, code, percent, use_limit, times_used, to_char(expire_date, 'YYYY-MM-DD') AS expire_date, created_at`,
      [v.id, v.code, v.codeKey, v.percent, v.useLimit, v.expireDate],
    );
    return rows[0] ? toVoucher(rows[0]) : null;
  }

  async listVouchers(): Promise<commerceV1.Voucher[]> {
    const { rows } = await this.sql.query<VoucherRow>(
      `SELECT id, code, percent, use_limit, times_used, to_char(expire_date, 'YYYY-MM-DD') AS expire_date, created_at
         FROM commerce.voucher ORDER BY created_at DESC, id`,
    );
    return rows.map(toVoucher);
  }

  async findVoucher(codeKey: string, db: SqlExecutor = this.sql): Promise<commerceV1.Voucher | null> {
    const { rows } = await db.query<VoucherRow>(
      `SELECT id, code, percent, use_limit, times_used, to_char(expire_date, 'YYYY-MM-DD') AS expire_date, created_at
         FROM commerce.voucher WHERE code_key = $1`,
      [codeKey],
    );
    return rows[0] ? toVoucher(rows[0]) : null;
  }

  async deleteVoucher(id: string): Promise<boolean> {
    const { rowCount } = await this.sql.query(`DELETE FROM commerce.voucher WHERE id = $1`, [id]);
    return rowCount > 0;
  }

  /** Counts one use if the voucher is still usable on `today`; false when it is not (the limit holds under concurrency). */
  async countVoucherUse(tx: SqlExecutor, codeKey: string, today: string): Promise<boolean> {
    const { rowCount } = await tx.query(
      `UPDATE commerce.voucher SET times_used = times_used + 1
        WHERE code_key = $1 AND times_used < use_limit AND expire_date >= $2::date`,
      [codeKey, today],
    );
    return rowCount === 1;
  }

  // ---- wallet ----

  /** Locks the user's wallet row (creating it) and returns its balance. */
  async lockWallet(tx: SqlExecutor, userId: string): Promise<number> {
    const lockBalance = () => tx.query<{ balance: string }>(`SELECT balance FROM commerce.wallet WHERE user_id = $1 FOR UPDATE`, [userId]);
    let { rows } = await lockBalance();
    if (rows.length === 0) {
      // A first order: the wallet row is made here (a concurrent one may make it first).
      await tx.query(`INSERT INTO commerce.wallet (user_id) VALUES ($1) ON CONFLICT DO NOTHING`, [userId]);
      ({ rows } = await lockBalance());
    }
    return money(rows[0]!.balance);
  }

  /**
   * Writes one ledger entry and moves the balance by the same signed amount, in the caller's
   * transaction. The balance CHECK refuses a debit below zero. A credit names its flow and the
   * flow's own key; its reference is `<flow>:<key>` (decision 0036). False when this very entry
   * exists already (same order and kind, or the same credit under its reference): nothing moved.
   * A credit whose reference holds another user's, kind's, amount's or flow's credit is refused
   * (LEDGER_REFERENCE_TAKEN, logged as an error): the caller must never report it as done.
   */
  async post(
    tx: SqlExecutor,
    entry: { userId: string; kind: LedgerKind; amount: number; orderId?: string; credit?: { flow: CreditFlow; key: string }; detail?: string },
    options: { moveBalance: boolean } = { moveBalance: true },
  ): Promise<boolean> {
    const flow = entry.credit?.flow ?? null;
    const reference = entry.credit ? creditReference(entry.credit.flow, entry.credit.key) : null;
    if (flow && !flowMayCredit(flow, entry.kind)) throw new Error(`the ${flow} flow may not write a ${entry.kind} credit`);
    await tx.query(`INSERT INTO commerce.wallet (user_id) VALUES ($1) ON CONFLICT DO NOTHING`, [entry.userId]);
    const { rowCount } = await tx.query(
      `INSERT INTO commerce.ledger_entry (user_id, kind, amount, order_id, flow, reference, detail) VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT DO NOTHING`,
      [entry.userId, entry.kind, entry.amount, entry.orderId ?? null, flow, reference, entry.detail || null],
    );
    if (rowCount === 0) {
      if (flow && reference) await this.checkRepeat(tx, reference, { userId: entry.userId, kind: entry.kind, amount: entry.amount, flow });
      return false;
    }
    if (options.moveBalance) {
      await tx.query(`UPDATE commerce.wallet SET balance = balance + $2 WHERE user_id = $1`, [entry.userId, entry.amount]);
    }
    return true;
  }

  /** A credit's reference is taken: fine when by this very credit (a repeat), refused otherwise. */
  private async checkRepeat(tx: SqlExecutor, reference: string, wanted: RecordedCredit): Promise<void> {
    const { rows } = await tx.query<{ user_id: string; kind: string; amount: string; flow: string | null }>(
      `SELECT user_id, kind, amount, flow FROM commerce.ledger_entry WHERE reference = $1`,
      [reference],
    );
    const row = rows[0];
    const found = row && { userId: row.user_id, kind: row.kind, amount: Number(row.amount), flow: row.flow ?? '' };
    if (found && sameCredit(found, wanted)) return;
    this.logger.error({ reference, wanted, found: found ?? null }, 'wallet credit refused: its ledger reference holds another credit');
    throw refuse('LEDGER_REFERENCE_TAKEN');
  }

  async getWallet(userId: string): Promise<commerceV1.Wallet> {
    const { rows } = await this.sql.query<{
      balance: string | null;
      reserved: string | null;
    }>(
      `SELECT w.balance,
              (SELECT coalesce(sum(wallet_used), 0) FROM commerce.purchase_order o
                WHERE o.user_id = $1 AND o.status IN ('unpaid', 'held')) AS reserved
         FROM (SELECT $1::text AS user_id) u LEFT JOIN commerce.wallet w ON w.user_id = u.user_id`,
      [userId],
    );
    const r = rows[0]!;
    // The pending balance is the sum of the pending referrals listed, read once: two reads could
    // straddle a new referral's commit and disagree.
    const referrals = await this.listReferrals(userId);
    return {
      balance: money(r.balance),
      pendingBalance: referrals.filter((x) => x.status === 'pending').reduce((sum, x) => sum + x.amount, 0),
      reserved: money(r.reserved),
      referrals,
    };
  }

  /**
   * A user's ledger with what each entry was for: the recorded detail (a gift card's product), the
   * referred friend's first name (a referral bonus, from commerce.referral: its key is the friend's
   * id), an order's course titles. Without a page: every entry, oldest first; with one: that page,
   * newest first, with the count and the balance the whole ledger sums to.
   */
  async listLedger(userId: string, page?: { page: number; size: number }): Promise<commerceV1.ListLedgerResponse> {
    const paged = page && page.page > 0 && page.size > 0;
    const { rows } = await this.sql.query<{
      id: string;
      kind: string;
      amount: string;
      order_id: string | null;
      reference: string | null;
      created_at: Date;
      detail: string | null;
      referred_name: string | null;
      titles: string[] | null;
    }>(
      `SELECT e.id, e.kind, e.amount, e.order_id, e.reference, e.created_at, e.detail,
              r.referred_name,
              (SELECT array_agg(i.title ORDER BY i.position) FROM commerce.order_item i WHERE i.order_id = e.order_id) AS titles
         FROM commerce.ledger_entry e
         LEFT JOIN commerce.referral r ON e.flow = 'referral' AND r.referred_id = substr(e.reference, length('referral:') + 1)
        WHERE e.user_id = $1
        ORDER BY e.id ${paged ? 'DESC LIMIT $2 OFFSET $3' : ''}`,
      paged ? [userId, page.size, (page.page - 1) * page.size] : [userId],
    );
    const entries = rows.map((r) => ({
      id: r.id,
      kind: r.kind,
      amount: money(r.amount),
      orderId: r.order_id ?? '',
      reference: r.reference ?? '',
      createdAt: iso(r.created_at),
      // A friend is named by their first name only (the statement is the referrer's, not the friend's).
      detail: r.detail ?? (r.referred_name ? (r.referred_name.trim().split(/\s+/)[0] ?? '') : ''),
      orderTitles: r.titles ?? [],
    }));
    if (!paged) return { entries, total: entries.length, balance: entries.reduce((sum, e) => sum + e.amount, 0) };
    const { rows: sums } = await this.sql.query<{ total: string; balance: string | null }>(
      `SELECT count(*) AS total, sum(amount) AS balance FROM commerce.ledger_entry WHERE user_id = $1`,
      [userId],
    );
    return { entries, total: Number(sums[0]!.total), balance: money(sums[0]!.balance) };
  }

  // ---- orders ----

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

  async listOrders(userId: string): Promise<commerceV1.Order[]> {
    const { rows } = await this.sql.query<OrderRow>(
      `SELECT * FROM commerce.purchase_order WHERE user_id = $1 ORDER BY created_at DESC, id`,
      [userId],
    );
    const items = await this.orderItems(rows.map((r) => r.id));
    return rows.map((r) => toOrder(r, items));
  }

  /** Orders created on Bangladesh days `from`..`to` (inclusive), newest first; all, or paid only. */
  async listAllOrders(filter: { from: string; to: string; paidOnly: boolean }): Promise<commerceV1.Order[]> {
    const { start, end } = dhakaDayBounds(filter.from, filter.to);
    const { rows } = await this.sql.query<OrderRow>(
      `SELECT * FROM commerce.purchase_order
        WHERE created_at >= $1 AND created_at < $2
          AND (NOT $3 OR status = 'paid')
        ORDER BY created_at DESC, id LIMIT 5000`,
      [start, end, filter.paidOnly],
    );
    const items = await this.orderItems(rows.map((r) => r.id));
    return rows.map((r) => toOrder(r, items));
  }

  async listHeldOrders(): Promise<commerceV1.Order[]> {
    const { rows } = await this.sql.query<OrderRow>(`SELECT * FROM commerce.purchase_order WHERE status = 'held' ORDER BY created_at, id`);
    const items = await this.orderItems(rows.map((r) => r.id));
    return rows.map((r) => toOrder(r, items));
  }

  // ---- referrals ----

  /** Keeps an account's mailbox (normalised address), the one identity registered. */
  async recordMailbox(tx: SqlExecutor, userId: string, mailbox: string): Promise<void> {
    await tx.query(
      `INSERT INTO commerce.account_mailbox (user_id, mailbox) VALUES ($1, $2) ON CONFLICT (user_id) DO UPDATE SET mailbox = EXCLUDED.mailbox`,
      [userId, mailbox],
    );
  }

  /** An account's mailbox; '' when its sign-up has not been seen. */
  async mailboxOf(tx: SqlExecutor, userId: string): Promise<string> {
    const { rows } = await tx.query<{ mailbox: string }>(`SELECT mailbox FROM commerce.account_mailbox WHERE user_id = $1`, [userId]);
    return rows[0]?.mailbox ?? '';
  }

  /** Whether an account other than `userId` has this mailbox. */
  async mailboxKnown(tx: SqlExecutor, mailbox: string, userId: string): Promise<boolean> {
    if (!mailbox) return false;
    const { rows } = await tx.query(`SELECT 1 FROM commerce.account_mailbox WHERE mailbox = $1 AND user_id <> $2 LIMIT 1`, [mailbox, userId]);
    return rows.length > 0;
  }

  /**
   * Records a referral once per referred student: pending (a promised bonus) or refused with its
   * reason. False when one was recorded before, or when another account of the same mailbox holds
   * a pending or credited one (the unique index decides, so concurrent sign-ups cannot both win).
   */
  async insertReferral(
    tx: SqlExecutor,
    r: { referredId: string; referrerId: string; referredName: string; referredMailbox: string; amount: number; refusedReason: string | null },
  ): Promise<boolean> {
    const { rowCount } = await tx.query(
      `INSERT INTO commerce.referral (referred_id, referrer_id, referred_name, referred_mailbox, amount, status, refused_reason)
        VALUES ($1, $2, $3, NULLIF($4, ''), $5, $6, $7) ON CONFLICT DO NOTHING`,
      [r.referredId, r.referrerId, r.referredName, r.referredMailbox, r.amount, r.refusedReason ? 'refused' : 'pending', r.refusedReason],
    );
    return rowCount > 0;
  }

  /** Whether a referral (of any status) was recorded for this referred student. */
  async hasReferral(tx: SqlExecutor, referredId: string): Promise<boolean> {
    const { rows } = await tx.query(`SELECT 1 FROM commerce.referral WHERE referred_id = $1`, [referredId]);
    return rows.length > 0;
  }

  /** The referred student's pending referral, locked (null: none pending). */
  async lockPendingReferral(tx: SqlExecutor, referredId: string): Promise<{ referrerId: string; amount: number; referredMailbox: string } | null> {
    const { rows } = await tx.query<{ referrer_id: string; amount: string; referred_mailbox: string | null }>(
      `SELECT referrer_id, amount, referred_mailbox FROM commerce.referral WHERE referred_id = $1 AND status = 'pending' FOR UPDATE`,
      [referredId],
    );
    const row = rows[0];
    return row ? { referrerId: row.referrer_id, amount: money(row.amount), referredMailbox: row.referred_mailbox ?? '' } : null;
  }

  /** Settles the referred student's pending referral: credited, or refused with its reason. */
  async settleReferral(tx: SqlExecutor, referredId: string, refusedReason: string | null): Promise<void> {
    await tx.query(
      refusedReason
        ? `UPDATE commerce.referral SET status = 'refused', refused_reason = $2 WHERE referred_id = $1 AND status = 'pending'`
        : `UPDATE commerce.referral SET status = 'credited', credited_at = now() WHERE referred_id = $1 AND status = 'pending'`,
      refusedReason ? [referredId, refusedReason] : [referredId],
    );
  }

  async listReferrals(referrerId: string): Promise<commerceV1.Referral[]> {
    const { rows } = await this.sql.query<{
      referred_id: string;
      referred_name: string;
      amount: string;
      status: string;
      created_at: Date;
      credited_at: Date | null;
    }>(
      `SELECT referred_id, referred_name, amount, status, created_at, credited_at FROM commerce.referral
        WHERE referrer_id = $1 AND status <> 'refused' ORDER BY created_at DESC, referred_id`,
      [referrerId],
    );
    return rows.map((r) => ({
      referredId: r.referred_id,
      referredName: r.referred_name,
      amount: money(r.amount),
      status: r.status,
      createdAt: iso(r.created_at),
      creditedAt: iso(r.credited_at),
    }));
  }
}
