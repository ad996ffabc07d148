/** The back office's orders: the last 30 days' and a date range's, with their buyers, and the orders held for risk review. */
import { z } from 'zod';
import { addDays, todayInDhaka, type commerceV1, type identityV1 } from '@taal/contracts';
import { apiDay, collectPages, linkHeader, linkNext, pageOf, pageQuery, pageRequest } from '@taal/edge';
import { answer, badDayRange, dayRangeOf, dayRangeParams, done, fail, listOf, callerOf, type AuthenticatedCaller, refusal, ok, defineRoute, type RouteSpec, type ServiceApi, usersById } from '@taal/edge';
import { forCaller, uuid, OrderSchema, toOrder, guards, type CommerceRouteDeps } from './shape';

const AdminOrderSchema = OrderSchema.extend({
  userName: z.string(),
  userEmail: z.string(),
}).meta({ id: 'AdminOrder' });

/** Orders with their buyers' names and e-mails (one GetUsers call to identity, with the admin's own token). */
async function withBuyers(identity: ServiceApi<identityV1.IdentityServiceServer>, caller: AuthenticatedCaller, orders: commerceV1.Order[]) {
  const buyers = await usersById(identity, caller, orders.map((o) => o.userId));
  return orders.map((o) => ({
    ...toOrder(o),
    userName: buyers.get(o.userId)?.name ?? '',
    userEmail: buyers.get(o.userId)?.email ?? '',
  }));
}

/** The back office's default range: from 30 days ago to today (Bangladesh days, as the date-range filter counts them). */
function last30Days(): { fromDay: string; toDay: string } {
  const today = todayInDhaka();
  return { fromDay: addDays(today, -30), toDay: today };
}

/**
 * The spec's "all" order lists answer at most this many orders, newest first (decision 0074); a Link header names GET order/page for the rest.
 * 80 orders of three courses with their buyers at their widest stay under the 256 KB (decision 0089).
 */
export const ORDER_LIST_BOUND = 80;

const OrderDaySchema = z.object({ day: z.string().meta({ description: 'A Bangladesh day, YYYY-MM-DD' }), total: z.int().min(0), paid: z.int().min(0) }).meta({ id: 'OrderDayCount' });
const OrderSummarySchema = z.object({
  total: z.int(),
  paid: z.int(),
  unpaid: z.int(),
  received: z.int().meta({ description: 'The paid orders’ totals net of vouchers, wallet money included (poisha)' }),
  days: z.array(OrderDaySchema).meta({ description: 'With perDay=true and a range: the orders (paid=true: the paid ones) of each Bangladesh day of the range that has any, oldest first, and how many of them are paid; kept counts (decision 0089). Otherwise empty' }),
});

