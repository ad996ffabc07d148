/** The back office's orders: the last 30 days' and a date range's, with their buyers, and the orders held for risk review. */
import { z } from 'zod';
import { addDays, todayInDhaka, type commerceV1, type identityV1 } from '@taal/contracts';
import { answer, badDayRange, dayRangeOf, dayRangeParams, done, fail, listOf, callerOf, type AuthenticatedCaller, refusal, ok, defineRoute, type RouteSpec, type ServiceApi, usersById } from '@taal/edge';
import { uuid, OrderSchema, toOrder, guards, type CommerceRouteDeps } from './shape';

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

export function adminOrderRoutes({ commerce, identity, tokens }: CommerceRouteDeps): RouteSpec[] {
  const { admin } = guards(tokens);
  return [
    // ---- Back office: orders (declared before order/{userId} so `list` and `held` are never read as ids) ----
    defineRoute({
      method: 'get',
      path: '/order/list',
      summary: 'Orders of the last 30 days with their buyers, newest first (back office)',
      auth: admin,
      responses: { 200: answer(listOf(AdminOrderSchema)) },
      handler: async ({ res }) => {
        const caller = callerOf(res);
        const { orders } = await commerce.listAllOrders({ ...last30Days(), paidOnly: false }, caller);
        res.json(ok(await withBuyers(identity, caller, orders)));
      },
    }),
    ...(['orders', 'paid-orders'] as const).map((kind) =>
      defineRoute({
        method: 'get',
        path: `/analytics/${kind}/{startDate}/{endDate}`,
        summary: `${kind === 'orders' ? 'Orders' : 'Paid orders'} created from startDate to endDate (Bangladesh days, inclusive), newest first, with their buyers`,
        auth: admin,
        params: dayRangeParams,
        responses: { 200: answer(listOf(AdminOrderSchema), 'The list is in data'), ...badDayRange },
        handler: async ({ res, param }) => {
          const caller = callerOf(res);
          const { orders } = await commerce.listAllOrders({ ...dayRangeOf(param), paidOnly: kind === 'paid-orders' }, caller);
          res.json(ok(await withBuyers(identity, caller, orders)));
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
        const { orders } = await commerce.listHeldOrders({}, caller);
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
          const { order } =
            action === 'release'
              ? await commerce.releaseHeldOrder(request, callerOf(res))
              : await commerce.refuseHeldOrder(request, callerOf(res));
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
