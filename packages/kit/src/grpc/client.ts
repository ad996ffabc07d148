import * as grpc from '@grpc/grpc-js';
import { SERVICE_TOKEN_METADATA_KEY, USER_TOKEN_METADATA_KEY, type ServiceTokenIssuer } from '../auth/caller-auth';
import { grpcClientCalls } from '../metrics';
import { callLocal, localMethod } from './in-process';

export const DEFAULT_DEADLINE_MS = 5000;

/**
 * Channel options for service-to-service clients: keepalive to notice dead peers, a short reconnect
 * backoff so a restarted server is found again within about a second, and answers up to 64 MB
 * (gRPC's default 4 MB is the whole catalogue at ~9,000 courses: its lists were refused past that).
 */
const MAX_ANSWER_BYTES = 64 << 20;
export const DEFAULT_CHANNEL_OPTIONS: Readonly<grpc.ChannelOptions> = {
  'grpc.max_receive_message_length': MAX_ANSWER_BYTES,
  'grpc.keepalive_time_ms': 30_000,
  'grpc.keepalive_timeout_ms': 10_000,
  'grpc.keepalive_permit_without_calls': 1,
  'grpc.initial_reconnect_backoff_ms': 250,
  'grpc.max_reconnect_backoff_ms': 1000,
};

export type GrpcClientConstructor<C extends grpc.Client> = new (
  address: string,
  credentials: grpc.ChannelCredentials,
  options?: Partial<grpc.ClientOptions>,
) => C;

export interface CreateClientOptions {
  /** Merged over DEFAULT_CHANNEL_OPTIONS. */
  channelOptions?: Partial<grpc.ChannelOptions>;
  /** Deadline callUnary uses for this client when the call gives none (default DEFAULT_DEADLINE_MS). */
  defaultDeadlineMs?: number;
  /** Defaults to insecure (plaintext inside the cluster). */
  credentials?: grpc.ChannelCredentials;
  /**
   * Who this client's calls come from: `issuer` signs a service token for `audience` (the
   * called service's name) on every call. Services refuse calls without one.
   */
  auth?: { issuer: ServiceTokenIssuer; audience: string };
}

const clientDeadlines = new WeakMap<grpc.Client, number>();
const clientAddresses = new WeakMap<grpc.Client, string>();
const clientAuth = new WeakMap<grpc.Client, { issuer: ServiceTokenIssuer; audience: string }>();

function checkDeadline(ms: number): number {
  if (!Number.isFinite(ms) || ms <= 0)
    throw new RangeError(`gRPC deadline must be a positive finite number of ms (got ${ms})`);
  return ms;
}

/** Creates a generated client (e.g. ts-proto's `CatalogueServiceClient`) with sensible channel options. */
export function createClient<C extends grpc.Client>(
  Ctor: GrpcClientConstructor<C>,
  address: string,
  options: CreateClientOptions = {},
): C {
  const client = new Ctor(address, options.credentials ?? grpc.credentials.createInsecure(), {
    ...DEFAULT_CHANNEL_OPTIONS,
    ...options.channelOptions,
  });
  if (options.defaultDeadlineMs !== undefined)
    clientDeadlines.set(client, checkDeadline(options.defaultDeadlineMs));
  if (options.auth) clientAuth.set(client, options.auth);
  clientAddresses.set(client, address);
  return client;
}

export interface CallUnaryOptions {
  /** Defaults to the client's defaultDeadlineMs, else DEFAULT_DEADLINE_MS. Never infinite. */
  deadlineMs?: number;
  /** The user's own access token, forwarded for the called service to verify (x-taal-user-token). */
  userToken?: string | null;
  metadata?: grpc.Metadata;
}

type UnaryCallback<Res> = (error: grpc.ServiceError | null, response: Res) => void;
type UnaryMethod<Req, Res> = (
  request: Req,
  metadata: grpc.Metadata,
  options: Partial<grpc.CallOptions>,
  callback: UnaryCallback<Res>,
) => grpc.ClientUnaryCall;

/** Names of a generated client's unary methods. */
export type UnaryMethodName<C> = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  [K in keyof C]: C[K] extends UnaryMethod<any, any> ? K : never;
}[keyof C] &
  string;
export type UnaryRequest<F> = F extends UnaryMethod<infer Req, infer _Res> ? Req : never;
export type UnaryResponse<F> = F extends UnaryMethod<infer _Req, infer Res> ? Res : never;

/**
 * Promisified unary call with a deadline always set. Rejects with the grpc-js error
 * (`code`, `details`, `metadata`): UNAVAILABLE fast when the server is down, DEADLINE_EXCEEDED on timeout.
 */
export function callUnary<C extends grpc.Client, M extends UnaryMethodName<C>>(
  client: C,
  method: M,
  request: UnaryRequest<C[M]>,
  options?: CallUnaryOptions,
): Promise<UnaryResponse<C[M]>>;
export function callUnary<Req, Res>(
  client: grpc.Client,
  method: string,
  request: Req,
  options?: CallUnaryOptions,
): Promise<Res>;
export function callUnary(
  client: grpc.Client,
  method: string,
  request: unknown,
  options: CallUnaryOptions = {},
): Promise<unknown> {
  const auth = clientAuth.get(client);
  grpcClientCalls.inc({ grpc_service: auth?.audience ?? clientAddresses.get(client) ?? '', grpc_method: method });
  if (!auth) return send(client, method, request, options, undefined);
  return auth.issuer.tokenFor(auth.audience).then((token) => send(client, method, request, options, token));
}

function send(
  client: grpc.Client,
  method: string,
  request: unknown,
  options: CallUnaryOptions,
  serviceToken: string | undefined,
): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const fn = (client as unknown as Record<string, unknown>)[method];
    if (typeof fn !== 'function') {
      reject(new TypeError(`gRPC client has no method "${method}"`));
      return;
    }
    const deadlineMs = checkDeadline(
      options.deadlineMs ?? clientDeadlines.get(client) ?? DEFAULT_DEADLINE_MS,
    );
    const metadata = new grpc.Metadata({ waitForReady: false });
    if (options.metadata) metadata.merge(options.metadata);
    if (serviceToken) metadata.set(SERVICE_TOKEN_METADATA_KEY, `Bearer ${serviceToken}`);
    if (options.userToken) metadata.set(USER_TOKEN_METADATA_KEY, options.userToken);
    // A generated client's method carries its path and codecs (grpc-js makeClientConstructor).
    const codec = fn as { path?: string; requestSerialize?: grpc.serialize<unknown>; responseDeserialize?: grpc.deserialize<unknown> };
    const local = codec.requestSerialize && codec.responseDeserialize ? localMethod(clientAddresses.get(client), codec.path) : undefined;
    if (local) {
      const { requestSerialize, responseDeserialize } = codec as Required<typeof codec>;
      let bytes: Buffer;
      try {
        bytes = requestSerialize(request);
      } catch (err) {
        reject(err);
        return;
      }
      callLocal(local, bytes, metadata, Date.now() + deadlineMs).then((answer) => resolve(responseDeserialize(answer)), reject);
      return;
    }
    (fn as UnaryMethod<unknown, unknown>).call(
      client,
      request,
      metadata,
      { deadline: Date.now() + deadlineMs },
      (err, response) => (err ? reject(err) : resolve(response)),
    );
  });
}
