/**
 * The back office's order pages in the planner's own plans (issue 51, decision 0091) on both SQL adapters:
 * 30,000 orders, the newest 3,000 unpaid (orders waiting for payment come last). The first page of all orders
 * and of the paid ones, of every day or of a range, each reads its own newest-first index (migration 008) in
 * order: no sort, no scan of the table, and not the newest orders walked one by one for the paid ones among them.
 */
import path from 'node:path';
import { migrate, type Sql } from '@taal/kit';
import { backends, type Backend } from '../../../tools/testing/backends';
import { chosenPlan } from '../../../tools/testing/plan-checks';
import { listOrdersPage } from './store/order-pages';

const ORDERS = 30_000;

describe.each(backends)('the order pages’ plans on %s SQL', (_name, makeBackend) => {
  let backend: Backend;
  let sql: Sql;

  beforeAll(async () => {
    backend = await makeBackend();
    sql = backend.sql;
    await migrate(sql, { schema: 'commerce', dir: path.join(__dirname, '../migrations') });
    await sql.query(
      `INSERT INTO commerce.purchase_order (id, user_id, status, subtotal, discount, wallet_used, payable, created_at, expires_at, paid_at)
       SELECT 'o-' || lpad(g::text, 6, '0'), 'u-1', CASE WHEN g > ${ORDERS - 3000} THEN 'unpaid' ELSE 'paid' END, 1000, 0, 0, 1000,
              timestamptz '2025-01-01 00:00:00+00' + g * interval '17 minutes', now() + interval '1 day',
              CASE WHEN g > ${ORDERS - 3000} THEN NULL ELSE timestamptz '2025-01-01 00:00:00+00' + g * interval '17 minutes' END
         FROM generate_series(1, ${ORDERS}) AS g`,
    );
    await sql.query('ANALYZE commerce.purchase_order');
  }, 300_000);
  afterAll(() => backend?.close());

  it('has no other index leading with created_at for the planner to walk instead (migration 013)', async () => {
    // At three million orders the planner took migration 002's index on created_at alone (smaller) for the paid page,
    // walking 60,000 newest unpaid orders; at a size a test seeds it costs the same either way, so the index itself is held.
    const { rows } = await sql.query<{ name: string }>(
      `SELECT c.relname AS name FROM pg_index x JOIN pg_class c ON c.oid = x.indexrelid JOIN pg_attribute a ON a.attrelid = x.indrelid AND a.attnum = x.indkey[0]
        WHERE x.indrelid = 'commerce.purchase_order'::regclass AND a.attname = 'created_at' ORDER BY 1`,
    );
    expect(rows.map((r) => r.name)).toEqual(['purchase_order_held_idx', 'purchase_order_newest_idx', 'purchase_order_paid_newest_idx']);
  });

  it.each([
    ['all orders', null, false, 'purchase_order_newest_idx'],
    ['the paid ones', null, true, 'purchase_order_paid_newest_idx'],
    ['the paid ones of a range', { from: '2025-03-01', to: '2025-12-31' }, true, 'purchase_order_paid_newest_idx'],
  ] as const)('reads the first page of %s from its own index in order', async (_label, days, paidOnly, index) => {
    const sent: [string, readonly unknown[]][] = [];
    const recording = { query: (text: string, params?: readonly unknown[]) => (sent.push([text, params ?? []]), sql.query(text, params)) } as unknown as Sql;
    const page = await listOrdersPage(recording, async () => [], { days, paidOnly }, { cursor: '', limit: 20, withSummary: false });
    expect(page.orders).toHaveLength(20);
    if (paidOnly) expect(page.orders.every((o) => o.status === 'paid')).toBe(true);
    const plan = await chosenPlan(sql, sent[0]![0], sent[0]![1]);
    expect(plan).toEqual({ seqScans: [], indexes: [index], sorts: 0 });
  });
});
