/**
 * The store's paged routes (decision 0084) on the store running alone (issue 52), with commerce and a
 * card sandbox beside it for a paid order: the back office's gift cards and store orders answer `{ items, next }` pages (next null on the last); read to the
 * end they give the same rows as the bounded spec lists; an edited cursor is INVALID_CURSOR, a page
 * size out of 1..100 INVALID_PAGE_SIZE; both are refused to a student.
 */
import { gatewayApi } from '../../../tools/testing/gateway-api';
import { listedIds, PAGE_QUERY_REFUSALS, readPagedRoute, refusedPageQueries } from '../../../tools/testing/paged-routes';
import { startServiceAlone, type ServiceAlone } from '../../../tools/testing/service-alone';
import { waitFor } from '../../../tools/testing/wait';

describe('the store’s keyset pages on the store alone', () => {
  let store: ServiceAlone;
  const tokens = { admin: '', student: '' };
  const { get, post, login } = gatewayApi((p) => store.baseFor(p));
  const listed = (route: string) => listedIds(get, route, tokens.admin);

  beforeAll(async () => {
    store = await startServiceAlone('store', { also: ['commerce'], cardPayments: true });
    tokens.admin = (await login('admin@taal.local', 'admin123')).token;
    const student = await login('student@taal.local', 'student123');
    tokens.student = student.token;
    // Rows to page: two orders left unpaid, and one paid for three cards (three gift cards).
    const card = (await get('/store/product/gift-card-500')).body.data as { _id: string; price: number };
    const order = (quantity: number) => post('/store/order/', { userId: student.id, product: card._id, quantity, totalPrice: card.price * quantity, forMyself: true, userPhone: '01712345678' }, student.token);
    for (let i = 0; i < 2; i++) expect((await order(1)).status).toBe(201);
    const paid = (await order(3)).body.data as { _id: string };
    const session = await post('/store/payment/ssl/', { amount: (card.price * 3) / 100, name: 'Student', phone: '01712345678', email: 'student@taal.local', product_name: 'Gift', currency: 'BDT', cus_order_id: paid._id }, student.token);
    expect(session.status).toBe(200);
    expect((await store.payByCard(session.body.data.GatewayPageURL as string)).status).toBe(303);
    await waitFor(async () => (await listed('/store/gift-card/')).length === 3, 'the three gift cards');
  }, 120_000);

  afterAll(async () => {
    await store?.stop();
  });

  it('pages the gift cards and the store orders as the bounded lists list them, for the back office only', async () => {
    const cards = await readPagedRoute(get, '/store/gift-card/page', tokens.admin);
    expect([cards.ids, cards.pages]).toEqual([await listed('/store/gift-card/'), 3]);
    const orders = await readPagedRoute(get, '/store/order/page', tokens.admin);
    expect([orders.ids, orders.pages]).toEqual([await listed('/store/order/'), 3]);
    for (const route of ['/store/gift-card/page', '/store/order/page']) {
      expect({ route, status: (await get(route, tokens.student)).status }).toEqual({ route, status: 403 });
    }
  });

  it.each(['/store/gift-card/page', '/store/order/page'])('refuses an edited cursor and a page size out of range on %s', async (route) => {
    expect(await refusedPageQueries(get, route, tokens.admin)).toEqual(PAGE_QUERY_REFUSALS);
  });
});
