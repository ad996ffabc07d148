import { messagingV1, ServiceNames } from '@taal/contracts';
import type { ServiceTokenIssuer } from '@taal/kit';
import { connectService, type ServiceApi } from './service-client';

/**
 * Typed, promise-based access to the messaging service; every call carries a deadline and the
 * caller's own token (messaging decides who may read and answer what, decision 0008).
 */
export type MessagingApi = ServiceApi<messagingV1.MessagingServiceServer>;

export function connectMessaging(address: string, deadlineMs: number, issuer: ServiceTokenIssuer): MessagingApi {
  return connectService<messagingV1.MessagingServiceServer>({
    Client: messagingV1.MessagingServiceClient,
    definition: messagingV1.MessagingServiceService,
    codecs: messagingV1,
    address,
    audience: ServiceNames.messaging,
    issuer,
    deadlineMs,
  });
}
