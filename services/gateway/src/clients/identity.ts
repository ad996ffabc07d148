import { identityV1, ServiceNames } from '@taal/contracts';
import { callUnary, createClient, type ServiceTokenIssuer } from '@taal/kit';

/** Photos travel in sign-up requests and photo answers (at most 5 MB plus the other fields). */
const MAX_MESSAGE_BYTES = 6 * 1024 * 1024;

type Methods = {
  [K in keyof identityV1.IdentityServiceServer]: identityV1.IdentityServiceServer[K] extends import('@grpc/grpc-js').handleUnaryCall<
    infer Req,
    infer Res
  >
    ? (req: Partial<Req>, caller?: ForwardedUser | null) => Promise<Res>
    : never;
};

/** The signed-in user a call acts for: their access token is forwarded for the service to verify. */
export interface ForwardedUser {
  accessToken: string;
}

/** Typed, promise-based access to the identity service; every call carries a deadline and the caller. */
export type IdentityApi = Methods & { close(): void };

export function connectIdentity(address: string, deadlineMs: number, issuer: ServiceTokenIssuer): IdentityApi {
  const client = createClient(identityV1.IdentityServiceClient, address, {
    auth: { issuer, audience: ServiceNames.identity },
    channelOptions: { 'grpc.max_receive_message_length': MAX_MESSAGE_BYTES, 'grpc.max_send_message_length': MAX_MESSAGE_BYTES },
  });
  const codecs = identityV1 as unknown as Record<string, { fromPartial(o: object): object }>;
  const api: Record<string, unknown> = { close: () => client.close() };
  for (const method of Object.keys(identityV1.IdentityServiceService)) {
    const codec = codecs[`${method[0]!.toUpperCase()}${method.slice(1)}Request`]!;
    // Sign-up hashes a password and stores a photo: give it more time than a read.
    const deadline = method === 'signUp' ? Math.max(deadlineMs, 10_000) : deadlineMs;
    api[method] = (req: object, caller?: ForwardedUser | null) =>
      callUnary(client, method, codec.fromPartial(req), { deadlineMs: deadline, userToken: caller?.accessToken });
  }
  return api as IdentityApi;
}
