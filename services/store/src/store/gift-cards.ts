/** Issued gift cards: their rows, the card for the other services, and their SQL (a code is found by its hash only). */
import type { storeV1 } from '@taal/contracts';
import type { Sql, SqlExecutor } from '@taal/kit';
import { iso } from './schema';
import { giftCardPage } from './pages';

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

/** Issued gift cards' SQL (`store.gift_card`). */
export class GiftCardDb {
  constructor(private readonly sql: Sql) {}

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

  /** A page of every gift card, newest first (decision 0084). */
  listGiftCardPage(cursor: string, limit: number) {
    return giftCardPage(this.sql, cursor, limit);
  }

  async getGiftCard(id: string): Promise<GiftCardRow | null> {
    return (await this.sql.query<GiftCardRow>(`SELECT * FROM store.gift_card WHERE id = $1`, [id])).rows[0] ?? null;
  }

  async giftCardsOfOrder(orderId: string): Promise<GiftCardRow[]> {
    return (await this.sql.query<GiftCardRow>(`SELECT * FROM store.gift_card WHERE order_id = $1 ORDER BY id`, [orderId])).rows;
  }

  // ---- contacts ----
}
