/** The back office's sales analytics: totals, social counters, the sales summary, an instructor's and a course's sales, and the instructors' own. */
import { z } from 'zod';
import { type payoutsV1, type identityV1 } from '@taal/contracts';
import { answer, badDayRange, dayRangeOf, dayRangeParams, done, envelope, fail, listOf, callerOf, UserRoles, type AuthenticatedCaller, refusal, ok, defineRoute, type RouteSpec, type ServiceApi, usersById } from '@taal/edge';
import { instructorAnalyticsRoutes } from './instructor-analytics';
import { type PayoutRouteDeps, dmy, idSchema, instructorParam, CourseTotalsSchema, InstructorSaleSchema, CourseSaleSchema, toSale, dhaka, toCourseTotals, guards, notYours } from './shape';

const SOCIAL_KEYS = [
  'facebookLikes', 'facebookFollowers', 'facebookPosts', 'facebookGroup', 'instagramFollowers', 'instagramPosts',
  'twitterFollowers', 'twitterPosts', 'linkedinFollowers', 'linkedinPosts', 'youtubeSubscribers', 'youtubeVideos', 'youtubeViews',
] as const;
const count = () => z.number().int().min(0).max(1_000_000_000_000);
const SocialInput = z.object(Object.fromEntries(SOCIAL_KEYS.map((k) => [k, count().optional()])) as Record<(typeof SOCIAL_KEYS)[number], z.ZodOptional<z.ZodNumber>>).strict();
const SocialSchema = z
  .object({ ...(Object.fromEntries(SOCIAL_KEYS.map((k) => [k, z.number().int()])) as Record<(typeof SOCIAL_KEYS)[number], z.ZodNumber>), updatedAt: z.string() })
  .meta({ id: 'SocialFigures' });
const CountersSchema = z
  .object({ user: z.number().int(), instructor: z.number().int(), course: z.number().int(), social: SocialSchema })
  .meta({ id: 'AnalyticsCounters' });
const SalesSummarySchema = z
  .object({
    saleCount: z.number().int(),
    orderCount: z.number().int(),
    amountPaid: z.number().int(),
    gatewayCut: z.number().int(),
    receivedAmount: z.number().int(),
    earnings: z.number().int(),
    productCut: z.number().int(),
  })
  .meta({ id: 'SalesSummary' });


/** Buyers' e-mail addresses for the admin's course records (identity tells an admin about anyone). */
async function buyersFor(identity: ServiceApi<identityV1.IdentityServiceServer>, caller: AuthenticatedCaller, ids: string[]) {
  if (caller.userType !== UserRoles.admin) return new Map<string, { name: string; email: string }>();
  return usersById(identity, caller, ids);
}

