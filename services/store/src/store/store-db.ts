import { randomUUID } from 'node:crypto';
import type { storeV1 } from '@taal/contracts';
import type { Sql, SqlExecutor } from '@taal/kit';
import { cardAttemptsTable, type CardAttempts } from '@taal/payments';

export const SCHEMA = 'store';

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : '');

export interface CategoryRow {
  id: string;
  name: string;
  image: string;
  description: string;
  created_at: Date;
}
export interface ProductRow {
  id: string;
  name: string;
  param: string;
  price: string;
  old_price: string;
  value: string;
  validity: string;
  description: string;
  image: string;
  sold: number;
  created_at: Date;
}
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
export interface GiftCardRow {
  id: string;
  order_id: string;
  sender_name: string;
  purchased_by: string;
  receiver_name: string;
  receiver_email: string;
  receiver_phone: string;
  message: string;
  product_name: string;
  value: string;
  price: string;
  valid_from: Date;
  valid_to: Date;
  used: boolean;
  used_at: Date | null;
  used_by: string | null;
}

export const toCategory = (r: CategoryRow): storeV1.Category => ({
  id: r.id,
  name: r.name,
  image: r.image,
  description: r.description,
  createdAt: iso(r.created_at),
});
export const toProduct = (r: ProductRow): storeV1.Product => ({
  id: r.id,
  name: r.name,
  param: r.param,
  price: Number(r.price),
  oldPrice: Number(r.old_price),
  value: Number(r.value),
  validity: r.validity,
  description: r.description,
  image: r.image,
  sold: r.sold,
  createdAt: iso(r.created_at),
});
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
export const toGiftCard = (r: GiftCardRow): storeV1.GiftCard => ({
  id: r.id,
  orderId: r.order_id,
  senderName: r.sender_name,
  purchasedBy: r.purchased_by,
  receiverName: r.receiver_name,
  receiverEmail: r.receiver_email,
  receiverPhone: r.receiver_phone,
  message: r.message,
  value: Number(r.value),
  price: Number(r.price),
  validFrom: iso(r.valid_from),
  validTo: iso(r.valid_to),
  used: r.used,
  usedAt: iso(r.used_at),
  usedBy: r.used_by ?? '',
  productName: r.product_name,
});

/** The store's SQL (schema `store`, always qualified: embedded mode shares one session). */
export class StoreDb {
  /** Card payment attempts (`store.card_payment`, the table every card-selling service keeps). */
  readonly cardAttempts: CardAttempts;

  constructor(private readonly sql: Sql) {
    this.cardAttempts = cardAttemptsTable(sql, SCHEMA);
  }

  // ---- categories ----
  async listCategories(): Promise<CategoryRow[]> {
    return (await this.sql.query<CategoryRow>(`SELECT * FROM store.category ORDER BY created_at, id`)).rows;
  }
  async insertCategory(c: { name: string; image: string; description: string }): Promise<CategoryRow> {
    const { rows } = await this.sql.query<CategoryRow>(
      `INSERT INTO store.category (id, name, image, description) VALUES ($1, $2, $3, $4) RETURNING *`,
      [randomUUID(), c.name, c.image, c.description],
    );
    return rows[0]!;
  }
  async updateCategory(id: string, c: { name?: string; image?: string; description?: string }): Promise<CategoryRow | null> {
    const { rows } = await this.sql.query<CategoryRow>(
      `UPDATE store.category SET name = COALESCE($2, name), image = COALESCE($3, image), description = COALESCE($4, description)
       WHERE id = $1 RETURNING *`,
      [id, c.name ?? null, c.image ?? null, c.description ?? null],
    );
    return rows[0] ?? null;
  }
  async deleteCategory(id: string): Promise<boolean> {
    return ((await this.sql.query(`DELETE FROM store.category WHERE id = $1`, [id])).rowCount ?? 0) > 0;
  }

