import { storeV1 } from '@taal/contracts';
import type { ClientSpec, ServiceApi } from '@taal/edge';

/**
 * Typed, promise-based access to the store service; every call carries a deadline and the
 * caller's own token (the store takes the user from it, decision 0008). Only the gateway's page
 * records use it (GetProduct): the store's own routes call its use cases directly (issue 52).
 */
export type StoreApi = ServiceApi<storeV1.StoreServiceServer>;

/** How the edge reaches it: every call carries a deadline and the caller's own token. */
export const storeClient: ClientSpec = {
  Client: storeV1.StoreServiceClient,
  definition: storeV1.StoreServiceService,
  codecs: storeV1,
};
