import { learningV1 } from '@taal/contracts';
import type { ClientSpec } from '@taal/edge';

/**
 * How the edge reaches learning over gRPC, for what runs outside learning's own process (issue 52): the
 * page records (a certificate, read in the gateway's process in cluster mode) and the catalogue's routes
 * (a course's lessons added and undone). Every call carries a deadline and the caller's own token
 * (learning takes the user from it, decision 0008); none for a visitor. Learning's own routes call its
 * use cases directly.
 */
export const learningClient: ClientSpec = {
  Client: learningV1.LearningServiceClient,
  definition: learningV1.LearningServiceService,
  codecs: learningV1,
  // A lesson video is copied, probed and made fast-start by learning: minutes, not seconds.
  deadlineFor: (method) => (method === 'addLesson' ? 10 * 60_000 : undefined),
};
