/**
 * Payouts' long lists a keyset page at a time (issue 51, decision 0084, second part): an instructor's sales
 * and a course's sales in a range (newest first by paid time), every course's kept totals (highest received
 * first) and an instructor's settlements (newest first). Each spec route keeps its shape up to a bound of
 * 100 with a Link header to its paged route; the screens read the paged routes.
 */
import { z } from 'zod';
import type { identityV1 } from '@taal/contracts';
import {
  answer,
  badDayRange,
  badPage,
  callerOf,
  collectPages,
  dayRangeOf,
  dayRangeParams,
  defineRoute,
  fail,
  linkHeader,
  linkNext,
  listOf,
  ok,
  pageOf,
  pageQuery,
  pageRequest,
  refusal,
  UserRoles,
  usersById,
  type AuthenticatedCaller,
  type RouteSpec,
  type ServiceApi,
} from '@taal/edge';
import { SettlementSchema, toSettlement } from './settlements';
import { CourseSaleSchema, CourseTotalsSchema, dhaka, dmy, forCaller, guards, idSchema, instructorParam, InstructorSaleSchema, notYours, toCourseTotals, toSale, type PayoutRouteDeps } from './shape';

/** The spec's lists (an instructor's or a course's sales, the course totals, the settlements) answer at most this many rows (decision 0084). */
export const PAYOUT_LIST_BOUND = 100;

const RangeTotalsSchema = z
  .object({
    saleCount: z.number().int(),
    receivedAmount: z.number().int().meta({ description: 'Poisha, after the gateway cut' }),
    earnings: z.number().int().meta({ description: 'The instructor’s earnings, poisha' }),
  })
  .meta({ id: 'SaleRangeTotals', description: 'The whole range’s sales (every page), from the kept per-day figures' });

const courseParam = { id: { schema: idSchema(), description: 'The course id', invalid: () => refusal('COURSE_NOT_FOUND') } };
const pathOf = (param: (name: string) => string, ...names: string[]) => names.map((n) => encodeURIComponent(param(n))).join('/');

/** Buyers' e-mail addresses for the admin's course records (identity tells an admin about anyone). */
async function buyersFor(identity: ServiceApi<identityV1.IdentityServiceServer>, caller: AuthenticatedCaller, ids: string[]) {
  if (caller.userType !== UserRoles.admin) return new Map<string, { name: string; email: string }>();
  return usersById(identity, caller, [...new Set(ids)]);
}

