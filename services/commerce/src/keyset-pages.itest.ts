/**
 * Keyset pages (issue 51, decision 0074) on both SQL adapters: more users and orders than two pages are
 * inserted by bulk SQL into the services' own schemas (their migrations run first), then read a page at a
 * time through the stores' page queries, as the gRPC handlers read them: every row exactly once, newest
 * first by (created_at, id) with ties on created_at broken by id, no row on two pages, next empty at the
 * end; the filters (type, subscribers, paid, a range of days) page the same way; an edited cursor is
 * refused with INVALID_CURSOR. Rows share created_at in threes and carry microseconds a JS Date cannot hold.
 */
import path from 'node:path';
import { migrate, refusalKeyOf, PAGE_SIZE_DEFAULT, type Sql } from '@taal/kit';
import { dhakaDay, dhakaDayBounds } from '@taal/contracts';
import { backends, type Backend } from '../../../tools/testing/backends';
import { rowWrites } from '../../../tools/testing/plan-checks';
import { listUsersPage, type UserPageFilter } from '../../identity/src/store/user-pages';
import { listOrdersPage, type OrderPageFilter } from './store/order-pages';

const USERS = 250;
const ORDERS = 230;
// Three rows a second, each second 1.234567 s after the one before: created_at ties in threes, to the microsecond.
const AT = (table: string) => `timestamptz '2026-03-01 00:00:00.123456+00' + (g / 3) * interval '1.234567 seconds'`.replace('g', `${table}g`);

async function seed(sql: Sql) {
  await migrate(sql, { schema: 'identity', dir: path.join(__dirname, '../../identity/migrations') });
  await migrate(sql, { schema: 'commerce', dir: path.join(__dirname, '../migrations') });
  await sql.query(
    `INSERT INTO identity.users (id, student_id, name, email, referral_code, type, subscriber, created_at)
     SELECT 'u-' || lpad(g::text, 5, '0'), 'S' || g, 'User ' || g, 'user' || g || '@pages.example.com', 'R' || g,
            (g % 4) + 1, g % 5 = 0, ${AT('')}
       FROM generate_series(1, ${USERS}) AS g`,
  );
  await sql.query(
    `INSERT INTO commerce.purchase_order (id, user_id, status, subtotal, discount, wallet_used, payable, created_at, expires_at, paid_at)
     SELECT 'o-' || lpad(g::text, 5, '0'), 'u-00001', CASE WHEN g % 3 = 0 THEN 'paid' ELSE 'unpaid' END, 1000 + g, 100, 0, 900 + g,
            ${AT('')}, ${AT('')} + interval '1 day', CASE WHEN g % 3 = 0 THEN ${AT('')} END
       FROM generate_series(1, ${ORDERS}) AS g`,
  );
}

/** Every page of a list, in turn: the rows' ids and how many pages it took. */
async function pageThrough(read: (cursor: string) => Promise<{ ids: string[]; next: string }>) {
  const ids: string[] = [];
  const pages: string[][] = [];
  let cursor = '';
  do {
    const page = await read(cursor);
    pages.push(page.ids);
    ids.push(...page.ids);
    cursor = page.next;
  } while (cursor && pages.length < 100);
  return { ids, pages };
}

