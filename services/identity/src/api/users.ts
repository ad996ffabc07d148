/** The back office's user management (lists, verification, suspension, new staff accounts, analytics) and one user's record and photo (admins, or the user themself). */
import { z } from 'zod';
import { IdentityMessages as M } from '@taal/contracts';
import { callerOf, UserRoles, refusal, answer, badDayRange, badRequest, dayRangeOf, dayRangeParams, done as doneSchema, envelope, fail, idParam, listOf, ok, defineRoute, type RouteSpec, sendUserFile } from '@taal/edge';
import { createAccountSchema, instructorAccountSchema } from './schemas';
import { requireId, done, unknownUser, guards, type IdentityRouteDeps, OAuthUserSchema, toApiUser, UserAnalyticsSchema, UserSchema } from './shape';

export function userRoutes({ identity, tokens }: IdentityRouteDeps): RouteSpec[] {
  const { admin, anyone } = guards(tokens);
  const listOfUsers = (path: string, summary: string, request: { type?: number; subscribersOnly?: boolean }) =>
    defineRoute({
      method: 'get',
      path,
      summary,
      auth: admin,
      responses: { 200: answer(listOf(UserSchema)) },
      handler: async ({ res }) => {
        const { users } = await identity.listUsers(request, callerOf(res));
        res.json(ok(users.map(toApiUser)));
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
        const { user } = await identity.setSuspended({ id: requireId(param), suspended }, callerOf(res));
        res.json(done(suspended ? M.userSuspended : M.userUnsuspended, toApiUser(user!)));
      },
    });

  return [
    // ---- Admin ----

    listOfUsers('/user/', 'Every user, newest first', {}),
    listOfUsers('/user/type/all', 'Every user, newest first', {}),
    listOfUsers('/user/type/student', 'Students (type 4)', { type: UserRoles.student }),
    listOfUsers('/user/type/subscriber', 'Subscribers', { subscribersOnly: true }),
    defineRoute({
      method: 'get',
      path: '/user/type/{type}',
      summary: 'Users of one type: 1 admin, 2 content uploader, 3 instructor, 4 student',
      auth: admin,
      params: {
        type: {
          schema: z.enum(['1', '2', '3', '4']),
          description: '1 admin, 2 content uploader, 3 instructor, 4 student',
          invalid: () => refusal('UNKNOWN_USER_TYPE'),
        },
      },
      responses: { 200: answer(listOf(UserSchema)), ...badRequest },
      handler: async ({ res, param }) => {
        const { users } = await identity.listUsers({ type: Number(param('type')) }, callerOf(res));
        res.json(ok(users.map(toApiUser)));
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
        const { user } = await identity.markEmailVerified({ id: requireId(param) }, callerOf(res));
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
        const { user } = await identity.createAccount(body, callerOf(res));
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
        const { user } = await identity.createInstructorAccount(body, callerOf(res));
        res.status(201).json(done(M.checkEmailToVerifyAccount, toApiUser(user!)));
      },
    }),

    defineRoute({
      method: 'get',
      path: '/oauthusers',
      summary: 'Users who signed up with Google or Facebook',
      auth: admin,
      responses: { 200: answer(listOf(OAuthUserSchema)) },
      handler: async ({ res }) => {
        const { users } = await identity.listUsers({ socialOnly: true }, callerOf(res));
        res.json(ok(users.map((u) => ({ _id: u.id, name: u.name, email: u.email, loginFrom: u.loginFrom, createdAt: u.createdAt }))));
      },
    }),

    defineRoute({
      method: 'get',
      path: '/analytics/users/{startDate}/{endDate}',
      summary: 'Users who joined between two days (DD-MM-YYYY or YYYY-MM-DD, both whole days, Dhaka time): counts and the list in data.data',
      auth: admin,
      params: dayRangeParams,
      responses: { 200: answer(envelope(UserAnalyticsSchema)), ...badDayRange },
      handler: async ({ res, param }) => {
        const { fromDay, toDay } = dayRangeOf(param);
        const stats = await identity.userAnalytics({ startDate: fromDay, endDate: toDay }, callerOf(res));
        res.json(
          ok({
            total: stats.total,
            verified: stats.verified,
            notVerified: stats.notVerified,
            subscriber: stats.subscriber,
            data: stats.users.map(toApiUser),
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
        const photo = await identity.getUserPhoto({ id: requireId(param) }, callerOf(res));
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
        const { user } = await identity.getUser({ id: requireId(param) }, callerOf(res));
        res.json(ok(toApiUser(user!)));
      },
    }),
  ];
}
