import type { handleUnaryCall } from '@grpc/grpc-js';
import { learningV1, ServiceNames } from '@taal/contracts';
import { callUnary, createClient, type ServiceTokenIssuer } from '@taal/kit';
import type { ForwardedUser } from './identity';

type Methods = {
  [K in keyof learningV1.LearningServiceServer]: learningV1.LearningServiceServer[K] extends handleUnaryCall<infer Req, infer Res>
    ? (req: Partial<Req>, caller: ForwardedUser | null) => Promise<Res>
    : never;
};

/**
 * Typed, promise-based access to the learning service; every call carries a deadline and the
 * caller's own token (learning takes the user from it, decision 0008, never from a field); null
 * for a visitor who is not signed in.
 */
export type LearningApi = Methods & { close(): void };

export function connectLearning(address: string, deadlineMs: number, issuer: ServiceTokenIssuer): LearningApi {
  const client = createClient(learningV1.LearningServiceClient, address, {
    auth: { issuer, audience: ServiceNames.learning },
  });
  const codecs = learningV1 as unknown as Record<string, { fromPartial(o: object): object }>;
  const api: Record<string, unknown> = { close: () => client.close() };
  for (const method of Object.keys(learningV1.LearningServiceService)) {
    const codec = codecs[`${method[0]!.toUpperCase()}${method.slice(1)}Request`]!;
    api[method] = (req: object, caller: ForwardedUser | null) =>
      callUnary(client, method, codec.fromPartial(req), { deadlineMs, userToken: caller?.accessToken });
  }
  return api as LearningApi;
}
