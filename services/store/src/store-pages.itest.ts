/**
 * The back office's gift cards and store orders a keyset page at a time (issue 51, decision 0084, second part)
 * on both SQL adapters: more of each than two pages (three an instant: ties ordered by id), inserted by bulk
 * SQL, read a page at a time through the store's page queries as the gRPC handlers read them: every row once,
 * newest first, next empty at the end; each page query reads migration 005's index in order (no Sort, no Seq
 * Scan with both priced out); an edited or another list's cursor: INVALID_CURSOR.
 */
import path from 'node:path';
import { migrate, refusalKeyOf, type Sql } from '@taal/kit';
import { backends, type Backend } from '../../../tools/testing/backends';
import { pageThrough, planOf, recordingSql } from '../../../tools/testing/keyset-check';
import { giftCardPage, myStoreOrderPage, storeOrderPage } from './store/pages';

const ORDERS = 700;
const AT = `timestamptz '2026-03-01 00:00:00.123456+00' + (g / 3) * interval '1.234567 seconds'`;

async function seed(sql: Sql) {
  await migrate(sql, { schema: 'store', dir: path.join(__dirname, '../migrations') });
  await sql.query(`INSERT INTO store.product (id, name, param, price, old_price, value, validity, description) VALUES ('p-1', 'Card', 'card', 1000, 0, 1000, '1 year', 'A card')`);
  await sql.query(
    `INSERT INTO store.store_order (id, user_id, user_name, user_email, for_myself, product_id, item_name, item_price, item_value, quantity, total_price, created_at, status)
     SELECT 'o-' || lpad(g::text, 4, '0'), CASE WHEN g % 7 < 4 THEN 'u-buyer' ELSE 'u-' || (g % 30) END, 'Buyer', 'b@example.com', true, 'p-1', 'Card', 1000, 1000, 1, 1000, ${AT},
            CASE WHEN g % 5 = 0 THEN 'unpaid' ELSE 'paid' END
       FROM generate_series(1, ${ORDERS}) AS g`,
  );
  await sql.query(
    `INSERT INTO store.gift_card (id, order_id, code_hash, sender_name, purchased_by, receiver_name, receiver_email, receiver_phone, product_name, value, price, valid_from, valid_to, created_at)
     SELECT 'g-' || lpad(g::text, 4, '0'), 'o-' || lpad(g::text, 4, '0'), 'h-' || g, 'Sender', 'u-1', 'Receiver', 'r@example.com', '01700000000', 'Card', 1000, 1000, ${AT}, ${AT} + interval '1 year', ${AT}
       FROM generate_series(1, ${ORDERS}) AS g`,
  );
  await sql.query('ANALYZE store.store_order');
  await sql.query('ANALYZE store.gift_card');
}

describe.each(backends)('the back office’s store pages on %s SQL', (_name, makeBackend) => {
  let backend: Backend;
  let sql: Sql;
  const ids = async (text: string) => (await sql.query<{ id: string }>(text)).rows.map((r) => r.id);
  const cards = (db: Sql, limit: number) => (cursor: string) => giftCardPage(db, cursor, limit).then((p) => ({ ids: p.items.map((c) => c.id), next: p.next }));
  const orders = (db: Sql, limit: number) => (cursor: string) => storeOrderPage(db, cursor, limit).then((p) => ({ ids: p.items.map((o) => o.id), next: p.next }));
  const mine = (db: Sql, limit: number) => (cursor: string) => myStoreOrderPage(db, 'u-buyer', cursor, limit).then((p) => ({ ids: p.items.map((o) => o.id), next: p.next }));

  beforeAll(async () => {
    backend = await makeBackend();
    sql = backend.sql;
    await seed(sql);
  }, 120_000);
  afterAll(() => backend?.close());

  it.each([
    ['gift cards', 'gift_card', cards],
    ['store orders', 'store_order', orders],
  ] as const)('pages every %s newest first: each once, next empty at the end', async (_what, table, read) => {
    const all = await ids(`SELECT id FROM store.${table} ORDER BY created_at DESC, id DESC`);
    const { ids: got, pages, endedWithoutNext } = await pageThrough(read(sql, 50));
    expect(got).toEqual(all);
    expect(endedWithoutNext).toBe(true);
    expect(pages.length).toBe(Math.ceil(all.length / 50));
  });

  it('pages a student’s own paid store orders newest first (decision 0087): each once, only theirs, next empty at the end', async () => {
    const all = await ids(`SELECT id FROM store.store_order WHERE user_id = 'u-buyer' AND status = 'paid' ORDER BY created_at DESC, id DESC`);
    expect(all.length).toBeGreaterThan(200);
    const { ids: got, pages, endedWithoutNext } = await pageThrough(mine(sql, 50));
    expect(got).toEqual(all);
    expect(endedWithoutNext).toBe(true);
    expect(pages.length).toBe(Math.ceil(all.length / 50));
    const { recording, sent } = recordingSql(sql);
    await mine(recording, 10)('');
    await mine(recording, 10)((await mine(sql, 10)('')).next);
    for (const [text, params] of sent.filter(([t]) => /ORDER BY/.test(t))) {
      expect(await planOf(sql, text, params)).toEqual({ text, sort: false, seq: false, indexes: ['store_order_paid_user_page_idx'] });
    }
    await expect(orders(sql, 10)((await mine(sql, 10)('')).next).catch(refusalKeyOf)).resolves.toBe('INVALID_CURSOR');
  });

  it('reads each page from its index in order: no sort, no scan of the table', async () => {
    const { recording, sent } = recordingSql(sql);
    await cards(recording, 10)('');
    await cards(recording, 10)((await cards(sql, 10)('')).next);
    await orders(recording, 10)('');
    await orders(recording, 10)((await orders(sql, 10)('')).next);
    const pages = sent.filter(([text]) => /ORDER BY/.test(text));
    expect(pages.length).toBe(4);
    for (const [text, params] of pages) {
      const index = /gift_card/.test(text) ? 'gift_card_page_idx' : 'store_order_page_idx';
      expect(await planOf(sql, text, params)).toEqual({ text, sort: false, seq: false, indexes: [index] });
    }
  });

  it('refuses an edited or another list’s cursor with INVALID_CURSOR', async () => {
    const { next } = await cards(sql, 10)('');
    const edited = Buffer.from(Buffer.from(next, 'base64url').toString().replace('"g-0', '"g-9')).toString('base64url');
    await expect(cards(sql, 10)(edited).catch(refusalKeyOf)).resolves.toBe('INVALID_CURSOR');
    await expect(orders(sql, 10)(next).catch(refusalKeyOf)).resolves.toBe('INVALID_CURSOR');
  });
});
