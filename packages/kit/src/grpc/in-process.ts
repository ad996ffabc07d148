/**
 * Calls between services of one process (the all-in-one) without a socket: when the launcher
 * turns it on, every gRPC server the kit starts also lists its handlers here, and a kit client
 * whose address is such a server hands the call straight to the same handler (with the same
 * caller verification in front). What the wire would do is still done: the request and the answer
 * are serialised and read back by the method's own codecs, the metadata is copied, the deadline
 * holds and an error reaches the caller as grpc-js's (code, details, metadata). What is saved is
 * HTTP/2: its framing, two socket hops and the event-loop turns between them, on every call.
 */
import * as grpc from '@grpc/grpc-js';

interface LocalMethod {
  path: string;
  handler: grpc.handleUnaryCall<unknown, unknown>;
  requestDeserialize: grpc.deserialize<unknown>;
  responseSerialize: grpc.serialize<unknown>;
}

let enabled = false;
/** address (host:port) → method path → handler. */
const servers = new Map<string, Map<string, LocalMethod>>();

/** Turned on by the all-in-one launcher before its services start (off: every call goes over gRPC). */
export function serveCallsInProcess(on: boolean): void {
  enabled = on;
}

/** Lists a server's (already wrapped) unary handlers under its address; returns the undo. */
export function listLocalServer(address: string, definition: grpc.ServiceDefinition, implementation: grpc.UntypedServiceImplementation): () => void {
  if (!enabled) return () => {};
  const methods = servers.get(address) ?? new Map<string, LocalMethod>();
  servers.set(address, methods);
  for (const [name, method] of Object.entries(definition)) {
    const handler = implementation[name];
    if (typeof handler !== 'function' || method.requestStream || method.responseStream) continue;
    methods.set(method.path, {
      path: method.path,
      handler: handler as grpc.handleUnaryCall<unknown, unknown>,
      requestDeserialize: method.requestDeserialize,
      responseSerialize: method.responseSerialize,
    });
  }
  return () => {
    for (const method of Object.values(definition)) methods.delete(method.path);
    if (methods.size === 0) servers.delete(address);
  };
}

/** The in-process handler of `path` at `address`, when calls are served in process and one is listed. */
export function localMethod(address: string | undefined, path: string | undefined): LocalMethod | undefined {
  if (!enabled || !address || !path) return undefined;
  return servers.get(address)?.get(path);
}

/** An error as grpc-js gives it to a client. */
function clientError(code: grpc.status, details: string, metadata: grpc.Metadata): grpc.ServiceError {
  return Object.assign(new Error(`${code} ${grpc.status[code]}: ${details}`), { code, details, metadata });
}

/**
 * Runs a unary call on a listed handler: the request as bytes (the client's serialiser ran), the
 * answer as bytes for the client's deserialiser; rejects like grpc-js.
 */
export function callLocal(method: LocalMethod, request: Buffer, metadata: grpc.Metadata, deadline: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    let done = false;
    const call = {
      request: method.requestDeserialize(request),
      metadata: metadata.clone(),
      cancelled: false,
      getPath: () => method.path,
      getPeer: () => 'in-process',
      getDeadline: () => deadline,
    };
    const timer = setTimeout(() => {
      if (done) return;
      done = true;
      call.cancelled = true;
      reject(clientError(grpc.status.DEADLINE_EXCEEDED, 'Deadline exceeded', new grpc.Metadata()));
    }, Math.max(0, deadline - Date.now()));
    const answer = (err: Partial<grpc.StatusObject> & { message?: string } | null, value?: unknown) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      if (err) {
        const code = typeof err.code === 'number' ? err.code : grpc.status.UNKNOWN;
        const details = err.details ?? (err as { message?: string }).message ?? '';
        reject(clientError(code, details, err.metadata ?? new grpc.Metadata()));
        return;
      }
      try {
        resolve(method.responseSerialize(value));
      } catch (serializeError) {
        reject(clientError(grpc.status.INTERNAL, `Failed to serialize the answer: ${(serializeError as Error).message}`, new grpc.Metadata()));
      }
    };
    try {
      method.handler(call as unknown as grpc.ServerUnaryCall<unknown, unknown>, answer as grpc.sendUnaryData<unknown>);
    } catch (err) {
      answer({ code: grpc.status.UNKNOWN, details: (err as Error).message });
    }
  });
}
