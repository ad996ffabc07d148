import { randomUUID } from 'node:crypto';
import type { storeV1 } from '@taal/contracts';
import type { Sql, SqlExecutor } from '@taal/kit';
import { cardAttemptsTable, type CardAttempts } from '@taal/payments';
import { SCHEMA, iso } from './schema';
import { GiftCardDb } from './gift-cards';
import { OrderDb } from './orders';

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

/** The store's SQL (schema `store`, always qualified: embedded mode shares one session): categories, products and buyers' languages; orders and gift cards are theirs. */
export class StoreDb {
  /** Card payment attempts (`store.card_payment`, the table every card-selling service keeps). */
  readonly cardAttempts: CardAttempts;
  readonly orders: OrderDb;
  readonly giftCards: GiftCardDb;

  constructor(private readonly sql: Sql) {
    this.cardAttempts = cardAttemptsTable(sql, SCHEMA);
    this.orders = new OrderDb(sql);
    this.giftCards = new GiftCardDb(sql);
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
