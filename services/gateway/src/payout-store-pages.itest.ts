/**
 * The paged routes of decision 0084's second part through the gateway on the all-in-one process: an
 * instructor's and a course's sales in a range, the course totals, an instructor's settlements, the back
 * office's gift cards and store orders, and the certificate requests answer `{ items, next }` pages (next null
 * on the last); read to the end one row at a time they give the same rows as the bounded spec lists; an edited
 * cursor is INVALID_CURSOR, a page size out of 1..100 INVALID_PAGE_SIZE; the back office's pages are refused to
 * a student, another instructor's sales to an instructor.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { dayMonthYear, dhakaDay } from '@taal/contracts';
import { startAllInOne } from '@taal/launcher';
import { gatewayApi } from '../../../tools/testing/gateway-api';
import { waitFor } from '../../../tools/testing/wait';

describe('payouts’, the store’s and the certificates’ keyset pages through the gateway', () => {
  let dataDir: string;
  let taal: Awaited<ReturnType<typeof startAllInOne>>;
  let base: string;
  const tokens = { admin: '', student: '', instructor: '' };
  const { get, post } = gatewayApi(() => base);
  const range = () => `01-01-2020/${dayMonthYear(dhakaDay(new Date().toISOString()))}`;

  /** Every row of a paged route, a page of `limit` at a time. */
  const readAll = async (route: string, token: string | undefined, limit = 1, key = '_id') => {
    const ids: string[] = [];
    for (let cursor = ''; ; ) {
      const sep = route.includes('?') ? '&' : '?';
      const page = await get(`${route}${sep}limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`, token);
      expect(page.status).toBe(200);
      expect(Object.keys(page.body.data).filter((k) => k !== 'totals').sort()).toEqual(['items', 'next']);
      expect(page.body.data.items.length).toBeLessThanOrEqual(limit);
      ids.push(...(page.body.data.items as Record<string, string>[]).map((r) => r[key]!));
      if (page.body.data.next === null) break;
      cursor = page.body.data.next as string;
    }
    return ids;
  };
  const listed = async (route: string, token: string, key = '_id') => {
    const answer = await get(route, token);
    expect(answer.status).toBe(200);
    return (answer.body.data as Record<string, string>[]).map((r) => r[key]!);
  };

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'taal-payout-pages-'));
    taal = await startAllInOne({ PORT: '0', DATA_DIR: dataDir, HOST: '127.0.0.1' });
    base = `http://127.0.0.1:${taal.port}`;
    let studentId = '';
    for (const [who, password] of [['admin', 'admin123'], ['student', 'student123'], ['instructor', 'instructor123']] as const) {
      const login = (await post('/user/login/', { email: `${who}@taal.local`, password })).body.data;
      tokens[who] = login.token;
      if (who === 'student') studentId = login.user._id;
    }
    // Three paid course sales (one order from the wallet, the zero-payable path), so the sales lists have pages.
    const courses = ((await get('/course/')).body.data as { _id: string; priceSilver?: { price: number } }[]).filter((c) => (c.priceSilver?.price ?? 0) > 0).slice(0, 3);
    const amount = courses.reduce((n, c) => n + c.priceSilver!.price, 0);
    expect((await post('/wallet/credit', { userId: studentId, kind: 'refund', amount, reference: `pages-${Date.now()}` }, tokens.admin)).status).toBe(200);
    for (const c of courses) expect((await post('/cart/', { user: studentId, course: c._id, tier: 'silver' }, tokens.student)).status).toBeLessThan(300);
    const order = (await post('/order', { userId: studentId, amount: 0 }, tokens.student)).body.data as { _id: string };
    const paid = await post(`/cart/zero-cart/${studentId}/${order._id}`, { total_amount: 0, discount_amount: 0, cart: { id: studentId }, value_c: order._id }, tokens.student);
    expect(paid.status).toBeLessThan(300);
    await waitFor(async () => ((await get('/analytics/courses', tokens.admin)).body.data as { saleCount: number }[]).reduce((n, c) => n + c.saleCount, 0) >= 3, 'the sales recorded');
  }, 180_000);

  afterAll(async () => {
    await taal?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('pages the course totals, each instructor’s sales and settlements, and each course’s sales as the bounded lists list them', async () => {
    const courses = await listed('/analytics/courses', tokens.admin, 'courseId');
    expect(await readAll('/analytics/courses/page', tokens.admin, 1, 'courseId')).toEqual(courses);
    let sales = 0;
    for (const id of await listed('/instructor/admin/instructorlist', tokens.admin)) {
      const all = await listed(`/analytics/instructor/${id}/${range()}`, tokens.admin);
      sales += all.length;
      expect(await readAll(`/analytics/instructor/${id}/${range()}/page`, tokens.admin, 2)).toEqual(all);
      expect(await readAll(`/instructor/settlement/${id}/page`, tokens.admin, 2)).toEqual(await listed(`/instructor/settlement/${id}`, tokens.admin));
    }
    expect(sales).toBeGreaterThanOrEqual(3);
    // The instructor's page carries the whole range's totals (kept figures): every page's sales.
    for (const id of await listed('/instructor/admin/instructorlist', tokens.admin)) {
      const page = (await get(`/analytics/instructor/${id}/${range()}/page?limit=1`, tokens.admin)).body.data as { totals: { saleCount: number } };
      expect(page.totals.saleCount).toBe((await listed(`/analytics/instructor/${id}/${range()}`, tokens.admin)).length);
    }
    for (const id of courses.slice(0, 5)) {
      expect(await readAll(`/analytics/course/${id}/${range()}/page`, tokens.admin, 2)).toEqual(await listed(`/analytics/course/${id}/${range()}`, tokens.admin));
    }
  });

  it('pages the gift cards, the store orders and the certificate requests', async () => {
    expect(await readAll('/store/gift-card/page', tokens.admin)).toEqual(await listed('/store/gift-card/', tokens.admin));
    expect(await readAll('/store/order/page', tokens.admin)).toEqual(await listed('/store/order/', tokens.admin));
    const work = (await get('/user/certificatelist/work', tokens.admin)).body.data as { certificates: { _id: string; provided: boolean }[]; total: number };
    const pending = await readAll('/user/certificatelist/page', tokens.admin);
    const provided = await readAll('/user/certificatelist/page?status=provided', tokens.admin);
    expect(work.certificates.map((c) => c._id)).toEqual([...pending, ...provided].slice(0, 20));
    expect(work.total).toBe(pending.length + provided.length);
  });

  it('refuses the back office’s pages to a student and another instructor’s sales to an instructor', async () => {
    for (const route of ['/analytics/courses/page', '/store/gift-card/page', '/store/order/page', '/user/certificatelist/page']) {
      expect({ route, status: (await get(route, tokens.student)).status }).toEqual({ route, status: 403 });
    }
    // The demo instructor's own profile answers; every other instructor's is refused.
    const statuses: number[] = [];
    for (const id of await listed('/instructor/admin/instructorlist', tokens.admin)) {
      const sales = (await get(`/analytics/instructor/${id}/${range()}/page`, tokens.instructor)).status;
      const settlements = (await get(`/instructor/settlement/${id}/page`, tokens.instructor)).status;
      expect(settlements).toBe(sales);
      statuses.push(sales);
    }
    expect(statuses.filter((s) => s === 403).length).toBeGreaterThanOrEqual(statuses.length - 1);
    expect(statuses.filter((s) => s === 403).length).toBeGreaterThan(0);
  });

  it.each(['/analytics/courses/page', 'SALES', 'SETTLEMENTS', '/store/gift-card/page', '/store/order/page', '/user/certificatelist/page'])(
    'refuses an edited cursor and a page size out of range on %s',
    async (route) => {
      const id = (await listed('/instructor/admin/instructorlist', tokens.admin))[0]!;
      const path = route === 'SALES' ? `/analytics/instructor/${id}/${range()}/page` : route === 'SETTLEMENTS' ? `/instructor/settlement/${id}/page` : route;
      const forged = Buffer.from(JSON.stringify(['gift-cards', '2026-01-01 00:00:00+00', 'x', 'aaaaaaaaaa'])).toString('base64url');
      for (const [query, reason] of [
        [`cursor=${forged}`, 'INVALID_CURSOR'],
        ['cursor=not*base64', 'INVALID_CURSOR'],
        ['limit=0', 'INVALID_PAGE_SIZE'],
        ['limit=101', 'INVALID_PAGE_SIZE'],
      ] as const) {
        const answer = await get(`${path}?${query}`, tokens.admin);
        expect({ query, status: answer.status, reason: answer.body.reason }).toEqual({ query, status: 400, reason });
      }
    },
  );
});