export function analyticsRoutes({ payouts, identity, tokens, catalogue }: PayoutRouteDeps): RouteSpec[] {
  const { admin, own } = guards(tokens);

  return [
    // ---- Analytics (back office) ----
    defineRoute({
      method: 'get',
      path: '/analytics/',
      summary: 'Counters: users, instructors and courses, with the social figures an admin entered',
      auth: admin,
      responses: { 200: answer(envelope(CountersSchema)) },
      handler: async ({ res }) => {
        const caller = callerOf(res);
        // Kept counts (decision 0083): a few rows read in each service, whatever their size.
        const [users, figures, social] = await Promise.all([
          identity.userAnalytics({ startDate: '01-01-2000', endDate: dmy(dhaka(new Date().toISOString())) }, caller),
          catalogue.getCourseFigures({}, caller),
          payouts.getSocialFigures({}, caller),
        ]);
        res.json(ok({ user: users.total, instructor: figures.instructors, course: figures.allCourses, social: social.figures! }));
      },
    }),
    defineRoute({
      method: 'get',
      path: '/analytics/social-analytics',
      summary: 'The social figures (Facebook, Instagram, Twitter, LinkedIn, YouTube) as an admin last entered them (decision 0021)',
      auth: admin,
      responses: { 200: answer(envelope(SocialSchema)) },
      handler: async ({ res }) => {
        res.json(ok((await payouts.getSocialFigures({}, callerOf(res))).figures!));
      },
    }),
    defineRoute({
      method: 'post',
      path: '/analytics/social-analytics',
      summary: 'Enter the social figures (whole numbers; omitted ones become 0)',
      auth: admin,
      body: { schema: SocialInput, headline: 'INVALID_VALUE' },
      responses: { 200: answer(done(SocialSchema)), 400: fail('A figure is not a non-negative whole number') },
      handler: async ({ res, body }) => {
        const { figures } = await payouts.setSocialFigures({ figures: { ...body, updatedAt: '' } as payoutsV1.SocialFigures }, callerOf(res));
        res.json({ success: true, message: 'Social figures saved', data: figures! });
      },
    }),
    defineRoute({
      method: 'get',
      path: '/analytics/sales-summary/{startDate}/{endDate}',
      summary: 'Sales of paid orders in a range: orders, course sales, amounts paid and received (after the 2.5% cut), earnings and product cut',
      auth: admin,
      params: dayRangeParams,
      responses: { 200: answer(envelope(SalesSummarySchema)), ...badDayRange },
      handler: async ({ res, param }) => {
        res.json(ok(await payouts.salesSummary(dayRangeOf(param), callerOf(res))));
      },
    }),
    // The instructors' analytics, a page of instructors at a time with their kept totals (decision 0084).
    ...instructorAnalyticsRoutes({ payouts, catalogue, admin }),
    defineRoute({
      method: 'get',
      path: '/analytics/instructor/{id}/{startDate}/{endDate}',
      summary: 'An instructor’s sale records in a range (by paid day), newest first; amounts after the 2.5% gateway cut from 22-5-2022',
      auth: own,
      params: { ...instructorParam, ...dayRangeParams },
      responses: { 200: answer(listOf(InstructorSaleSchema), 'The list is in data'), ...badDayRange, ...notYours, 404: fail('Not an instructor id') },
      handler: async ({ res, param }) => {
        const caller = callerOf(res);
        const { sales } = await payouts.listSales({ instructorId: param('id'), ...dayRangeOf(param) }, caller);
        res.json(ok(sales.map(toSale)));
      },
    }),
    defineRoute({
      method: 'get',
      path: '/analytics/course/{id}/{startDate}/{endDate}',
      summary: 'A course’s orders in a range (course analytics records with coupon and buyer)',
      auth: admin,
      params: { id: { schema: idSchema(), description: 'The course id', invalid: () => refusal('COURSE_NOT_FOUND') }, ...dayRangeParams },
      responses: { 200: answer(listOf(CourseSaleSchema), 'The list is in data'), ...badDayRange, 404: fail('Not a course id') },
      handler: async ({ res, param }) => {
        const caller = callerOf(res);
        const { sales } = await payouts.listSales({ courseId: param('id'), ...dayRangeOf(param) }, caller);
        const buyers = await buyersFor(identity, caller, sales.map((s) => s.userId));
        res.json(
          ok(
            sales.map((s) => ({
              _id: s.id,
              orderId: s.orderId,
              coursePrice: s.coursePrice,
              receivedAmount: s.receivedAmount,
              coupon: { code: s.voucherCode, discount: s.voucherPercent },
              user: s.userId,
              user_name: s.userName || buyers.get(s.userId)?.name || '',
              email: buyers.get(s.userId)?.email ?? '',
              date: dmy(dhaka(s.paidAt)),
            })),
          ),
        );
      },
    }),
    defineRoute({
      method: 'get',
      path: '/analytics/courses',
      summary: 'Sales per course (course analytics list): sale count, received amount, earnings and product cut',
      auth: admin,
      responses: { 200: answer(listOf(CourseTotalsSchema)) },
      handler: async ({ res }) => {
        const { courses } = await payouts.listCourseTotals({}, callerOf(res));
        res.json(ok(courses.map(toCourseTotals)));
      },
    }),

  ];
}
