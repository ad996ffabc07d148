import type { identityV1 } from '@taal/contracts';
import { refusalKeyOf } from '@taal/kit';
import type { ForwardedUser, ServiceApi } from './service-client';

/** identity's GetUsers limit (its MAX_USERS_PER_CALL). */
const USERS_PER_CALL = 500;

/**
 * Several users by id, for back-office lists that show names next to another service's rows
 * (orders, expired enrolments, sales): one GetUsers call per 500 ids, with the staff caller's own
 * token. A user identity cannot find (removed) is left out of the map; the list shows blanks for it.
 */
export async function usersById(
  identity: ServiceApi<identityV1.IdentityServiceServer>,
  caller: ForwardedUser,
  ids: Iterable<string>,
): Promise<Map<string, identityV1.User>> {
  const found = new Map<string, identityV1.User>();
  const unique = [...new Set(ids)].filter(Boolean);
  // One GetUsers call per 500 ids (identity's limit), not one GetUser per id.
  for (let i = 0; i < unique.length; i += USERS_PER_CALL) {
    // A caller who may not see these users (not an admin) gets the list without names, as before.
    const users = await identity.getUsers({ ids: unique.slice(i, i + USERS_PER_CALL) }, caller).then(
      (r) => r.users,
      (err: unknown) => {
        if (refusalKeyOf(err) === 'PERMISSION_DENIED') return [];
        throw err;
      },
    );
    for (const user of users) found.set(user.id, user);
  }
  return found;
}