  // ---- products ----
  async listProducts(): Promise<ProductRow[]> {
    return (await this.sql.query<ProductRow>(`SELECT * FROM store.product WHERE NOT deleted ORDER BY created_at, id`)).rows;
  }
  async getProduct(idOrParam: string, executor: SqlExecutor = this.sql): Promise<ProductRow | null> {
    const { rows } = await executor.query<ProductRow>(
      `SELECT * FROM store.product WHERE (id = $1 OR param = $1) AND NOT deleted ORDER BY (id = $1) DESC LIMIT 1`,
      [idOrParam],
    );
    return rows[0] ?? null;
  }
  async paramTaken(param: string, exceptId = ''): Promise<boolean> {
    const { rows } = await this.sql.query(`SELECT 1 FROM store.product WHERE param = $1 AND id <> $2`, [param, exceptId]);
    return rows.length > 0;
  }
  async insertProduct(p: Omit<storeV1.CreateProductRequest, never>): Promise<ProductRow> {
    const { rows } = await this.sql.query<ProductRow>(
      `INSERT INTO store.product (id, name, param, price, old_price, value, validity, description, image)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING *`,
      [randomUUID(), p.name, p.param, p.price, p.oldPrice, p.value, p.validity, p.description, p.image],
    );
    return rows[0]!;
  }
  async updateProduct(id: string, p: Partial<storeV1.CreateProductRequest>): Promise<ProductRow | null> {
    const { rows } = await this.sql.query<ProductRow>(
      `UPDATE store.product SET name = COALESCE($2, name), param = COALESCE($3, param), price = COALESCE($4, price),
         old_price = COALESCE($5, old_price), value = COALESCE($6, value), validity = COALESCE($7, validity),
         description = COALESCE($8, description), image = COALESCE($9, image)
       WHERE id = $1 AND NOT deleted RETURNING *`,
      [id, p.name ?? null, p.param ?? null, p.price ?? null, p.oldPrice ?? null, p.value ?? null, p.validity ?? null, p.description ?? null, p.image ?? null],
    );
    return rows[0] ?? null;
  }
  /** Products with orders are kept (the orders name them) but leave the listing; the slug is freed. */
  async deleteProduct(id: string): Promise<boolean> {
    const { rowCount } = await this.sql.query(
      `UPDATE store.product SET deleted = true, param = param || '--deleted-' || substr(id, 1, 8) WHERE id = $1 AND NOT deleted`,
      [id],
    );
    return (rowCount ?? 0) > 0;
  }
  async addSold(tx: SqlExecutor, productId: string, quantity: number): Promise<void> {
    await tx.query(`UPDATE store.product SET sold = sold + $2 WHERE id = $1`, [productId, quantity]);
  }

  // ---- orders ----
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
  async listPaidOrdersOf(userId: string): Promise<OrderRow[]> {
    const { rows } = await this.sql.query<OrderRow>(
      `SELECT * FROM store.store_order WHERE user_id = $1 AND status = 'paid' ORDER BY created_at DESC, id LIMIT 500`,
      [userId],
    );
    return rows;
  }
  async listOrders(): Promise<OrderRow[]> {
    return (await this.sql.query<OrderRow>(`SELECT * FROM store.store_order ORDER BY created_at DESC, id LIMIT 5000`)).rows;
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

  // ---- gift cards ----
  async insertGiftCard(tx: SqlExecutor, c: Omit<GiftCardRow, 'used' | 'used_at' | 'used_by'> & { code_hash: string }): Promise<void> {
    await tx.query(
      `INSERT INTO store.gift_card (id, order_id, code_hash, sender_name, purchased_by, receiver_name, receiver_email, receiver_phone,
         message, product_name, value, price, valid_from, valid_to) VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14)`,
      [
        c.id, c.order_id, c.code_hash, c.sender_name, c.purchased_by, c.receiver_name, c.receiver_email, c.receiver_phone,
        c.message, c.product_name, c.value, c.price, c.valid_from, c.valid_to,
      ],
    );
  }
  async lockGiftCardByHash(tx: SqlExecutor, codeHash: string): Promise<GiftCardRow | null> {
    const { rows } = await tx.query<GiftCardRow>(`SELECT * FROM store.gift_card WHERE code_hash = $1 FOR UPDATE`, [codeHash]);
    return rows[0] ?? null;
  }
  async markGiftCardUsed(tx: SqlExecutor, id: string, userId: string, at: Date): Promise<boolean> {
    const { rowCount } = await tx.query(
      `UPDATE store.gift_card SET used = true, used_at = $3, used_by = $2 WHERE id = $1 AND NOT used`,
      [id, userId, at],
    );
    return (rowCount ?? 0) > 0;
  }
  async listGiftCards(): Promise<GiftCardRow[]> {
    return (await this.sql.query<GiftCardRow>(`SELECT * FROM store.gift_card ORDER BY created_at DESC, id LIMIT 5000`)).rows;
  }
  async getGiftCard(id: string): Promise<GiftCardRow | null> {
    return (await this.sql.query<GiftCardRow>(`SELECT * FROM store.gift_card WHERE id = $1`, [id])).rows[0] ?? null;
  }
  async giftCardsOfOrder(orderId: string): Promise<GiftCardRow[]> {
    return (await this.sql.query<GiftCardRow>(`SELECT * FROM store.gift_card WHERE order_id = $1 ORDER BY id`, [orderId])).rows;
  }

  // ---- contacts ----

  async upsertContact(tx: SqlExecutor, c: { email: string; userId: string; language: 'en' | 'bn' }): Promise<void> {
    await tx.query(
      `INSERT INTO store.contact (email, user_id, language) VALUES ($1, $2, $3)
       ON CONFLICT (email) DO UPDATE SET user_id = EXCLUDED.user_id, language = EXCLUDED.language`,
      [c.email.trim().toLowerCase(), c.userId, c.language],
    );
  }
  async languageOf(tx: SqlExecutor, email: string): Promise<'en' | 'bn' | null> {
    const { rows } = await tx.query<{ language: 'en' | 'bn' }>(`SELECT language FROM store.contact WHERE email = $1`, [
      email.trim().toLowerCase(),
    ]);
    return rows[0]?.language ?? null;
  }
}
