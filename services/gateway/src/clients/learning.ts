import { learningV1, ServiceNames } from '@taal/contracts';
import type { ServiceTokenIssuer } from '@taal/kit';
import { connectService, type ServiceApi } from './service-client';

/**
 * Typed, promise-based access to the learning service; every call carries a deadline and the
 * caller's own token (learning takes the user from it, decision 0008); none for a visitor.
 */
export type LearningApi = ServiceApi<learningV1.LearningServiceServer>;

export function connectLearning(address: string, deadlineMs: number, issuer: ServiceTokenIssuer): LearningApi {
  return connectService<learningV1.LearningServiceServer>({
    Client: learningV1.LearningServiceClient,
    definition: learningV1.LearningServiceService,
    codecs: learningV1,
    address,
    audience: ServiceNames.learning,
    issuer,
    deadlineMs,
    // A lesson video is copied, probed and made fast-start by learning: minutes, not seconds.
    deadlineFor: (method) => (method === 'addLesson' ? 10 * 60_000 : undefined),
  });
}
