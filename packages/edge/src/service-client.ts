import type { ChannelOptions, Client, handleUnaryCall, ServiceDefinition } from '@grpc/grpc-js';
import { callUnary, createClient, type GrpcClientConstructor, type ServiceTokenIssuer } from '@taal/kit';

/** The signed-in user a call acts for: their access token is forwarded for the service to verify. */
export interface ForwardedUser {
  accessToken: string;
}

/**
 * A service's unary methods as promises: `(request, caller?)`. The caller's own token travels
 * with the call (the service takes the user from it, decision 0008); none for calls the edge
 * makes on its own (a visitor, the card gateway's notifications).
 */
export type ServiceApi<Server> = {
  [K in keyof Server]: Server[K] extends handleUnaryCall<infer Req, infer Res> ? (req: Partial<Req>, caller?: ForwardedUser | null) => Promise<Res> : never;
} & { close(): void };

/** How the edge reaches one gRPC service of a service's API part (its `api/client.ts`). */
export interface ClientSpec {
  /** The ts-proto client class and service definition, and the module holding its request codecs. */
  Client: GrpcClientConstructor<Client>;
  definition: ServiceDefinition;
  codecs: object;
  /** A longer deadline for a slow method (e.g. sign-up), given the edge's default. */
  deadlineFor?: (method: string, deadlineMs: number) => number | undefined;
  channelOptions?: ChannelOptions;
}

export interface ServiceClientOptions extends ClientSpec {
  address: string;
  /** The service's name: the audience of the gateway's service token. */
  audience: string;
  issuer: ServiceTokenIssuer;
  deadlineMs: number;
}

/** One typed client per service, built from its definition: every method gets a deadline and the caller's token. */
export function connectService<Server>(o: ServiceClientOptions): ServiceApi<Server> {
  const client = createClient(o.Client, o.address, { auth: { issuer: o.issuer, audience: o.audience }, channelOptions: o.channelOptions });
  const codecs = o.codecs as Record<string, { fromPartial(x: object): object }>;
  const api: Record<string, unknown> = { close: () => client.close() };
  for (const method of Object.keys(o.definition)) {
    const codec = codecs[`${method[0]!.toUpperCase()}${method.slice(1)}Request`]!;
    const deadlineMs = o.deadlineFor?.(method, o.deadlineMs) ?? o.deadlineMs;
    api[method] = (req: object, caller?: ForwardedUser | null) =>
      callUnary(client, method, codec.fromPartial(req), { deadlineMs, userToken: caller?.accessToken });
  }
  return api as ServiceApi<Server>;
}
