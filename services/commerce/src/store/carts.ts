/** Carts and wishlists: one entry per user and course. */
import type { commerceV1 } from '@taal/contracts';
import type { Sql, SqlExecutor } from '@taal/kit';
import type { PricedItem } from '../domain/pricing';
import { iso, money } from './schema';

interface CartRow {
  course_id: string;
  tier: string;
  title: string;
  price: string;
  validity_days: number;
  added_at: Date;
}

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

/** Carts' and wishlists' SQL (`commerce.cart_item`, `commerce.wishlist_item`). */
export class CartStore {
  constructor(private readonly sql: Sql) {}

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
}
