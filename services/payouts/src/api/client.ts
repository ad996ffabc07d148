import { payoutsV1 } from '@taal/contracts';
import type { ClientSpec, ServiceApi } from '@taal/edge';

/**
 * Typed, promise-based access to the payouts service; every call carries a deadline and the
 * caller's own token (payouts decides who may see and settle what, decision 0021).
 */
export type PayoutsApi = ServiceApi<payoutsV1.PayoutsServiceServer>;

/** How the edge reaches it: every call carries a deadline and the caller's own token. */
export const payoutsClient: ClientSpec = {
  Client: payoutsV1.PayoutsServiceClient,
  definition: payoutsV1.PayoutsServiceService,
  codecs: payoutsV1,
  // A statement PDF is built on the call.
  deadlineFor: (method, deadlineMs) => (method === 'getStatement' ? Math.max(deadlineMs, 15_000) : undefined),
};
