import { identityV1, ServiceNames } from '@taal/contracts';
import type { CallerAuthenticator, CallerIdentity, ServiceTokenIssuer } from '@taal/kit';
import { connectService, type ForwardedUser, type ServiceApi } from './service-client';

export type { ForwardedUser } from './service-client';

/** Photos travel in sign-up requests and photo answers (at most 5 MB plus the other fields). */
const MAX_MESSAGE_BYTES = 6 * 1024 * 1024;

/**
 * Typed, promise-based access to the identity service; every call carries a deadline and the caller.
 * `verifyAccessToken` checks a user's access token here, without a call: identity's published keys
 * and the sessions it revoked (decision 0024).
 */
export type IdentityApi = ServiceApi<identityV1.IdentityServiceServer> & {
  verifyAccessToken(accessToken: string): Promise<CallerIdentity>;
};

export function connectIdentity(address: string, deadlineMs: number, issuer: ServiceTokenIssuer, accessTokens: CallerAuthenticator): IdentityApi {
  const api = connectService<identityV1.IdentityServiceServer>({
    Client: identityV1.IdentityServiceClient,
    definition: identityV1.IdentityServiceService,
    codecs: identityV1,
    address,
    audience: ServiceNames.identity,
    issuer,
    deadlineMs,
    // Sign-up hashes a password and stores a photo: give it more time than a read.
    deadlineFor: (method) => (method === 'signUp' ? Math.max(deadlineMs, 10_000) : undefined),
    channelOptions: { 'grpc.max_receive_message_length': MAX_MESSAGE_BYTES, 'grpc.max_send_message_length': MAX_MESSAGE_BYTES },
  });
  return Object.assign(api, { verifyAccessToken: (accessToken: string) => accessTokens.authenticateUser(accessToken) });
}

/**
 * Several users by id, for back-office lists that show names next to other services' rows (orders,
 * expired enrolments): ten at a time, with the staff caller's own token. A user identity cannot find
 * (removed) is left out of the map; the list shows blanks for it.
 */
export async function usersById(identity: IdentityApi, caller: ForwardedUser, ids: Iterable<string>): Promise<Map<string, identityV1.User>> {
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
