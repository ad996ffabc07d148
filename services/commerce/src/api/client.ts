import { commerceV1 } from '@taal/contracts';
import type { ClientSpec, ServiceApi } from '@taal/edge';

/**
 * Typed, promise-based access to the commerce service; every call carries a deadline and the
 * caller's own token (commerce takes the user from it, decision 0008, never from a field); none
 * for the card gateway's calls, which commerce accepts from the gateway's service token alone.
 */
export type CommerceApi = ServiceApi<commerceV1.CommerceServiceServer>;

/** How the edge reaches it: every call carries a deadline and the caller's own token. */
export const commerceClient: ClientSpec = {
  Client: commerceV1.CommerceServiceClient,
  definition: commerceV1.CommerceServiceService,
  codecs: commerceV1,
};
