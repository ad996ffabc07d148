/** Gift-card orders: their rows, the order for the other services, and their SQL. */
import type { storeV1 } from '@taal/contracts';
import type { Sql, SqlExecutor } from '@taal/kit';
import { iso } from './schema';
import { myStoreOrderPage, storeOrderPage } from './pages';

export interface OrderRow {
  id: string;
  user_id: string;
  user_name: string;
  user_email: string;
  user_phone: string;
  for_myself: boolean;
  shipping_name: string;
  shipping_email: string;
  shipping_phone: string;
  gift_card_from: string;
  gift_card_message: string;
  language: 'en' | 'bn';
  product_id: string;
  item_name: string;
  item_price: string;
  item_value: string;
  quantity: number;
  total_price: string;
  status: 'unpaid' | 'paid' | 'cancelled';
  card_type: string;
  card_issuer: string;
  card_category: string;
  store_amount: string;
  tran_id: string;
  paid_at: Date | null;
  created_at: Date;
}

export const toOrder = (r: OrderRow): storeV1.StoreOrder => ({
  id: r.id,
  userId: r.user_id,
  userName: r.user_name,
  userEmail: r.user_email,
  userPhone: r.user_phone,
  forMyself: r.for_myself,
  shippingAddress: { name: r.shipping_name, email: r.shipping_email, phone: r.shipping_phone },
  orderItem: {
    productId: r.product_id,
    name: r.item_name,
    price: Number(r.item_price),
    value: Number(r.item_value),
    quantity: r.quantity,
    totalPrice: Number(r.total_price),
  },
  paymentInfo: {
    cardType: r.card_type,
    cardIssuer: r.card_issuer,
    cardCategory: r.card_category,
    storeAmount: Number(r.store_amount),
    tranId: r.tran_id,
  },
  isPaid: r.status === 'paid',
  createdAt: iso(r.created_at),
  orderStatus: r.status,
  giftCardFrom: r.gift_card_from,
  giftCardMessage: r.gift_card_message,
});

/** Gift-card orders' SQL (`store.store_order`). */
export class OrderDb {
  constructor(private readonly sql: Sql) {}

  async insertOrder(o: Omit<OrderRow, 'status' | 'card_type' | 'card_issuer' | 'card_category' | 'store_amount' | 'tran_id' | 'paid_at' | 'created_at'>): Promise<OrderRow> {
    const { rows } = await this.sql.query<OrderRow>(
      `INSERT INTO store.store_order (id, user_id, user_name, user_email, user_phone, for_myself, shipping_name, shipping_email,
         shipping_phone, gift_card_from, gift_card_message, language, product_id, item_name, item_price, item_value, quantity, total_price)
       VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14,$15,$16,$17,$18) RETURNING *`,
      [
        o.id, o.user_id, o.user_name, o.user_email, o.user_phone, o.for_myself, o.shipping_name, o.shipping_email,
        o.shipping_phone, o.gift_card_from, o.gift_card_message, o.language, o.product_id, o.item_name, o.item_price,
        o.item_value, o.quantity, o.total_price,
      ],
    );
    return rows[0]!;
  }

  async getOrder(id: string, executor: SqlExecutor = this.sql, lock = false): Promise<OrderRow | null> {
    const { rows } = await executor.query<OrderRow>(`SELECT * FROM store.store_order WHERE id = $1${lock ? ' FOR UPDATE' : ''}`, [id]);
    return rows[0] ?? null;
  }

  /** A page of a user's own paid orders, newest first (decision 0087). */
  listPaidOrderPageOf(userId: string, cursor: string, limit: number) {
    return myStoreOrderPage(this.sql, userId, cursor, limit);
  }

  /** A page of every order, newest first (decision 0084). */
  listOrderPage(cursor: string, limit: number) {
    return storeOrderPage(this.sql, cursor, limit);
  }

  /** Marks an unpaid (or cancelled) order paid: its paid time, or null when it was paid already. */
  async markOrderPaid(
    tx: SqlExecutor,
    id: string,
    p: { tranId: string; storeAmount: number; cardType: string; cardIssuer: string; cardCategory: string },
  ): Promise<Date | null> {
    const { rows } = await tx.query<{ paid_at: Date }>(
      `UPDATE store.store_order SET status = 'paid', paid_at = now(), tran_id = $2, store_amount = $3, card_type = $4,
         card_issuer = $5, card_category = $6 WHERE id = $1 AND status IN ('unpaid', 'cancelled') RETURNING paid_at`,
      [id, p.tranId, p.storeAmount, p.cardType, p.cardIssuer, p.cardCategory],
    );
    return rows[0] ? new Date(rows[0].paid_at) : null;
  }

  /** A failed or cancelled payment: the order is cancelled while it is unpaid (a later valid payment still pays it). */
  async cancelOrder(tx: SqlExecutor, id: string): Promise<void> {
    await tx.query(`UPDATE store.store_order SET status = 'cancelled' WHERE id = $1 AND status = 'unpaid'`, [id]);
  }
}
