import { status, type handleUnaryCall, type Metadata, type ServerUnaryCall } from '@grpc/grpc-js';
import { createLogger, type Logger } from '../log';
import { ServiceError } from './errors';
import type { CallerIdentity } from './identity';

export interface CallContext {
  /** The user the call acts for, verified by the server before the handler runs (null: none). */
  identity: CallerIdentity | null;
  /** The calling service, verified the same way (its name, e.g. 'gateway'). */
  callerService: string;
  metadata: Metadata;
  /** Full method path, e.g. `/taal.catalogue.v1.CatalogueService/GetCourse`. */
  method: string;
  /** True once the client cancelled or its deadline passed. */
  cancelled(): boolean;
}

export const INTERNAL_ERROR_MESSAGE = 'Internal error';

let defaultLogger: Logger | undefined;

/** Filled by the server's authentication step (server.ts) before a handler runs. */
const verifiedCallers = new WeakMap<object, { service: string; identity: CallerIdentity | null }>();

export function recordVerifiedCaller(call: object, caller: { service: string; identity: CallerIdentity | null }): void {
  verifiedCallers.set(call, caller);
}

/**
 * Wraps an async function into a grpc-js unary handler. ServiceError keeps its code and message;
 * anything else is logged and reaches the caller as INTERNAL with a generic message.
 */
export function unaryHandler<Req, Res>(
  fn: (request: Req, ctx: CallContext) => Promise<Res>,
  logger?: Logger,
): handleUnaryCall<Req, Res> {
  return (call: ServerUnaryCall<Req, Res>, callback) => {
    const caller = verifiedCallers.get(call);
    const ctx: CallContext = {
      identity: caller?.identity ?? null,
      callerService: caller?.service ?? '',
      metadata: call.metadata,
      method: call.getPath(),
      cancelled: () => call.cancelled,
    };
    let promise: Promise<Res>;
    try {
      promise = fn(call.request, ctx);
    } catch (err) {
      promise = Promise.reject(err);
    }
    promise.then(
      (response) => callback(null, response),
      (err: unknown) => {
        if (err instanceof ServiceError) {
          callback({ code: err.code, details: err.message, metadata: err.metadata });
          return;
        }
        (logger ?? (defaultLogger ??= createLogger('grpc'))).error(
          { err, method: ctx.method },
          'unhandled error in gRPC handler',
        );
        callback({ code: status.INTERNAL, details: INTERNAL_ERROR_MESSAGE });
      },
    );
  };
}
