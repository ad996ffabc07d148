/**
 * The store's paged routes (decision 0084) on the store running alone (issue 52): the back office's
 * gift cards and store orders answer `{ items, next }` pages (next null on the last); read to the
 * end they give the same rows as the bounded spec lists; an edited cursor is INVALID_CURSOR, a page
 * size out of 1..100 INVALID_PAGE_SIZE; both are refused to a student.
 */
import { gatewayApi } from '../../../tools/testing/gateway-api';
import { listedIds, PAGE_QUERY_REFUSALS, readPagedRoute, refusedPageQueries } from '../../../tools/testing/paged-routes';
import { startServiceAlone, type ServiceAlone } from '../../../tools/testing/service-alone';

describe('the store’s keyset pages on the store alone', () => {
  let store: ServiceAlone;
  const tokens = { admin: '', student: '' };
  const { get, login } = gatewayApi((p) => store.baseFor(p));
  const listed = (route: string) => listedIds(get, route, tokens.admin);

  beforeAll(async () => {
    store = await startServiceAlone('store');
    tokens.admin = (await login('admin@taal.local', 'admin123')).token;
    tokens.student = (await login('student@taal.local', 'student123')).token;
  }, 120_000);

  afterAll(async () => {
    await store?.stop();
  });

  it('pages the gift cards and the store orders as the bounded lists list them, for the back office only', async () => {
    expect((await readPagedRoute(get, '/store/gift-card/page', tokens.admin)).ids).toEqual(await listed('/store/gift-card/'));
    expect((await readPagedRoute(get, '/store/order/page', tokens.admin)).ids).toEqual(await listed('/store/order/'));
    for (const route of ['/store/gift-card/page', '/store/order/page']) {
      expect({ route, status: (await get(route, tokens.student)).status }).toEqual({ route, status: 403 });
    }
  });

  it.each(['/store/gift-card/page', '/store/order/page'])('refuses an edited cursor and a page size out of range on %s', async (route) => {
    expect(await refusedPageQueries(get, route, tokens.admin)).toEqual(PAGE_QUERY_REFUSALS);
  });
});
