/**
 * The instructors' analytics (back office): each instructor with course count, sales, earnings, product cut
 * and due. A page of instructors is read from the catalogue and only that page's kept totals from payouts
 * (decision 0084), so no answer grows with the instructors; the spec's "every instructor" list is kept up to
 * a bound with a Link header to the paged route.
 */
import { z } from 'zod';
import type { catalogueV1 } from '@taal/contracts';
import {
  answer,
  badPage,
  callerOf,
  collectPages,
  defineRoute,
  linkHeader,
  linkNext,
  listOf,
  ok,
  pageOf,
  pageQuery,
  pageRequest,
  type AuthenticatedCaller,
  type RouteSpec,
  type ServiceApi,
} from '@taal/edge';
import { forCaller, type guards, type PayoutsUseCases } from './shape';

/** GET analytics/secure/instructor answers at most this many instructors (decision 0084). */
export const INSTRUCTOR_ANALYTICS_BOUND = 100;

const InstructorAnalyticsSchema = z
  .object({
    _id: z.string(),
    name: z.string(),
    courseCount: z.number().int(),
    saleCount: z.number().int(),
    createdAt: z.string(),
    receivedAmount: z.number().int(),
    earnings: z.number().int(),
    productCut: z.number().int(),
    settled: z.number().int(),
    due: z.number().int(),
    percentage: z.number().int(),
  })
  .meta({ id: 'InstructorAnalytics' });

type Deps = PayoutsUseCases & {
  catalogue: ServiceApi<catalogueV1.CatalogueServiceServer>;
  admin: ReturnType<typeof guards>['admin'];
};

/** A page of instructors (oldest first, as the catalogue lists them) joined with that page's totals only. */
async function instructorPage({ payouts, catalogue }: Deps, caller: AuthenticatedCaller, cursor: string, limit: number) {
  const page = await catalogue.listInstructorPage({ includeUnpublished: true, cursor, limit }, caller);
  const ids = page.instructors.map((i) => i.id);
  const totals = ids.length ? await payouts.listInstructorTotals(forCaller(caller), ids) : [];
  const byId = new Map(totals.map((t) => [t.instructorId, t]));
  const items = page.instructors.map((i) => {
    const t = byId.get(i.id);
    return {
      _id: i.id,
      name: i.name,
      courseCount: i.courseIds.length,
      saleCount: t?.saleCount ?? 0,
      createdAt: i.createdAt,
      receivedAmount: t?.receivedAmount ?? 0,
      earnings: t?.earnings ?? 0,
      productCut: t?.productCut ?? 0,
      settled: t?.settled ?? 0,
      due: t?.due ?? 0,
      percentage: i.percentage,
    };
  });
  return { items, next: page.next };
}

export function instructorAnalyticsRoutes(deps: Deps): RouteSpec[] {
  return [
    defineRoute({
      method: 'get',
      path: '/analytics/secure/instructor',
      summary: `Every instructor with course count, sale count, join date, earnings, product cut and due (instructor analytics), oldest first: at most ${INSTRUCTOR_ANALYTICS_BOUND} (the rest through GET analytics/secure/instructor/page, named by the Link header)`,
      auth: deps.admin,
      responses: { 200: { ...answer(listOf(InstructorAnalyticsSchema)), headers: linkHeader } },
      handler: async ({ res }) => {
        const caller = callerOf(res);
        const { items, next } = await collectPages(INSTRUCTOR_ANALYTICS_BOUND, (cursor, limit) => instructorPage(deps, caller, cursor, limit));
        linkNext(res, '/api/v1/analytics/secure/instructor/page', {}, next);
        res.json(ok(items));
      },
    }),
    defineRoute({
      method: 'get',
      path: '/analytics/secure/instructor/page',
      summary: "A page of instructors with their course count, sales, earnings, product cut and due, oldest first (decision 0084); next: the following page's cursor, null on the last",
      auth: deps.admin,
      query: pageQuery,
      responses: { 200: answer(pageOf(InstructorAnalyticsSchema)), ...badPage },
      handler: async ({ req, res }) => {
        const { cursor, limit } = pageRequest(req);
        const page = await instructorPage(deps, callerOf(res), cursor, limit);
        res.json(ok({ items: page.items, next: page.next || null }));
      },
    }),
  ];
}

