/** The back office's user management (lists, verification, suspension, new staff accounts, analytics) and one user's record and photo (admins, or the user themself). */
import { z } from 'zod';
import { identityV1, IdentityMessages as M } from '@taal/contracts';
import { apiDay, badPage, collectPages, linkHeader, linkNext, pageOf, pageQuery, pageRequest } from '@taal/edge';
import { callerOf, UserRoles, refusal, answer, badDayRange, badRequest, dayRangeOf, dayRangeParams, done as doneSchema, envelope, fail, idParam, listOf, ok, defineRoute, type RouteSpec, sendUserFile } from '@taal/edge';
import { createAccountSchema, instructorAccountSchema } from './schemas';
import { requireId, done, unknownUser, guards, forCaller, type IdentityRouteDeps, OAuthUserSchema, toApiUser, UserAnalyticsSchema, UserSchema } from './shape';

/**
 * The spec's "all" user lists answer at most this many users, newest first (decision 0074); a Link header names the paged route for the rest.
 * 100 users at their widest (a 100-character Bengali name, a 254-character e-mail address) stay under the 256 KB (decision 0089).
 */
export const USER_LIST_BOUND = 100;

/** The paged user lists' filter (GET user/page?type=…): the back office's sections. */
const USER_PAGE_TYPES = ['all', 'student', 'subscriber', 'instructor', 'admin', 'content', 'social'] as const;
type UserPageType = (typeof USER_PAGE_TYPES)[number];
const userFilterOf = (type: UserPageType): identityV1.ListUsersRequest => ({
  type: { all: 0, student: UserRoles.student, subscriber: 0, instructor: UserRoles.instructor, admin: UserRoles.admin, content: UserRoles.content, social: 0 }[type],
  subscribersOnly: type === 'subscriber',
  socialOnly: type === 'social',
  cursor: '',
  limit: 0,
  search: '',
  joinedFromDay: '',
  joinedToDay: '',
});

