import { conductV1, messagingV1, questionsV1 } from '@taal/contracts';
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

/** Lesson questions (decision 0050): a second service on messaging's gRPC port. */
export const questionsClient: ClientSpec = {
  Client: questionsV1.LessonQuestionsServiceClient,
  definition: questionsV1.LessonQuestionsServiceService,
  codecs: questionsV1,
};

/** Reports and blocks (decision 0076): a fourth service on messaging's gRPC port. */
export const conductClient: ClientSpec = {
  Client: conductV1.ConductServiceClient,
  definition: conductV1.ConductServiceService,
  codecs: conductV1,
};
