/**
 * The student's purchase history and wallet statement a keyset page at a time (issue 51, decision 0084) on
 * both SQL adapters: more orders and ledger entries than two pages (beside another user's), inserted by bulk
 * SQL, read a page at a time through the stores' page queries as the gRPC handlers read them: every row of
 * the user once, newest first, next empty at the end, the balance the whole ledger sums to; each page query
 * reads an index in order (no Sort, no Seq Scan with both priced out); an edited cursor: INVALID_CURSOR.
 */
import path from 'node:path';
import { migrate, refusalKeyOf, type Sql } from '@taal/kit';
import { backends, type Backend } from '../../../tools/testing/backends';
import { pageThrough, planOf, recordingSql } from '../../../tools/testing/keyset-check';
import { listLedgerPage, listMyOrdersPage } from './store/student-pages';

// 'me' is one buyer of twenty: the list must be read from the user's index, not filtered out of every row.
const ORDERS = 1400;
const ENTRIES = 1300;
const AT = `timestamptz '2026-03-01 00:00:00.123456+00' + (g / 3) * interval '1.234567 seconds'`;

async function seed(sql: Sql) {
  await migrate(sql, { schema: 'commerce', dir: path.join(__dirname, '../migrations') });
  await sql.query(
    `INSERT INTO commerce.purchase_order (id, user_id, status, subtotal, discount, wallet_used, payable, created_at, expires_at, paid_at)
     SELECT 'o-' || lpad(g::text, 5, '0'), CASE WHEN g % 20 = 0 THEN 'me' ELSE 'u-' || (g % 20) END, CASE WHEN g % 3 = 0 THEN 'paid' ELSE 'unpaid' END,
            1000, 0, 0, 1000, ${AT}, ${AT} + interval '1 day', CASE WHEN g % 3 = 0 THEN ${AT} END
       FROM generate_series(1, ${ORDERS}) AS g`,
  );
  await sql.query(`INSERT INTO commerce.order_item (order_id, position, course_id, tier, title, price, validity_days, price_paid) SELECT id, 0, 'c-1', 'silver', 'Course', 1000, 30, 1000 FROM commerce.purchase_order`);
  await sql.query(`INSERT INTO commerce.wallet (user_id) SELECT 'u-' || g FROM generate_series(1, 19) AS g UNION ALL SELECT 'me'`);
  await sql.query(
    `INSERT INTO commerce.ledger_entry (user_id, kind, amount, created_at)
     SELECT CASE WHEN g % 20 = 0 THEN 'me' ELSE 'u-' || (g % 20) END, CASE WHEN g % 3 = 0 THEN 'release' ELSE 'reservation' END,
            CASE WHEN g % 3 = 0 THEN 100 + g ELSE -(50 + g) END, ${AT}
       FROM generate_series(1, ${ENTRIES}) AS g`,
  );
  await sql.query('ANALYZE commerce.purchase_order');
  await sql.query('ANALYZE commerce.ledger_entry');
}

describe.each(backends)('the student’s pages on %s SQL', (_name, makeBackend) => {
  let backend: Backend;
  let sql: Sql;
  const ids = async (text: string) => (await sql.query<{ id: string }>(text)).rows.map((r) => String(r.id));
  const orders = (db: Sql, limit: number) => (cursor: string) =>
    listMyOrdersPage(db, async () => [], 'me', cursor, limit).then((p) => ({ ids: p.orders.map((o) => o.id), next: p.next }));
  const ledger = (db: Sql, limit: number) => (cursor: string) => listLedgerPage(db, 'me', cursor, limit).then((p) => ({ ids: p.entries.map((e) => e.id), next: p.next }));

  beforeAll(async () => {
    backend = await makeBackend();
    sql = backend.sql;
    await seed(sql);
  }, 120_000);
  afterAll(() => backend?.close());

  it('pages the purchase history newest first: each of the user’s orders once, next empty at the end', async () => {
    const all = await ids(`SELECT id FROM commerce.purchase_order WHERE user_id = 'me' ORDER BY created_at DESC, id DESC`);
    const { ids: got, pages, endedWithoutNext } = await pageThrough(orders(sql, 20));
    expect(got).toEqual(all);
    expect(endedWithoutNext).toBe(true);
    expect(pages.length).toBe(Math.ceil(all.length / 20));
    expect(pages.length).toBeGreaterThan(2);
  });

  it('pages the wallet statement newest first with the balance every entry sums to', async () => {
    const all = await ids(`SELECT id FROM commerce.ledger_entry WHERE user_id = 'me' ORDER BY id DESC`);
    const { ids: got, pages, endedWithoutNext } = await pageThrough(ledger(sql, 15));
    expect(got).toEqual(all);
    expect(endedWithoutNext).toBe(true);
    expect(pages.length).toBeGreaterThan(2);
    const sum = (await sql.query<{ s: string }>(`SELECT sum(amount) AS s FROM commerce.ledger_entry WHERE user_id = 'me'`)).rows[0]!.s;
    expect((await listLedgerPage(sql, 'me', '', 20)).balance).toBe(Number(sum));
  });

  it('reads each page from an index in order: no sort, no scan of the table', async () => {
    const { recording, sent } = recordingSql(sql);
    await orders(recording, 10)((await orders(sql, 10)('')).next);
    await ledger(recording, 10)((await ledger(sql, 10)('')).next);
    await orders(recording, 10)('');
    await ledger(recording, 10)('');
    const pages = sent.filter(([text]) => /ORDER BY/.test(text));
    expect(pages.length).toBe(4);
    for (const [text, params] of pages) {
      const index = /purchase_order/.test(text) ? 'purchase_order_user_page_idx' : 'ledger_entry_user_idx';
      expect(await planOf(sql, text, params)).toEqual({ text, sort: false, seq: false, indexes: [index] });
    }
  });

  it('refuses an edited or another list’s cursor with INVALID_CURSOR', async () => {
    const { next } = await orders(sql, 10)('');
    const edited = Buffer.from(Buffer.from(next, 'base64url').toString().replace('"o-0', '"o-9')).toString('base64url');
    await expect(orders(sql, 10)(edited).catch(refusalKeyOf)).resolves.toBe('INVALID_CURSOR');
    await expect(ledger(sql, 10)(next).catch(refusalKeyOf)).resolves.toBe('INVALID_CURSOR');
    const ledgerNext = (await ledger(sql, 10)('')).next;
    const forged = Buffer.from(JSON.stringify(['ledger', 'x1', 'check'])).toString('base64url');
    await expect(ledger(sql, 10)(forged).catch(refusalKeyOf)).resolves.toBe('INVALID_CURSOR');
    await expect(orders(sql, 10)(ledgerNext).catch(refusalKeyOf)).resolves.toBe('INVALID_CURSOR');
  });
});