export function userRoutes({ identity, tokens }: IdentityRouteDeps): RouteSpec[] {
  const { admin, anyone } = guards(tokens);
  /** Up to USER_LIST_BOUND users of a filter, a page at a time, and the Link to the rest. */
  const boundedUsers = async (res: Parameters<typeof callerOf>[0], filter: Partial<identityV1.ListUsersRequest>, pageType: UserPageType) => {
    const { items, next } = await collectPages(USER_LIST_BOUND, async (cursor, limit) => {
      const page = await identity.listUsers(forCaller(callerOf(res)), identityV1.ListUsersRequest.fromPartial({ ...filter, cursor, limit }));
      return { items: page.users, next: page.next };
    });
    linkNext(res, '/api/v1/user/page', { type: pageType }, next);
    return items;
  };
  const listOfUsers = (path: string, summary: string, request: { type?: number; subscribersOnly?: boolean }, pageType: UserPageType) =>
    defineRoute({
      method: 'get',
      path,
      summary: `${summary}: at most ${USER_LIST_BOUND} (the rest through GET user/page, named by the Link header)`,
      auth: admin,
      responses: { 200: { ...answer(listOf(UserSchema)), headers: linkHeader } },
      handler: async ({ res }) => {
        res.json(ok((await boundedUsers(res, request, pageType)).map(toApiUser)));
      },
    });

  const suspension = (suspended: boolean) =>
    defineRoute({
      method: 'get',
      path: suspended ? '/user/suspend/{id}' : '/user/unsuspend/{id}',
      summary: suspended ? 'Suspends a user: their tokens stop working at once and they cannot log in' : 'Lifts a suspension',
      auth: admin,
      params: idParam,
      responses: {
        200: answer(doneSchema(UserSchema)),
        ...(suspended ? { 400: fail('An admin cannot suspend themself') } : ({} as Record<number, never>)),
        ...unknownUser,
      },
      handler: async ({ res, param }) => {
        const { user } = await identity.setSuspended(forCaller(callerOf(res)), { id: requireId(param), suspended });
        res.json(done(suspended ? M.userSuspended : M.userUnsuspended, toApiUser(user!)));
      },
    });

  return [
    // ---- Admin ----

    defineRoute({
      method: 'get',
      path: '/user/page',
      summary: `A page of users, newest first (decision 0074): every user, one type, subscribers or social sign-ups, or the one an e-mail address or student id names; next: the following page's cursor, null on the last`,
      auth: admin,
      query: {
        type: { schema: z.enum(USER_PAGE_TYPES), description: `Which users (default all): ${USER_PAGE_TYPES.join(', ')}`, invalid: () => refusal('UNKNOWN_USER_TYPE') },
        q: { schema: z.string().min(1).max(254), description: 'Only the user with this e-mail address (any case) or student id, exact' },
        from: { schema: apiDay(), description: 'Only users who joined from this Bangladesh day (inclusive): YYYY-MM-DD or day-month-year; with to', invalid: () => refusal('INVALID_DATE_RANGE') },
        to: { schema: apiDay(), description: 'Only users who joined up to this day (inclusive), not before from; with from', invalid: () => refusal('INVALID_DATE_RANGE') },
        ...pageQuery,
      },
      responses: { 200: answer(pageOf(UserSchema)), ...badPage, ...badDayRange },
      handler: async ({ req, res }) => {
        const q = (name: string) => (typeof req.query[name] === 'string' ? (req.query[name] as string) : '');
        const type = (q('type') || 'all') as UserPageType;
        const joined = q('from') || q('to') ? dayRangeOf((name) => q(name === 'startDate' ? 'from' : 'to')) : { fromDay: '', toDay: '' };
        const page = await identity.listUsers(
          forCaller(callerOf(res)),
          identityV1.ListUsersRequest.fromPartial({ ...userFilterOf(type), search: q('q'), joinedFromDay: joined.fromDay, joinedToDay: joined.toDay, ...pageRequest(req) }),
        );
        res.json(ok({ items: page.users.map(toApiUser), next: page.next || null }));
      },
    }),
    listOfUsers('/user/', 'Every user, newest first', {}, 'all'),
    listOfUsers('/user/type/all', 'Every user, newest first', {}, 'all'),
    listOfUsers('/user/type/student', 'Students (type 4), newest first', { type: UserRoles.student }, 'student'),
    listOfUsers('/user/type/subscriber', 'Subscribers, newest first', { subscribersOnly: true }, 'subscriber'),
    defineRoute({
      method: 'get',
      path: '/user/type/{type}',
      summary: `Users of one type, newest first: 1 admin, 2 content uploader, 3 instructor, 4 student; at most ${USER_LIST_BOUND} (the rest through GET user/page, named by the Link header)`,
      auth: admin,
      params: {
        type: {
          schema: z.enum(['1', '2', '3', '4']),
          description: '1 admin, 2 content uploader, 3 instructor, 4 student',
          invalid: () => refusal('UNKNOWN_USER_TYPE'),
        },
      },
      responses: { 200: { ...answer(listOf(UserSchema)), headers: linkHeader }, ...badRequest },
      handler: async ({ res, param }) => {
        const type = Number(param('type'));
        const pageType = ({ 1: 'admin', 2: 'content', 3: 'instructor', 4: 'student' } as const)[type as 1 | 2 | 3 | 4];
        res.json(ok((await boundedUsers(res, { type }, pageType)).map(toApiUser)));
      },
    }),

    suspension(true),
    suspension(false),

    defineRoute({
      method: 'get',
      path: '/user/verify/{id}',
      summary: 'Marks a user’s e-mail verified',
      auth: admin,
      params: idParam,
      responses: { 200: answer(doneSchema(UserSchema)), ...unknownUser },
      handler: async ({ res, param }) => {
        const { user } = await identity.markEmailVerified(forCaller(callerOf(res)), { id: requireId(param) });
        res.json(done(M.adminEmailVerified, toApiUser(user!)));
      },
    }),

    defineRoute({
      method: 'post',
      path: '/user/create-account',
      summary: 'Creates an admin (1) or content uploader (2) account, optionally linked to an instructor; verified at once',
      auth: admin,
      body: { schema: createAccountSchema },
      responses: { 201: answer(doneSchema(UserSchema)), 400: fail('Some field is not fillup!!!'), 409: fail('email is exist!!') },
      handler: async ({ res, body }) => {
        const { user } = await identity.createAccount(forCaller(callerOf(res)), body);
        res.status(201).json(done(M.userAdded, toApiUser(user!)));
      },
    }),

    defineRoute({
      method: 'post',
      path: '/user/instructor-account',
      summary: 'Creates an instructor account (type 3) that must verify its e-mail',
      auth: admin,
      body: { schema: instructorAccountSchema },
      responses: {
        201: answer(doneSchema(UserSchema)),
        400: fail('any of the field is missing / password should be more than 5 character'),
        409: fail('email is exist!!'),
      },
      handler: async ({ res, body }) => {
        const { user } = await identity.createInstructorAccount(forCaller(callerOf(res)), body);
        res.status(201).json(done(M.checkEmailToVerifyAccount, toApiUser(user!)));
      },
    }),

    defineRoute({
      method: 'get',
      path: '/oauthusers',
      summary: `Users who signed up with Google or Facebook, newest first: at most ${USER_LIST_BOUND} (the rest through GET user/page?type=social, named by the Link header)`,
      auth: admin,
      responses: { 200: { ...answer(listOf(OAuthUserSchema)), headers: linkHeader } },
      handler: async ({ res }) => {
        const users = await boundedUsers(res, { socialOnly: true }, 'social');
        res.json(ok(users.map((u) => ({ _id: u.id, name: u.name, email: u.email, loginFrom: u.loginFrom, createdAt: u.createdAt }))));
      },
    }),

    defineRoute({
      method: 'get',
      path: '/analytics/users/{startDate}/{endDate}',
      summary: `Users who joined between two days (DD-MM-YYYY or YYYY-MM-DD, both whole days, Dhaka time): counts (kept, decision 0083) and the list in data.data, newest first, at most ${USER_LIST_BOUND} (the rest through GET user/page?from&to, named by the Link header)`,
      auth: admin,
      params: dayRangeParams,
      responses: { 200: { ...answer(envelope(UserAnalyticsSchema)), headers: linkHeader }, ...badDayRange },
      handler: async ({ res, param }) => {
        const { fromDay, toDay } = dayRangeOf(param);
        const caller = callerOf(res);
        const [stats, { items, next }] = await Promise.all([
          identity.userAnalytics(forCaller(caller), { startDate: fromDay, endDate: toDay }),
          collectPages(USER_LIST_BOUND, async (cursor, limit) => {
            const page = await identity.listUsers(forCaller(caller), identityV1.ListUsersRequest.fromPartial({ ...userFilterOf('all'), joinedFromDay: fromDay, joinedToDay: toDay, cursor, limit }));
            return { items: page.users, next: page.next };
          }),
        ]);
        linkNext(res, '/api/v1/user/page', { type: 'all', from: fromDay, to: toDay }, next);
        res.json(
          ok({
            total: stats.total,
            verified: stats.verified,
            notVerified: stats.notVerified,
            subscriber: stats.subscriber,
            data: items.map(toApiUser),
            days: stats.days,
          }),
        );
      },
    }),

    // ---- Admin, or the user themself (identity checks which) ----

    defineRoute({
      method: 'get',
      path: '/user/{id}/photo',
      summary: 'A user’s photo',
      auth: anyone,
      params: idParam,
      responses: { 200: { description: 'The image', content: { 'image/*': z.string().meta({ format: 'binary' }) } }, 404: fail('No photo') },
      handler: async ({ res, param }) => {
        const photo = await identity.getUserPhoto(forCaller(callerOf(res)), { id: requireId(param) });
        sendUserFile(res, photo.data, photo.contentType, 'photo');
      },
    }),

    defineRoute({
      method: 'get',
      path: '/user/{id}/',
      summary: 'One user (admins: anyone; others: themselves only)',
      auth: { label: 'admin, or the user themself', check: anyone.check },
      params: idParam,
      responses: { 200: answer(envelope(UserSchema)), ...unknownUser },
      handler: async ({ res, param }) => {
        const { user } = await identity.getUser(forCaller(callerOf(res)), { id: requireId(param) });
        res.json(ok(toApiUser(user!)));
      },
    }),
  ];
}
