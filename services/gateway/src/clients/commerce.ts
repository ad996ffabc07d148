import type { handleUnaryCall } from '@grpc/grpc-js';
import { commerceV1, ServiceNames } from '@taal/contracts';
import { callUnary, createClient, type ServiceTokenIssuer } from '@taal/kit';
import type { ForwardedUser } from './identity';

type Methods = {
  [K in keyof commerceV1.CommerceServiceServer]: commerceV1.CommerceServiceServer[K] extends handleUnaryCall<infer Req, infer Res>
    ? (req: Partial<Req>, caller: ForwardedUser | null) => Promise<Res>
    : never;
};

/**
 * Typed, promise-based access to the commerce service; every call carries a deadline and the
 * caller's own token (commerce takes the user from it, decision 0008, never from a field); null
 * for the card gateway's calls, which commerce accepts from the gateway's service token alone.
 */
export type CommerceApi = Methods & { close(): void };

export function connectCommerce(address: string, deadlineMs: number, issuer: ServiceTokenIssuer): CommerceApi {
  const client = createClient(commerceV1.CommerceServiceClient, address, {
    auth: { issuer, audience: ServiceNames.commerce },
  });
  const codecs = commerceV1 as unknown as Record<string, { fromPartial(o: object): object }>;
  const api: Record<string, unknown> = { close: () => client.close() };
  for (const method of Object.keys(commerceV1.CommerceServiceService)) {
    const codec = codecs[`${method[0]!.toUpperCase()}${method.slice(1)}Request`]!;
    api[method] = (req: object, caller: ForwardedUser | null) =>
      callUnary(client, method, codec.fromPartial(req), { deadlineMs, userToken: caller?.accessToken });
  }
  return api as CommerceApi;
}
