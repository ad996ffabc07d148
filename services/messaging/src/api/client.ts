import { messagingV1 } from '@taal/contracts';
import type { ClientSpec, ServiceApi } from '@taal/edge';

/**
 * Typed, promise-based access to the messaging service; every call carries a deadline and the
 * caller's own token (messaging decides who may read and answer what, decision 0008).
 */
export type MessagingApi = ServiceApi<messagingV1.MessagingServiceServer>;

/** How the edge reaches it: every call carries a deadline and the caller's own token. */
export const messagingClient: ClientSpec = {
  Client: messagingV1.MessagingServiceClient,
  definition: messagingV1.MessagingServiceService,
  codecs: messagingV1,
};
