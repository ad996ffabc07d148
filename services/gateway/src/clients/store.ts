import { ServiceNames, storeV1 } from '@taal/contracts';
import type { ServiceTokenIssuer } from '@taal/kit';
import { connectService, type ServiceApi } from './service-client';

/**
 * Typed, promise-based access to the store service; every call carries a deadline and the
 * caller's own token (the store takes the user from it, decision 0008); none for the card
 * gateway's calls, which the store accepts from the gateway's service token alone.
 */
export type StoreApi = ServiceApi<storeV1.StoreServiceServer>;

export function connectStore(address: string, deadlineMs: number, issuer: ServiceTokenIssuer): StoreApi {
  return connectService<storeV1.StoreServiceServer>({
    Client: storeV1.StoreServiceClient,
    definition: storeV1.StoreServiceService,
    codecs: storeV1,
    address,
    audience: ServiceNames.store,
    issuer,
    deadlineMs,
  });
}
