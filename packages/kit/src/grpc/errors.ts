import { Metadata, status, type ServiceError as GrpcServiceError } from '@grpc/grpc-js';
import { refusalOf, refusalText, type FieldRefusals, type RefusalKey, type RefusalParams, type RefusalStatus } from '@taal/contracts';

/**
 * An error a handler throws on purpose: unaryHandler sends its code and message to the caller.
 * Any other error becomes INTERNAL with a generic message.
 */
export class ServiceError extends Error {
  /**
   * The message and metadata as a gRPC client reads them: a route that calls its own service's use cases
   * directly (issue 52) meets the same error as its gRPC client did (`isGrpcStatusError`, the reason key).
   */
  readonly details: string;
  readonly metadata: Metadata;

  constructor(
    readonly code: status,
    message: string,
    metadata?: Metadata,
  ) {
    super(message);
    this.name = 'ServiceError';
    this.details = message;
    this.metadata = metadata ?? new Metadata();
  }
}

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
 * Trailing metadata a refusal carries so the edge answers precisely (decision 0026): its
 * catalogue key, the values its text fills, and a form's field keys, as JSON.
 */
export const REASON_METADATA_KEY = 'x-taal-reason';
export const FIELDS_METADATA_KEY = 'x-taal-fields';
/** The values the reason's text interpolates, as JSON (`{"amount":"1,200.00"}`). */
export const PARAMS_METADATA_KEY = 'x-taal-params';

/** The gRPC code that carries a refusal of this HTTP status (the edge answers the catalogue's status). */
function grpcCodeOf(httpStatus: RefusalStatus): status {
  switch (httpStatus) {
    case 401:
      return status.UNAUTHENTICATED;
    case 403:
      return status.PERMISSION_DENIED;
    case 404:
    case 410:
      return status.NOT_FOUND;
    case 409:
      return status.ALREADY_EXISTS;
    case 413:
      return status.OUT_OF_RANGE;
    case 429:
      return status.RESOURCE_EXHAUSTED;
    case 500:
      return status.INTERNAL;
    case 503:
      return status.UNAVAILABLE;
    case 504:
      return status.DEADLINE_EXCEEDED;
    default:
      return status.INVALID_ARGUMENT;
  }
}

/**
 * The one way a service refuses (decision 0026): an entry of the contracts' refusal catalogue,
 * with the values its text interpolates and, for a form, each field's refusal key. The message
 * is the entry's English text; the key, the params and the fields travel as trailing metadata
 * for the edge, which answers the entry's status and lets the screens translate by key.
 */
export function refuse(key: RefusalKey, params?: RefusalParams, fields?: FieldRefusals): ServiceError {
  const metadata = new Metadata();
  metadata.set(REASON_METADATA_KEY, key);
  if (params && Object.keys(params).length > 0) metadata.set(PARAMS_METADATA_KEY, JSON.stringify(params));
  if (fields && Object.keys(fields).length > 0) metadata.set(FIELDS_METADATA_KEY, JSON.stringify(fields));
  return new ServiceError(grpcCodeOf(refusalOf(key).status), refusalText(key, 'en', params), metadata);
}

/** A form's refusal: the first field's key is the headline, every field keeps its own key. */
export function refuseFields(fields: FieldRefusals, headline?: RefusalKey): ServiceError {
  const keys = Object.values(fields);
  return refuse(headline ?? keys[0] ?? 'INVALID_VALUE', undefined, fields);
}

/** The catalogue key a refusal carries (thrown here by `refuse`, or received from another service); undefined for other errors. */
export function refusalKeyOf(err: unknown): string | undefined {
  const metadata = (err as { metadata?: unknown } | null)?.metadata;
  if (!(metadata instanceof Metadata)) return undefined;
  const value = metadata.get(REASON_METADATA_KEY)[0];
  return typeof value === 'string' ? value : undefined;
}
