import { identityV1 } from '@taal/contracts';
import type { ClientSpec } from '@taal/edge';

/** Photos travel in photo answers (at most 5 MB plus the other fields). */
const MAX_MESSAGE_BYTES = 6 * 1024 * 1024;

/**
 * Typed, promise-based access to the identity service, for the other services' routes (GetUser, GetUsers,
 * GetUserPhoto, SetSuspended, UserAnalytics); every call carries a deadline and the caller. Identity's own
 * routes call its use cases instead. Users' access tokens are checked at the edge without a call
 * (EdgeContext.tokens, decision 0024).
 */
export const identityClient: ClientSpec = {
  Client: identityV1.IdentityServiceClient,
  definition: identityV1.IdentityServiceService,
  codecs: identityV1,
  channelOptions: { 'grpc.max_receive_message_length': MAX_MESSAGE_BYTES, 'grpc.max_send_message_length': MAX_MESSAGE_BYTES },
};
