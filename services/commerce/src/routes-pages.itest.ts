/**
 * Commerce's paged routes (decision 0084) on commerce running alone (issue 52): the student's purchase
 * history and wallet statement answer `{ items, next }` pages (next null on the last); read to the end
 * one row at a time the history gives the same rows as the bounded list; an edited cursor is
 * INVALID_CURSOR, a page size out of 1..100 INVALID_PAGE_SIZE; another user's pages are refused.
 */
import { gatewayApi } from '../../../tools/testing/gateway-api';
import { PAGE_QUERY_REFUSALS, readPagedRoute, refusedPageQueries } from '../../../tools/testing/paged-routes';
import { startServiceAlone, type ServiceAlone } from '../../../tools/testing/service-alone';

describe('commerce’s keyset pages on commerce alone', () => {
  let commerce: ServiceAlone;
  let student: { token: string; id: string };
  let adminToken = '';
  const { get, login } = gatewayApi((p) => commerce.baseFor(p));

  beforeAll(async () => {
    commerce = await startServiceAlone('commerce');
    adminToken = (await login('admin@taal.local', 'admin123')).token;
    student = await login('student@taal.local', 'student123');
  }, 120_000);

  afterAll(async () => {
    await commerce?.stop();
  });

  it('pages the student’s purchase history and wallet statement', async () => {
    const orders = (await get(`/order/${student.id}`, student.token)).body.data as { _id: string }[];
    expect((await readPagedRoute(get, `/order/${student.id}/page`, student.token)).ids).toEqual(orders.map((o) => o._id));
    const statement = await get(`/wallet/${student.id}/statement`, student.token);
    expect(statement.status).toBe(200);
    expect(Object.keys(statement.body.data).sort()).toEqual(['balance', 'items', 'next']);
    expect((await get(`/order/${student.id}/page`, adminToken)).status).toBe(403);
  });

  it.each(['orders', 'statement'])('refuses an edited cursor and a page size out of range on the student’s %s', async (list) => {
    const route = list === 'orders' ? `/order/${student.id}/page` : `/wallet/${student.id}/statement`;
    expect(await refusedPageQueries(get, route, student.token)).toEqual(PAGE_QUERY_REFUSALS);
  });
});
