/**
 * Commerce's paged routes (decision 0084) on commerce running alone (issue 52), with the student's
 * three orders and three wallet credits made here: the student's purchase
 * history and wallet statement answer `{ items, next }` pages (next null on the last); read to the end
 * one row at a time the history gives the same rows as the bounded list; an edited cursor is
 * INVALID_CURSOR, a page size out of 1..100 INVALID_PAGE_SIZE; another user's pages are refused.
 */
import { gatewayApi } from '../../../tools/testing/gateway-api';
import { listedIds, PAGE_QUERY_REFUSALS, readPagedRoute, refusedPageQueries } from '../../../tools/testing/paged-routes';
import { startServiceAlone, type ServiceAlone } from '../../../tools/testing/service-alone';

describe('commerce’s keyset pages on commerce alone', () => {
  let commerce: ServiceAlone;
  let student: { token: string; id: string };
  let adminToken = '';
  const { get, post, login } = gatewayApi((p) => commerce.baseFor(p));

  beforeAll(async () => {
    // The catalogue beside it: it prices the courses in a cart.
    commerce = await startServiceAlone('commerce', { also: ['catalogue'] });
    adminToken = (await login('admin@taal.local', 'admin123')).token;
    student = await login('student@taal.local', 'student123');
    // Rows to page: three orders (a course each, free by a voucher) and three wallet credits.
    const courses = ((await get('/course/')).body.data as { _id: string }[]).slice(0, 3);
    const code = `PAGES${Date.now()}`;
    expect((await post('/cart/cupon', { cuponCode: code, discount: 100, useLimit: 3, expireDate: '2999-01-01' }, adminToken)).status).toBe(201);
    for (const course of courses) {
      expect((await post('/cart/', { user: student.id, course: course._id, tier: 'silver' }, student.token)).status).toBe(200);
      const order = (await post('/order', { userId: student.id, amount: 0, cuponCode: code }, student.token)).body.data as { _id: string };
      expect((await post(`/cart/zero-cart/${student.id}/${order._id}`, {}, student.token)).status).toBe(200);
    }
    for (let i = 0; i < 3; i++) {
      expect((await post('/wallet/credit', { userId: student.id, kind: 'refund', amount: 100 * (i + 1), reference: `pages-${i}-${Date.now()}` }, adminToken)).status).toBe(200);
    }
  }, 120_000);

  afterAll(async () => {
    await commerce?.stop();
  });

  it('pages the student’s purchase history and wallet statement', async () => {
    const orders = await readPagedRoute(get, `/order/${student.id}/page`, student.token);
    expect([orders.ids, orders.pages]).toEqual([await listedIds(get, `/order/${student.id}`, student.token), 3]);
    const statement = await get(`/wallet/${student.id}/statement?limit=2`, student.token);
    expect(statement.status).toBe(200);
    expect(Object.keys(statement.body.data).sort()).toEqual(['balance', 'items', 'next']);
    expect([statement.body.data.items.length, typeof statement.body.data.next]).toEqual([2, 'string']);
    expect((await get(`/order/${student.id}/page`, adminToken)).status).toBe(403);
  });

  it.each(['orders', 'statement'])('refuses an edited cursor and a page size out of range on the student’s %s', async (list) => {
    const route = list === 'orders' ? `/order/${student.id}/page` : `/wallet/${student.id}/statement`;
    expect(await refusedPageQueries(get, route, student.token)).toEqual(PAGE_QUERY_REFUSALS);
  });
});