export function salesPageRoutes({ payouts, identity, tokens }: PayoutRouteDeps): RouteSpec[] {
  const { admin, own } = guards(tokens);
  const instructorSales = (caller: AuthenticatedCaller, param: (name: string) => string) => async (cursor: string, limit: number) => {
    const page = await payouts.listSales(forCaller(caller), { instructorId: param('id'), ...dayRangeOf(param), courseId: '', cursor, limit });
    const t = page.rangeTotals;
    return { items: page.sales.map(toSale), next: page.next, totals: { saleCount: t?.saleCount ?? 0, receivedAmount: t?.receivedAmount ?? 0, earnings: t?.earnings ?? 0 } };
  };
  const courseSales = (caller: AuthenticatedCaller, param: (name: string) => string) => async (cursor: string, limit: number) => {
    const { sales, next } = await payouts.listSales(forCaller(caller), { courseId: param('id'), ...dayRangeOf(param), instructorId: '', cursor, limit });
    const buyers = await buyersFor(identity, caller, sales.map((s) => s.userId));
    const items: z.output<typeof CourseSaleSchema>[] = sales.map((s) => ({
      _id: s.id,
      orderId: s.orderId,
      coursePrice: s.coursePrice,
      receivedAmount: s.receivedAmount,
      coupon: { code: s.voucherCode, discount: s.voucherPercent },
      user: s.userId,
      user_name: s.userName || buyers.get(s.userId)?.name || '',
      email: buyers.get(s.userId)?.email ?? '',
      date: dmy(dhaka(s.paidAt)),
    }));
    return { items, next };
  };
  const courseTotals = (caller: AuthenticatedCaller) => async (cursor: string, limit: number) => {
    const page = await payouts.courseTotalsOf(forCaller(caller), '', { cursor, limit });
    return { items: page.courses.map(toCourseTotals), next: page.next };
  };
  const settlements = (caller: AuthenticatedCaller, id: string) => async (cursor: string, limit: number) => {
    const page = await payouts.listSettlements(forCaller(caller), { instructorId: id, cursor, limit });
    return { items: page.settlements.map(toSettlement), next: page.next };
  };
  const paged = (read: (cursor: string, limit: number) => Promise<{ items: unknown[]; next: string }>, req: import('express').Request) => {
    const { cursor, limit } = pageRequest(req);
    return read(cursor, limit).then((p) => ok({ items: p.items, next: p.next || null }));
  };

  return [
    defineRoute({
      method: 'get',
      path: '/analytics/instructor/{id}/{startDate}/{endDate}',
      summary: `An instructor’s sale records in a range (by paid day), newest first; amounts after the 2.5% gateway cut from 22-5-2022: at most ${PAYOUT_LIST_BOUND} (the rest through …/page, named by the Link header)`,
      auth: own,
      params: { ...instructorParam, ...dayRangeParams },
      responses: { 200: { ...answer(listOf(InstructorSaleSchema), 'The list is in data'), headers: linkHeader }, ...badDayRange, ...notYours, 404: fail('Not an instructor id') },
      handler: async ({ res, param }) => {
        const { items, next } = await collectPages(PAYOUT_LIST_BOUND, instructorSales(callerOf(res), param));
        linkNext(res, `/api/v1/analytics/instructor/${pathOf(param, 'id', 'startDate', 'endDate')}/page`, {}, next);
        res.json(ok(items));
      },
    }),
    defineRoute({
      method: 'get',
      path: '/analytics/instructor/{id}/{startDate}/{endDate}/page',
      summary:
        "A page of an instructor’s sale records in a range, newest first by paid time (decision 0084); next: the following page's cursor, null on the last; totals: the whole range's sales, received amount and earnings (kept figures)",
      auth: own,
      params: { ...instructorParam, ...dayRangeParams },
      query: pageQuery,
      responses: { 200: answer(pageOf(InstructorSaleSchema, { totals: RangeTotalsSchema })), ...badPage, ...notYours, 404: fail('Not an instructor id') },
      handler: async ({ req, res, param }) => {
        const { cursor, limit } = pageRequest(req);
        const page = await instructorSales(callerOf(res), param)(cursor, limit);
        res.json(ok({ items: page.items, next: page.next || null, totals: page.totals }));
      },
    }),
    defineRoute({
      method: 'get',
      path: '/analytics/course/{id}/{startDate}/{endDate}',
      summary: `A course’s orders in a range (course analytics records with coupon and buyer), newest first: at most ${PAYOUT_LIST_BOUND} (the rest through …/page, named by the Link header)`,
      auth: admin,
      params: { ...courseParam, ...dayRangeParams },
      responses: { 200: { ...answer(listOf(CourseSaleSchema), 'The list is in data'), headers: linkHeader }, ...badDayRange, 404: fail('Not a course id') },
      handler: async ({ res, param }) => {
        const { items, next } = await collectPages(PAYOUT_LIST_BOUND, courseSales(callerOf(res), param));
        linkNext(res, `/api/v1/analytics/course/${pathOf(param, 'id', 'startDate', 'endDate')}/page`, {}, next);
        res.json(ok(items));
      },
    }),
    defineRoute({
      method: 'get',
      path: '/analytics/course/{id}/{startDate}/{endDate}/page',
      summary: "A page of a course’s orders in a range with coupon and buyer, newest first by paid time (decision 0084); next: the following page's cursor, null on the last",
      auth: admin,
      params: { ...courseParam, ...dayRangeParams },
      query: pageQuery,
      responses: { 200: answer(pageOf(CourseSaleSchema)), ...badPage, 404: fail('Not a course id') },
      handler: async ({ req, res, param }) => {
        res.json(await paged(courseSales(callerOf(res), param), req));
      },
    }),
    defineRoute({
      method: 'get',
      path: '/analytics/courses',
      summary: `Sales per course (course analytics list): sale count, received amount, earnings and product cut, highest received first: at most ${PAYOUT_LIST_BOUND} (the rest through GET analytics/courses/page, named by the Link header)`,
      auth: admin,
      responses: { 200: { ...answer(listOf(CourseTotalsSchema)), headers: linkHeader } },
      handler: async ({ res }) => {
        const { items, next } = await collectPages(PAYOUT_LIST_BOUND, courseTotals(callerOf(res)));
        linkNext(res, '/api/v1/analytics/courses/page', {}, next);
        res.json(ok(items));
      },
    }),
    defineRoute({
      method: 'get',
      path: '/analytics/courses/page',
      summary: "A page of the sales per course (kept totals), highest received amount first, then by course id (decision 0084); next: the following page's cursor, null on the last",
      auth: admin,
      query: pageQuery,
      responses: { 200: answer(pageOf(CourseTotalsSchema)), ...badPage },
      handler: async ({ req, res }) => {
        res.json(await paged(courseTotals(callerOf(res)), req));
      },
    }),
    defineRoute({
      method: 'get',
      path: '/instructor/settlement/{id}',
      summary: `An instructor’s settlements, newest first (Settled / Not Settled, receipt path): at most ${PAYOUT_LIST_BOUND} (the rest through GET instructor/settlement/{id}/page, named by the Link header)`,
      auth: own,
      params: instructorParam,
      responses: { 200: { ...answer(listOf(SettlementSchema)), headers: linkHeader }, ...notYours, 404: fail('Not an instructor id') },
      handler: async ({ res, param }) => {
        const { items, next } = await collectPages(PAYOUT_LIST_BOUND, settlements(callerOf(res), param('id')));
        linkNext(res, `/api/v1/instructor/settlement/${pathOf(param, 'id')}/page`, {}, next);
        res.json(ok(items));
      },
    }),
    defineRoute({
      method: 'get',
      path: '/instructor/settlement/{id}/page',
      summary: "A page of an instructor’s settlements, newest first (decision 0084); next: the following page's cursor, null on the last",
      auth: own,
      params: instructorParam,
      query: pageQuery,
      responses: { 200: answer(pageOf(SettlementSchema)), ...badPage, ...notYours, 404: fail('Not an instructor id') },
      handler: async ({ req, res, param }) => {
        res.json(await paged(settlements(callerOf(res), param('id')), req));
      },
    }),
  ];
}