describe.each(backends)('keyset pages on %s SQL', (_name, makeBackend) => {
  let backend: Backend;
  let sql: Sql;
  const expected = async (from: string, where: string) =>
    (await sql.query<{ id: string }>(`SELECT id FROM ${from} WHERE ${where} ORDER BY created_at DESC, id DESC`)).rows.map((r) => r.id);

  beforeAll(async () => {
    backend = await makeBackend();
    sql = backend.sql;
    await seed(sql);
  }, 120_000);
  afterAll(() => backend?.close());

  const users = (filter: UserPageFilter, limit: number) => (cursor: string) =>
    listUsersPage(sql, filter, cursor, limit).then((p) => ({ ids: p.items.map((u) => u.id), next: p.next }));
  const orders = (filter: OrderPageFilter, limit: number) => (cursor: string) =>
    listOrdersPage(sql, async () => [], filter, { cursor, limit, withSummary: false }).then((p) => ({ ids: p.orders.map((o) => o.id), next: p.next }));

  it.each([
    ['every user', {}, 100, 'TRUE'],
    ['students, the default page', { type: 4 }, 0, 'type = 4'],
    ['subscribers', { subscribersOnly: true }, 7, 'subscriber'],
  ] as const)('pages %s: each row once, newest first, next empty at the end', async (_what, filter, limit, where) => {
    const all = await expected('identity.users', where);
    const { ids, pages } = await pageThrough(users(filter, limit));
    expect(ids).toEqual(all);
    expect(new Set(ids).size).toBe(ids.length);
    const size = limit || PAGE_SIZE_DEFAULT;
    expect(pages.length).toBe(Math.ceil(all.length / size));
    expect(pages.length).toBeGreaterThan(2);
    expect(pages.slice(0, -1).every((p) => p.length === size)).toBe(true);
  });

  it('finds the one user an e-mail address (any case) or a student id names', async () => {
    const ids = async (search: string) => (await listUsersPage(sql, { search }, '', 20)).items.map((u) => u.id);
    expect(await ids(' USER42@pages.example.com ')).toEqual(['u-00042']);
    expect(await ids('S43')).toEqual(['u-00043']);
    expect(await ids('user4')).toEqual([]);
    expect(await ids('S4\u0000')).toEqual([]);
  });

  it('pages every order, the paid ones, and a range of days, with the range counted', async () => {
    expect((await pageThrough(orders({ days: null, paidOnly: false }, 100))).ids).toEqual(await expected('commerce.purchase_order', 'TRUE'));
    const paid = await pageThrough(orders({ days: null, paidOnly: true }, 25));
    expect(paid.ids).toEqual(await expected('commerce.purchase_order', `status = 'paid'`));
    expect(paid.pages.length).toBeGreaterThan(2);
    // 2026-03-01 in Dhaka ends at 18:00 UTC: the rows of that day only.
    const { start, end } = dhakaDayBounds('2026-03-01', '2026-03-01');
    const day = await sql.query<{ id: string }>(
      `SELECT id FROM commerce.purchase_order WHERE created_at >= $1 AND created_at < $2 ORDER BY created_at DESC, id DESC`,
      [start, end],
    );
    expect((await pageThrough(orders({ days: { from: '2026-03-01', to: '2026-03-01' }, paidOnly: false }, 30))).ids).toEqual(day.rows.map((r) => r.id));
    const first = await listOrdersPage(sql, async () => [], { days: null, paidOnly: false }, { cursor: '', limit: 5, withSummary: true });
    expect(first).toMatchObject({ totalCount: ORDERS, paidCount: Math.floor(ORDERS / 3) });
    expect(first.orders).toHaveLength(5);
  });

  it('keeps each range’s summary and each of its days’ counts equal to a count of its orders through payments, expiries and deletions (decisions 0083, 0089)', async () => {
    const summary = (days: OrderPageFilter['days'], paidOnly = false) =>
      listOrdersPage(sql, async () => [], { days, paidOnly }, { cursor: '', limit: 1, withSummary: true }).then(({ totalCount, paidCount, paidAmount }) => ({ totalCount, paidCount, paidAmount }));
    const counted = async (days: OrderPageFilter['days']) => {
      const bounds = days ? dhakaDayBounds(days.from, days.to) : { start: new Date(0), end: new Date(4e12) };
      const { rows } = await sql.query<{ total: string; paid: string; amount: string }>(
        `SELECT count(*) AS total, count(*) FILTER (WHERE status = 'paid') AS paid,
                coalesce(sum(greatest(subtotal - discount, 0)) FILTER (WHERE status = 'paid'), 0) AS amount
           FROM commerce.purchase_order WHERE created_at >= $1 AND created_at < $2`,
        [bounds.start, bounds.end],
      );
      return { totalCount: Number(rows[0]!.total), paidCount: Number(rows[0]!.paid), paidAmount: Number(rows[0]!.amount) };
    };
    const ranges: OrderPageFilter['days'][] = [null, { from: '2026-03-01', to: '2026-03-01' }, { from: '2026-03-01', to: '2026-03-02' }, { from: '2026-02-01', to: '2026-02-28' }, { from: '2026-02-25', to: '2026-03-10' }];
    // Each Bangladesh day's kept counts (decision 0089) against a recount: every order of the range read, its day named by dhakaDay.
    const perDay = (days: NonNullable<OrderPageFilter['days']>, paidOnly: boolean) =>
      listOrdersPage(sql, async () => [], { days, paidOnly }, { cursor: '', limit: 1, withSummary: true, withDays: true }).then((p) => p.days);
    const recountPerDay = async (days: NonNullable<OrderPageFilter['days']>, paidOnly: boolean) => {
      const { start, end } = dhakaDayBounds(days.from, days.to);
      const { rows } = await sql.query<{ created_at: Date; status: string }>(`SELECT created_at, status FROM commerce.purchase_order WHERE created_at >= $1 AND created_at < $2`, [start, end]);
      const byDay = new Map<string, { day: string; total: number; paid: number }>();
      for (const r of rows) {
        const day = dhakaDay(new Date(r.created_at).getTime());
        const d = byDay.get(day) ?? { day, total: 0, paid: 0 };
        if (!paidOnly || r.status === 'paid') d.total += 1;
        if (r.status === 'paid') d.paid += 1;
        byDay.set(day, d);
      }
      return [...byDay.values()].filter((d) => d.total > 0).sort((a, b) => a.day.localeCompare(b.day));
    };
    const check = async () => {
      for (const days of ranges) expect({ days, ...(await summary(days)) }).toEqual({ days, ...(await counted(days)) });
      const all = await counted(null);
      expect(await summary(null, true)).toEqual({ totalCount: all.paidCount, paidCount: all.paidCount, paidAmount: all.paidAmount });
      for (const days of ranges) {
        for (const paidOnly of [false, true]) {
          if (days) expect({ days, paidOnly, perDay: await perDay(days, paidOnly) }).toEqual({ days, paidOnly, perDay: await recountPerDay(days, paidOnly) });
        }
      }
      // Without with_days (or without a range) no day is listed.
      expect((await listOrdersPage(sql, async () => [], { days: ranges[1]!, paidOnly: false }, { cursor: '', limit: 1, withSummary: true })).days).toEqual([]);
    };
    // Orders on both sides of Bangladesh midnights (18:00 UTC), paid and not, so a range has several days.
    await sql.query(
      `INSERT INTO commerce.purchase_order (id, user_id, status, subtotal, discount, wallet_used, payable, created_at, expires_at, paid_at)
       SELECT 'o-day-' || g, 'u-00001', CASE WHEN g % 2 = 0 THEN 'paid' ELSE 'unpaid' END, 500, 0, 0, 500,
              timestamptz '2026-03-01 18:00:00+00' + (g - 4) * interval '29 minutes 59 seconds', now() + interval '1 day', CASE WHEN g % 2 = 0 THEN now() END
         FROM generate_series(1, 8) AS g`,
    );
    await check();
    // Paid in parallel, expired in bulk, a paid order's voucher moved, one created later, one deleted.
    const unpaid = (await sql.query<{ id: string }>(`SELECT id FROM commerce.purchase_order WHERE status = 'unpaid' ORDER BY id LIMIT 40`)).rows.map((r) => r.id);
    await Promise.all(unpaid.slice(0, 20).map((id) => sql.query(`UPDATE commerce.purchase_order SET status = 'paid', paid_at = now() WHERE id = $1`, [id])));
    await sql.query(`UPDATE commerce.purchase_order SET status = 'expired' WHERE id = ANY($1)`, [unpaid.slice(20)]);
    await sql.query(`UPDATE commerce.purchase_order SET discount = 0, payable = subtotal - wallet_used WHERE id = $1`, [unpaid[0]]);
    await sql.query(`UPDATE commerce.purchase_order SET created_at = created_at + interval '3 days' WHERE id = $1`, [unpaid[1]]);
    await sql.query(`DELETE FROM commerce.purchase_order WHERE id = $1`, [unpaid[2]]);
    await check();
  });

  it('adds a bulk write to the hours once per statement, not once per order (migration 012, decision 0091)', async () => {
    // A row trigger wrote an hour's row once per order: three million seeded orders left three million dead
    // versions of 26,000 rows (149 MB), which every order summary then read through.
    const all = async () => listOrdersPage(sql, async () => [], { days: null, paidOnly: false }, { cursor: '', limit: 1, withSummary: true });
    const before = await all();
    const writes = await sql.transaction(async (tx) => {
      const start = await rowWrites(tx, 'commerce.order_hour');
      const since = async () => (await rowWrites(tx, 'commerce.order_hour')) - start;
      // 600 orders in three hours.
      await tx.query(
        `INSERT INTO commerce.purchase_order (id, user_id, status, subtotal, discount, wallet_used, payable, created_at, expires_at)
         SELECT 'o-bulk-' || g, 'u-00001', 'unpaid', 1000, 0, 0, 1000, timestamptz '2026-04-01 04:00:00+00' + (g % 3) * interval '1 hour', now() + interval '1 day'
           FROM generate_series(1, 600) AS g`,
      );
      const inserted = await since();
      await tx.query(`UPDATE commerce.purchase_order SET status = 'paid', paid_at = now() WHERE id LIKE 'o-bulk-%'`);
      const paid = (await since()) - inserted;
      await tx.query(`UPDATE commerce.purchase_order SET buyer_name = 'Rina' WHERE id LIKE 'o-bulk-%'`);
      return { inserted, paid, renamed: (await since()) - inserted - paid };
    });
    expect(writes).toEqual({ inserted: 3, paid: 3, renamed: 0 });
    expect(await all()).toMatchObject({ totalCount: before.totalCount + 600, paidCount: before.paidCount + 600, paidAmount: before.paidAmount + 600_000 });
    await sql.query(`DELETE FROM commerce.purchase_order WHERE id LIKE 'o-bulk-%'`);
    expect(await all()).toMatchObject({ totalCount: before.totalCount, paidCount: before.paidCount, paidAmount: before.paidAmount });
  });

  it('reads each page from an index in order: no sort, no scan of the table', async () => {
    // Each page query as the stores send it, explained with sequential scans priced out: a list without
    // its index would need a Sort (or a scan) to be newest first.
    const sent: [string, readonly unknown[]][] = [];
    const recording = { query: (text: string, params?: readonly unknown[]) => (sent.push([text, params ?? []]), sql.query(text, params)) } as unknown as Sql;
    const { next } = await listUsersPage(recording, {}, '', 10);
    for (const filter of [{}, { type: 3 }, { subscribersOnly: true }, { socialOnly: true }]) await listUsersPage(recording, filter, next, 10);
    const ordersNext = (await listOrdersPage(recording, async () => [], { days: null, paidOnly: false }, { cursor: '', limit: 10, withSummary: false })).next;
    for (const paidOnly of [false, true]) {
      await listOrdersPage(recording, async () => [], { days: null, paidOnly }, { cursor: ordersNext, limit: 10, withSummary: false });
      await listOrdersPage(recording, async () => [], { days: { from: '2026-03-01', to: '2026-03-02' }, paidOnly }, { cursor: ordersNext, limit: 10, withSummary: false });
    }
    const pages = sent.filter(([text]) => /ORDER BY created_at DESC, id DESC/.test(text));
    expect(pages.length).toBe(10);
    for (const [text, params] of pages) {
      const plan = await sql.transaction(async (tx) => {
        await tx.query('SET LOCAL enable_seqscan = off');
        await tx.query('SET LOCAL enable_sort = off');
        return JSON.stringify((await tx.query(`EXPLAIN (FORMAT JSON) ${text}`, params)).rows);
      });
      expect({ text, sort: /"Node Type":\s*"(Sort|Incremental Sort)"/.test(plan), seq: /Seq Scan/.test(plan) }).toEqual({ text, sort: false, seq: false });
    }
  });

  it('refuses an edited, cut or another list’s cursor with INVALID_CURSOR', async () => {
    const { next } = await listUsersPage(sql, {}, '', 10);
    const edited = Buffer.from(Buffer.from(next, 'base64url').toString().replace('u-00', 'u-01')).toString('base64url');
    for (const cursor of [edited, next.slice(0, -4), 'garbage!']) {
      await expect(listUsersPage(sql, {}, cursor, 10).catch(refusalKeyOf)).resolves.toBe('INVALID_CURSOR');
    }
    await expect(listOrdersPage(sql, async () => [], { days: null, paidOnly: false }, { cursor: next, limit: 10, withSummary: false }).catch(refusalKeyOf)).resolves.toBe(
      'INVALID_CURSOR',
    );
  });
});
