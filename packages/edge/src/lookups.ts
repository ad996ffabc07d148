import type { identityV1 } from '@taal/contracts';
import type { ForwardedUser, ServiceApi } from './service-client';

/**
 * Several users by id, for back-office lists that show names next to another service's rows
 * (orders, expired enrolments, sales): ten at a time, with the staff caller's own token. A user
 * identity cannot find (removed) is left out of the map; the list shows blanks for it.
 */
export async function usersById(
  identity: ServiceApi<identityV1.IdentityServiceServer>,
  caller: ForwardedUser,
  ids: Iterable<string>,
): Promise<Map<string, identityV1.User>> {
  const found = new Map<string, identityV1.User>();
  const unique = [...new Set(ids)];
  for (let i = 0; i < unique.length; i += 10) {
    await Promise.all(
      unique.slice(i, i + 10).map(async (id) => {
        const user = await identity.getUser({ id }, caller).then(
          (r) => r.user,
          () => undefined,
        );
        if (user) found.set(id, user);
      }),
    );
  }
  return found;
}
