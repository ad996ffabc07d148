/**
 * Payouts' paged routes (decision 0084) on payouts running alone (issue 52), with commerce and the
 * catalogue beside it where the sales come from: the course totals, each instructor's sales in a
 * range and settlements, each course's sales, and the instructors' analytics answer `{ items, next }`
 * pages (next null on the last); read to the end they give the same rows as the bounded spec lists;
 * an edited cursor is INVALID_CURSOR, a page size out of 1..100 INVALID_PAGE_SIZE; the back office's
 * pages are refused to a student, another instructor's sales to an instructor.
 */
import { dayMonthYear, dhakaDay } from '@taal/contracts';
import { gatewayApi } from '../../../tools/testing/gateway-api';
import { listedIds, PAGE_QUERY_REFUSALS, readPagedRoute, refusedPageQueries } from '../../../tools/testing/paged-routes';
import { startServiceAlone, type ServiceAlone } from '../../../tools/testing/service-alone';
import { waitFor } from '../../../tools/testing/wait';

describe('payouts’ keyset pages on payouts alone', () => {
  let payouts: ServiceAlone;
  const tokens = { admin: '', student: '', instructor: '' };
  const { get, post } = gatewayApi((p) => payouts.baseFor(p));
  const range = () => `01-01-2020/${dayMonthYear(dhakaDay(new Date().toISOString()))}`;
  const ids = async (route: string, token: string, limit = 1, key = '_id') => (await readPagedRoute(get, route, token, limit, key)).ids;
  const listed = (route: string, token: string, key = '_id') => listedIds(get, route, token, key);

  beforeAll(async () => {
    payouts = await startServiceAlone('payouts', { also: ['catalogue', 'commerce'] });
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
    await payouts?.stop();
  });

  it('pages the course totals, each instructor’s sales and settlements, and each course’s sales as the bounded lists list them', async () => {
    const courses = await listed('/analytics/courses', tokens.admin, 'courseId');
    expect(await ids('/analytics/courses/page', tokens.admin, 1, 'courseId')).toEqual(courses);
    let sales = 0;
    for (const id of await listed('/instructor/admin/instructorlist', tokens.admin)) {
      const all = await listed(`/analytics/instructor/${id}/${range()}`, tokens.admin);
      sales += all.length;
      expect(await ids(`/analytics/instructor/${id}/${range()}/page`, tokens.admin, 2)).toEqual(all);
      expect(await ids(`/instructor/settlement/${id}/page`, tokens.admin, 2)).toEqual(await listed(`/instructor/settlement/${id}`, tokens.admin));
    }
    expect(sales).toBeGreaterThanOrEqual(3);
    // The instructor's page carries the whole range's totals (kept figures): every page's sales.
    for (const id of await listed('/instructor/admin/instructorlist', tokens.admin)) {
      const page = (await get(`/analytics/instructor/${id}/${range()}/page?limit=1`, tokens.admin)).body.data as { totals: { saleCount: number } };
      expect(page.totals.saleCount).toBe((await listed(`/analytics/instructor/${id}/${range()}`, tokens.admin)).length);
    }
    for (const id of courses.slice(0, 5)) {
      expect(await ids(`/analytics/course/${id}/${range()}/page`, tokens.admin, 2)).toEqual(await listed(`/analytics/course/${id}/${range()}`, tokens.admin));
    }
  });

  it('pages the instructors’ analytics as the bounded list lists them', async () => {
    const instructors = await listed('/instructor/admin/instructorlist', tokens.admin);
    expect(await ids('/analytics/secure/instructor/page', tokens.admin)).toEqual(instructors);
    expect(await listed('/analytics/secure/instructor', tokens.admin)).toEqual(instructors);
    expect((await get('/analytics/secure/instructor/page', tokens.student)).status).toBe(403);
  });

  it('refuses the back office’s pages to a student and another instructor’s sales to an instructor', async () => {
    expect((await get('/analytics/courses/page', tokens.student)).status).toBe(403);
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

  it.each(['/analytics/courses/page', '/analytics/secure/instructor/page', 'SALES', 'SETTLEMENTS'])('refuses an edited cursor and a page size out of range on %s', async (route) => {
    const id = (await listed('/instructor/admin/instructorlist', tokens.admin))[0]!;
    const path = route === 'SALES' ? `/analytics/instructor/${id}/${range()}/page` : route === 'SETTLEMENTS' ? `/instructor/settlement/${id}/page` : route;
    expect(await refusedPageQueries(get, path, tokens.admin)).toEqual(PAGE_QUERY_REFUSALS);
  });
});
