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

/** What the caller reads while the database is away (the edge answers 503 SERVICE_UNAVAILABLE). */
export const DATABASE_AWAY_MESSAGE = 'Service temporarily unavailable';
/** SQLSTATEs of a server shutting down or starting (57P01-03) and socket errors of a lost connection. */
const DATABASE_AWAY_CODES = new Set(['57P01', '57P02', '57P03', 'ECONNREFUSED', 'ECONNRESET', 'EPIPE']);

/**
 * Whether an error means the database (or another server) is away for a moment, as during a
 * restart or failover: connection exceptions (SQLSTATE class 08), shutdown and start-up codes,
 * a refused or dropped socket, and pg's own "Connection terminated" and pool-timeout errors.
 * Such a call is refused as UNAVAILABLE (retry later), not INTERNAL (issue 23's fault suite
 * saw a 500 during a Postgres restart).
 */
export function isServerAway(err: unknown): boolean {
  const e = err as { code?: unknown; message?: unknown } | null;
  const code = typeof e?.code === 'string' ? e.code : '';
  if (code.startsWith('08') || DATABASE_AWAY_CODES.has(code)) return true;
  return typeof e?.message === 'string' && /^(Connection terminated|timeout exceeded when trying to connect)/.test(e.message);
}

/** Filled by the server's authentication step (server.ts) before a handler runs. */
const verifiedCallers = new WeakMap<object, { service: string; identity: CallerIdentity | null }>();

export function recordVerifiedCaller(call: object, caller: { service: string; identity: CallerIdentity | null }): void {
  verifiedCallers.set(call, caller);
}

/**
 * Wraps an async function into a grpc-js unary handler. ServiceError keeps its code and message;
 * a server that is away (isServerAway) is UNAVAILABLE; anything else is logged and reaches the
 * caller as INTERNAL with a generic message.
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
        if (isServerAway(err)) {
          (logger ?? (defaultLogger ??= createLogger('grpc'))).warn({ err, method: ctx.method }, 'a server this call needs is away: refused as UNAVAILABLE');
          callback({ code: status.UNAVAILABLE, details: DATABASE_AWAY_MESSAGE });
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