export function adminOrderRoutes({ commerce, cards, identity, tokens }: CommerceRouteDeps): RouteSpec[] {
  const { admin } = guards(tokens);
  /** Up to ORDER_LIST_BOUND orders of a range with their buyers, a page at a time, and the Link to the rest. */
  const boundedOrders = async (res: Parameters<typeof callerOf>[0], days: { fromDay: string; toDay: string }, paidOnly: boolean) => {
    const caller = callerOf(res);
    const { items, next } = await collectPages(ORDER_LIST_BOUND, async (cursor, limit) => {
      const page = await commerce.listAllOrders(forCaller(caller), { ...days, paidOnly, cursor, limit, withSummary: false, withDays: false });
      return { items: page.orders, next: page.next };
    });
    linkNext(res, '/api/v1/order/page', { from: days.fromDay, to: days.toDay, ...(paidOnly ? { paid: 'true' } : {}) }, next);
    return withBuyers(identity, caller, items);
  };
  const bound = `at most ${ORDER_LIST_BOUND} (the rest through GET order/page, named by the Link header)`;
  return [
    // ---- Back office: orders (declared before order/{userId} so `list`, `page` and `held` are never read as ids) ----
    defineRoute({
      method: 'get',
      path: '/order/page',
      summary:
        'A page of orders with their buyers, newest first (decision 0074), in a range of Bangladesh days (from and to, inclusive; none: every day), all or paid only, with the range’s kept counts (and, with perDay=true, each day’s); next: the following page’s cursor, null on the last',
      auth: admin,
      query: {
        from: { schema: apiDay(), description: 'First day (inclusive): YYYY-MM-DD or day-month-year; with to', invalid: () => refusal('INVALID_DATE_RANGE') },
        to: { schema: apiDay(), description: 'Last day (inclusive), not before from; with from', invalid: () => refusal('INVALID_DATE_RANGE') },
        paid: { schema: z.enum(['true', 'false']), description: 'true: paid orders only (default false)' },
        perDay: { schema: z.enum(['true', 'false']), description: 'true: the summary also counts each day of the range (summary.days; with from and to)' },
        ...pageQuery,
      },
      responses: { 200: answer(pageOf(AdminOrderSchema, { summary: OrderSummarySchema })), 400: fail('INVALID_DATE_RANGE, INVALID_CURSOR or INVALID_PAGE_SIZE') },
      handler: async ({ req, res }) => {
        const q = (name: string) => (typeof req.query[name] === 'string' ? (req.query[name] as string) : '');
        const days = q('from') || q('to') ? dayRangeOf((name) => q(name === 'startDate' ? 'from' : 'to')) : { fromDay: '', toDay: '' };
        const caller = callerOf(res);
        const page = await commerce.listAllOrders(forCaller(caller), { ...days, paidOnly: q('paid') === 'true', ...pageRequest(req), withSummary: true, withDays: q('perDay') === 'true' });
        const perDay = page.days.map((d) => ({ day: d.day, total: d.total, paid: d.paid }));
        const summary = { total: page.totalCount, paid: page.paidCount, unpaid: page.totalCount - page.paidCount, received: page.paidAmount, days: perDay };
        res.json(ok({ items: await withBuyers(identity, caller, page.orders), next: page.next || null, summary }));
      },
    }),
    defineRoute({
      method: 'get',
      path: '/order/list',
      summary: `Orders of the last 30 days with their buyers, newest first (back office): ${bound}`,
      auth: admin,
      responses: { 200: { ...answer(listOf(AdminOrderSchema)), headers: linkHeader } },
      handler: async ({ res }) => {
        res.json(ok(await boundedOrders(res, last30Days(), false)));
      },
    }),
    ...(['orders', 'paid-orders'] as const).map((kind) =>
      defineRoute({
        method: 'get',
        path: `/analytics/${kind}/{startDate}/{endDate}`,
        summary: `${kind === 'orders' ? 'Orders' : 'Paid orders'} created from startDate to endDate (Bangladesh days, inclusive), newest first, with their buyers: ${bound}`,
        auth: admin,
        params: dayRangeParams,
        responses: { 200: { ...answer(listOf(AdminOrderSchema), 'The list is in data'), headers: linkHeader }, ...badDayRange },
        handler: async ({ res, param }) => {
          res.json(ok(await boundedOrders(res, dayRangeOf(param), kind === 'paid-orders')));
        },
      }),
    ),
    defineRoute({
      method: 'get',
      path: '/order/held',
      summary: 'Orders whose card payment came with risk_level 1, waiting for release or refusal (back office)',
      auth: admin,
      responses: { 200: answer(listOf(AdminOrderSchema)) },
      handler: async ({ res }) => {
        const caller = callerOf(res);
        const orders = await cards.listHeld(forCaller(caller));
        res.json(ok(await withBuyers(identity, caller, orders)));
      },
    }),
    ...(['release', 'refuse'] as const).map((action) =>
      defineRoute({
        method: 'post',
        path: `/order/held/{orderId}/${action}`,
        summary:
          action === 'release'
            ? 'Release a held order: it is paid (or, if it can no longer be paid, the card money goes to the student’s wallet)'
            : 'Refuse a held order: it is cancelled and its wallet reservation given back; the card is refunded through the gateway’s merchant panel',
        auth: admin,
        params: { orderId: { schema: uuid(), description: 'The order id (UUID)', invalid: () => refusal('ORDER_NOT_FOUND') } },
        responses: {
          200: answer(done(OrderSchema)),
          400: fail('The order has no payment held for review (NO_HELD_PAYMENT)'),
          404: fail('Unknown order'),
        },
        handler: async ({ res, param }) => {
          const request = { orderId: param('orderId') };
          const order = action === 'release' ? await cards.release(forCaller(callerOf(res)), request) : await cards.refuse(forCaller(callerOf(res)), request);
          res.json({
            success: true,
            message: action === 'release' ? 'Order released' : 'Order refused',
            data: toOrder(order),
          });
        },
      }),
    ),
  ];
}
