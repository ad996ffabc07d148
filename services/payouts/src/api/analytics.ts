/** The back office's sales analytics: totals, social counters, the sales summary, an instructor's and a course's sales, and the instructors' own. */
import { z } from 'zod';
import { UserRoles, type payoutsV1 } from '@taal/contracts';
import { answer, badDayRange, dayRangeOf, dayRangeParams, done, envelope, fail, callerOf, ok, defineRoute, type RouteSpec } from '@taal/edge';
import { instructorAnalyticsRoutes } from './instructor-analytics';
import { type PayoutRouteDeps, dmy, dhaka, forCaller, guards } from './shape';

const SOCIAL_KEYS = [
  'facebookLikes', 'facebookFollowers', 'facebookPosts', 'facebookGroup', 'instagramFollowers', 'instagramPosts',
  'twitterFollowers', 'twitterPosts', 'linkedinFollowers', 'linkedinPosts', 'youtubeSubscribers', 'youtubeVideos', 'youtubeViews',
] as const;
const count = () => z.number().int().min(0).max(1_000_000_000_000);
const SocialInput = z.object(Object.fromEntries(SOCIAL_KEYS.map((k) => [k, count().optional()])) as Record<(typeof SOCIAL_KEYS)[number], z.ZodOptional<z.ZodNumber>>).strict();
const SocialSchema = z
  .object({ ...(Object.fromEntries(SOCIAL_KEYS.map((k) => [k, z.number().int()])) as Record<(typeof SOCIAL_KEYS)[number], z.ZodNumber>), updatedAt: z.string() })
  .meta({ id: 'SocialFigures' });
const UserTypesSchema = z
  .object({
    students: z.number().int(),
    subscribers: z.number().int(),
    instructors: z.number().int(),
    admins: z.number().int(),
    contentUploaders: z.number().int(),
  })
  .meta({ id: 'UserTypeCounts', description: 'Every user now by type (accounts of type 4, 3, 1 and 2) and every subscriber: kept counts (decision 0089)' });
const CountersSchema = z
  .object({ user: z.number().int(), instructor: z.number().int(), course: z.number().int(), users: UserTypesSchema, social: SocialSchema })
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


export function analyticsRoutes({ payouts, identity, tokens, catalogue }: PayoutRouteDeps): RouteSpec[] {
  const { admin } = guards(tokens);

  return [
    // ---- Analytics (back office) ----
    defineRoute({
      method: 'get',
      path: '/analytics/',
      summary: 'Counters: users, instructors and courses, the users of each type and the subscribers, with the social figures an admin entered',
      auth: admin,
      responses: { 200: answer(envelope(CountersSchema)) },
      handler: async ({ res }) => {
        const caller = callerOf(res);
        // Kept counts (decision 0083): a few rows read in each service, whatever their size.
        const [users, figures, social] = await Promise.all([
          identity.userAnalytics({ startDate: '01-01-2000', endDate: dmy(dhaka(new Date().toISOString())) }, caller),
          catalogue.getCourseFigures({}, caller),
          payouts.social(),
        ]);
        const ofType = (type: number) => users.types.find((t) => t.type === type)?.total ?? 0;
        const byType = {
          students: ofType(UserRoles.student),
          subscribers: users.types.reduce((n, t) => n + t.subscriber, 0),
          instructors: ofType(UserRoles.instructor),
          admins: ofType(UserRoles.admin),
          contentUploaders: ofType(UserRoles.content),
        };
        res.json(ok({ user: users.total, instructor: figures.instructors, course: figures.allCourses, users: byType, social }));
      },
    }),
    defineRoute({
      method: 'get',
      path: '/analytics/social-analytics',
      summary: 'The social figures (Facebook, Instagram, Twitter, LinkedIn, YouTube) as an admin last entered them (decision 0021)',
      auth: admin,
      responses: { 200: answer(envelope(SocialSchema)) },
      handler: async ({ res }) => {
        res.json(ok(await payouts.social()));
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
        const figures = await payouts.setSocial(forCaller(callerOf(res)), { ...body, updatedAt: '' } as payoutsV1.SocialFigures);
        res.json({ success: true, message: 'Social figures saved', data: figures });
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
        res.json(ok(await payouts.salesSummary(forCaller(callerOf(res)), dayRangeOf(param))));
      },
    }),
    // The instructors' analytics, a page of instructors at a time with their kept totals (decision 0084).
    ...instructorAnalyticsRoutes({ payouts, catalogue, admin }),
    // An instructor's and a course's sales and the course totals, a page at a time: sales-pages.ts (decision 0084).

  ];
}
