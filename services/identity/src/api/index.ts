/** Identity's slice of the public API: accounts, sign-in, the back office's users and the Profile tab. */
import { ServiceNames, type commerceV1 } from '@taal/contracts';
import { defineApi } from '@taal/edge';
import { identityClient } from './client';
import { identityLimiters } from './limits';
import { profileRoutes } from './profile';
import { passwordResetRoutes } from './password-reset';
import { sessionRoutes } from './session';
import type { IdentityRouteDeps, IdentityUseCases } from './shape';
import { signInRoutes } from './sign-in';
import { signUpRoutes } from './sign-up';
import { userRoutes } from './users';

export const identityApi = defineApi({
  clients: { identity: identityClient },
  limiters: identityLimiters,
  routes: (ctx, limiters) => {
    // Identity's own use cases, called in this process (its routes run beside identity, issue 52).
    const { identity } = ctx.useCases<IdentityUseCases>(ServiceNames.identity);
    const deps: IdentityRouteDeps = { identity, tokens: ctx.tokens, limiters, commerce: ctx.client<commerceV1.CommerceServiceServer>('commerce') };
    return [
      // Accounts and the back office's user management: every protected route checks its role.
      ...[signUpRoutes, signInRoutes, passwordResetRoutes, sessionRoutes, userRoutes].map((group) => group(deps)),
      // The Profile tab's own password and photo change (POST user/); wrong current passwords count as failed logins.
      profileRoutes(identity, ctx.tokens, limiters.login),
    ];
  },
});
