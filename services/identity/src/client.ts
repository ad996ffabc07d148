/**
 * Identity as another service calls it (`@taal/identity/client`): one client, in identity's own
 * terms, beside the edge's spec of the same contract (api/client.ts). Calls go as the calling
 * service itself (no user token).
 */
import { identityV1, ServiceNames } from '@taal/contracts';
import { callUnary, nullWhenNotFound, serviceClient, type ServiceClientOptions, type ServiceTokenIssuer } from '@taal/kit';

export interface IdentityClient {
  /** An account, or null when identity has none by that id. */
  user(id: string): Promise<identityV1.User | null>;
  /** The accounts of these ids that identity has, in one call (a page's students; never kept). */
  usersById(ids: readonly string[]): Promise<identityV1.User[]>;
  /** The accounts of one role (UserRoles; 0 for every role). */
  users(role: number): Promise<identityV1.User[]>;
  /** A page of a mass mail's audience after `after` (the `next` of the page before; '' first). */
  mailAudience(audience: string, after: string, limit?: number): Promise<identityV1.ListMailAudienceResponse>;
  close(): void;
}

export function identityServiceClient(address: string, issuer: ServiceTokenIssuer, options: ServiceClientOptions = {}): IdentityClient {
  const { client, kept } = serviceClient(identityV1.IdentityServiceClient, address, issuer, ServiceNames.identity, options);
  const user = kept(async (id: string) => (await nullWhenNotFound(callUnary(client, 'getUser', identityV1.GetUserRequest.fromPartial({ id }))))?.user ?? null);
  const usersById = async (ids: readonly string[]) =>
    ids.length ? (await callUnary(client, 'getUsers', identityV1.GetUsersRequest.fromPartial({ ids: [...new Set(ids)] }))).users : [];
  const users = kept(async (type: number) => (await callUnary(client, 'listUsers', identityV1.ListUsersRequest.fromPartial({ type }))).users);
  const mailAudience = (audience: string, after: string, limit = 0) => callUnary(client, 'listMailAudience', identityV1.ListMailAudienceRequest.fromPartial({ audience, after, limit }));
  return { user, usersById, users, mailAudience, close: () => client.close() };
}
