import { payoutsV1, ServiceNames } from '@taal/contracts';
import type { ServiceTokenIssuer } from '@taal/kit';
import { connectService, type ServiceApi } from './service-client';

/**
 * Typed, promise-based access to the payouts service; every call carries a deadline and the
 * caller's own token (payouts decides who may see and settle what, decision 0021).
 */
export type PayoutsApi = ServiceApi<payoutsV1.PayoutsServiceServer>;

export function connectPayouts(address: string, deadlineMs: number, issuer: ServiceTokenIssuer): PayoutsApi {
  return connectService<payoutsV1.PayoutsServiceServer>({
    Client: payoutsV1.PayoutsServiceClient,
    definition: payoutsV1.PayoutsServiceService,
    codecs: payoutsV1,
    address,
    audience: ServiceNames.payouts,
    issuer,
    // A statement PDF is built on the call.
    deadlineFor: (method) => (method === 'getStatement' ? Math.max(deadlineMs, 15_000) : deadlineMs),
    deadlineMs,
  });
}
