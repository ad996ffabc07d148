import { reviewsV1 } from '@taal/contracts';
import type { ClientSpec } from '@taal/edge';

/** How the edge reaches messaging's review service (the same server as messaging's): the caller's own token on every call. */
export const reviewsClient: ClientSpec = {
  Client: reviewsV1.ReviewServiceClient,
  definition: reviewsV1.ReviewServiceService,
  codecs: reviewsV1,
};
