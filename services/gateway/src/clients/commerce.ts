import { commerceV1, ServiceNames } from '@taal/contracts';
import type { ServiceTokenIssuer } from '@taal/kit';
import { connectService, type ServiceApi } from './service-client';

/**
 * Typed, promise-based access to the commerce service; every call carries a deadline and the
 * caller's own token (commerce takes the user from it, decision 0008, never from a field); none
 * for the card gateway's calls, which commerce accepts from the gateway's service token alone.
 */
export type CommerceApi = ServiceApi<commerceV1.CommerceServiceServer>;

export function connectCommerce(address: string, deadlineMs: number, issuer: ServiceTokenIssuer): CommerceApi {
  return connectService<commerceV1.CommerceServiceServer>({
    Client: commerceV1.CommerceServiceClient,
    definition: commerceV1.CommerceServiceService,
    codecs: commerceV1,
    address,
    audience: ServiceNames.commerce,
    issuer,
    deadlineMs,
  });
}
