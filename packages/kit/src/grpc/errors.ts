import { Metadata, status, type ServiceError as GrpcServiceError } from '@grpc/grpc-js';

/**
 * An error a handler throws on purpose: unaryHandler sends its code and message to the caller.
 * Any other error becomes INTERNAL with a generic message.
 */
export class ServiceError extends Error {
  constructor(
    readonly code: status,
    message: string,
    readonly metadata?: Metadata,
  ) {
    super(message);
    this.name = 'ServiceError';
  }
}

export const notFound = (message: string) => new ServiceError(status.NOT_FOUND, message);
export const invalidArgument = (message: string) => new ServiceError(status.INVALID_ARGUMENT, message);
export const permissionDenied = (message = 'Permission denied') =>
  new ServiceError(status.PERMISSION_DENIED, message);
export const unauthenticated = (message = 'Authentication required') =>
  new ServiceError(status.UNAUTHENTICATED, message);
export const failedPrecondition = (message: string) => new ServiceError(status.FAILED_PRECONDITION, message);
export const alreadyExists = (message: string) => new ServiceError(status.ALREADY_EXISTS, message);
export const resourceExhausted = (message = 'Too many requests') =>
  new ServiceError(status.RESOURCE_EXHAUSTED, message);
/** A dependency (another service, a payment gateway) is down for now: the caller may retry. */
export const unavailable = (message: string) => new ServiceError(status.UNAVAILABLE, message);

/** True for the errors grpc-js clients reject with (they carry a numeric `code`, `details` and `metadata`). */
export function isGrpcStatusError(err: unknown): err is GrpcServiceError {
  return (
    err instanceof Error &&
    typeof (err as Partial<GrpcServiceError>).code === 'number' &&
    typeof (err as Partial<GrpcServiceError>).details === 'string'
  );
}

/** The single gRPC status → HTTP status mapping used by every HTTP edge. */
export function grpcStatusToHttp(code: status): number {
  switch (code) {
    case status.OK:
      return 200;
    case status.INVALID_ARGUMENT:
    case status.OUT_OF_RANGE:
    case status.FAILED_PRECONDITION:
      return 400;
    case status.UNAUTHENTICATED:
      return 401;
    case status.PERMISSION_DENIED:
      return 403;
    case status.NOT_FOUND:
      return 404;
    case status.ALREADY_EXISTS:
    case status.ABORTED:
      return 409;
    case status.RESOURCE_EXHAUSTED:
      return 429;
    case status.UNIMPLEMENTED:
      return 501;
    case status.UNAVAILABLE:
      return 503;
    case status.DEADLINE_EXCEEDED:
      return 504;
    default:
      return 500;
  }
}

/**
 * Attaches string details to a ServiceError as trailing metadata (e.g. a reason code the HTTP
 * edge reads), so use cases can say why without touching gRPC types.
 */
/**
 * Trailing metadata a service adds to a refusal so the gateway answers precisely: a stable
 * reason code (`EMAIL_TAKEN`, `AMOUNT_MISMATCH`, …) and per-field messages as JSON.
 */
export const REASON_METADATA_KEY = 'x-taal-reason';
export const FIELDS_METADATA_KEY = 'x-taal-fields';

/** The error with its reason (CONSTANT_CASE) and, for a form, its per-field messages. */
export function withReason(err: ServiceError, reason: string, fields?: Record<string, string>): ServiceError {
  const details: Record<string, string> = { [REASON_METADATA_KEY]: reason };
  if (fields && Object.keys(fields).length > 0) details[FIELDS_METADATA_KEY] = JSON.stringify(fields);
  return withDetails(err, details);
}

export function withDetails(err: ServiceError, details: Record<string, string>): ServiceError {
  const metadata = err.metadata?.clone() ?? new Metadata();
  for (const [key, value] of Object.entries(details)) metadata.set(key, value);
  return new ServiceError(err.code, err.message, metadata);
}
