/** The signed-in user's own session: logout, and who they are (a student with their wallet from commerce). */
import { callerOf, UserRoles, answer, done as doneSchema, empty, envelope, ok, defineRoute, type RouteSpec } from '@taal/edge';
import { done, guards, forCaller, type IdentityRouteDeps, toApiUser, UserSchema } from './shape';

export function sessionRoutes({ identity, tokens, commerce }: IdentityRouteDeps): RouteSpec[] {
  const { anyone } = guards(tokens);
  return [
    // ---- Any signed-in user ----

    defineRoute({
      method: 'post',
      path: '/user/logout',
      summary: 'Ends the session of the token sent',
      auth: anyone,
      responses: { 200: answer(doneSchema(empty)) },
      handler: async ({ res }) => {
        await identity.logout({ accessToken: callerOf(res).accessToken, refreshToken: '' });
        res.json(done('Logged out', {}));
      },
    }),

    defineRoute({
      method: 'get',
      path: '/user/me',
      summary: 'The signed-in user',
      auth: anyone,
      responses: { 200: answer(envelope(UserSchema)) },
      handler: async ({ res }) => {
        const caller = callerOf(res);
        const { user } = await identity.getUser(forCaller(caller), { id: caller.userId });
        const shown = toApiUser(user!);
        // A student's money is commerce's wallet ledger (decision 0012), not identity's columns.
        if (caller.userType === UserRoles.student) {
          const { wallet } = await commerce.getWallet({}, caller);
          shown.balance = wallet?.balance ?? 0;
          shown.pending_balance = wallet?.pendingBalance ?? 0;
        }
        res.json(ok(shown));
      },
    }),
  ];
}
