import type { ErrorRequestHandler, RequestHandler } from 'express';
import { status as grpcStatus } from '@grpc/grpc-js';
import { isRefusalKey, refusalOf, refusalText, type FieldRefusals, type RefusalKey, type RefusalParams } from '@taal/contracts';
import { FIELDS_METADATA_KEY, grpcStatusToHttp, isServerAway, PARAMS_METADATA_KEY, REASON_METADATA_KEY } from '@taal/kit';
import type { Logger } from 'pino';

/** The one error shape every /api/v1 call answers with (decisions 0002 and 0026). */
export interface ApiErrorBody {
  success: false;
  /** The catalogue's English text (the spec's wording where it has one). Never parsed by clients. */
  message: string;
  /** The refusal's catalogue key (equal to `reason`; kept for older clients). */
  code: string;
  /** The refusal's catalogue key (LOGIN_FAILED, COURSE_NOT_FOR_SALE, ABOVE_DUE, …), which screens translate. */
  reason: string;
  /** Per-field English texts of a rejected form (field name → text), when there are any. */
  fields?: Record<string, string>;
  /** The same fields → catalogue keys (INVALID_EMAIL, NAME_REQUIRED, …). */
  fieldReasons?: Record<string, string>;
  /** The values the texts interpolate (`{{amount}}` → "1,200.00"), for the screens' own language. */
  params?: Record<string, string | number>;
}

/** The body of a refusal from the catalogue: English texts for people and logs, keys for the screens. */
export function refusalBody(reason: RefusalKey, params?: RefusalParams, fields?: FieldRefusals): ApiErrorBody {
  const body: ApiErrorBody = { success: false, message: refusalText(reason, 'en', params), code: reason, reason };
  if (params && Object.keys(params).length > 0) body.params = { ...params };
  if (fields && Object.keys(fields).length > 0) {
    // A field's text may use the refusal's params too (an upload's field and limit).
    body.fields = Object.fromEntries(Object.entries(fields).map(([field, key]) => [field, refusalText(key, 'en', params)]));
    body.fieldReasons = { ...fields };
  }
  return body;
}

/** A refusal of the edge itself: a catalogue entry (its status), the params its text fills, field keys. */
export class Refused extends Error {
  readonly status: number;
  constructor(
    readonly reason: RefusalKey,
    readonly params?: RefusalParams,
    readonly fieldRefusals?: FieldRefusals,
    /** Response headers that belong to the refusal, e.g. Retry-After of a 429. */
    readonly headers?: Record<string, string>,
  ) {
    super(refusalText(reason, 'en', params));
    this.status = refusalOf(reason).status;
  }
}

/** The edge's one way to refuse (decision 0026): `throw refusal('INVALID_DAY')`. */
export function refusal(reason: RefusalKey, options: { params?: RefusalParams; fields?: FieldRefusals; headers?: Record<string, string> } = {}): Refused {
  return new Refused(reason, options.params, options.fields, options.headers);
}

function metadataValue(error: { metadata?: unknown }, key: string): string | undefined {
  const md = error.metadata as { get?: (k: string) => unknown[] } | undefined;
  const value = typeof md?.get === 'function' ? md.get(key)[0] : undefined;
  return typeof value === 'string' && value !== '' ? value : undefined;
}

function metadataObject(error: { metadata?: unknown }, key: string): Record<string, unknown> {
  try {
    const parsed = JSON.parse(metadataValue(error, key) ?? 'null') as unknown;
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** A service's refusal (`refuse` in the kit): its key, params and field keys, read from the metadata. */
export function serviceRefusal(error: { metadata?: unknown }): Refused | undefined {
  const reason = metadataValue(error, REASON_METADATA_KEY);
  if (!isRefusalKey(reason)) return undefined;
  const params = Object.entries(metadataObject(error, PARAMS_METADATA_KEY)).filter((e): e is [string, string | number] => typeof e[1] === 'string' || typeof e[1] === 'number');
  const fields = Object.entries(metadataObject(error, FIELDS_METADATA_KEY)).filter((e): e is [string, RefusalKey] => isRefusalKey(e[1]));
  return new Refused(reason, params.length > 0 ? Object.fromEntries(params) : undefined, fields.length > 0 ? Object.fromEntries(fields) : undefined);
}

/** The catalogue's generic key of a status, for an error that carries none (gRPC's own, a crash). */
function genericRefusal(code: number): RefusalKey {
  if (code === grpcStatus.UNAVAILABLE) return 'SERVICE_UNAVAILABLE';
  if (code === grpcStatus.DEADLINE_EXCEEDED) return 'TIMEOUT';
  const GENERIC: Partial<Record<number, RefusalKey>> = { 400: 'BAD_REQUEST', 401: 'LOGIN_FIRST', 403: 'PERMISSION_DENIED', 404: 'NOT_FOUND', 409: 'CONFLICT', 429: 'TOO_MANY_REQUESTS' };
  return GENERIC[grpcStatusToHttp(code)] ?? 'INTERNAL';
}

function isGrpcError(error: unknown): error is { code: number; metadata?: unknown } {
  return typeof error === 'object' && error !== null && typeof (error as { code?: unknown }).code === 'number';
}

/** Converts anything thrown by a handler into the API error shape; never reads or leaks a message. */
export function toApiError(error: unknown): { status: number; body: ApiErrorBody } {
  // A route that calls its own service's use cases meets their errors as its gRPC handler did: a refusal
  // (the kit's ServiceError) keeps its key, and a database that is away for a moment is a 503.
  const refused =
    error instanceof Refused
      ? error
      : isGrpcError(error)
        ? (serviceRefusal(error) ?? new Refused(genericRefusal(error.code)))
        : new Refused(isServerAway(error) ? 'SERVICE_UNAVAILABLE' : 'INTERNAL');
  return { status: refused.status, body: refusalBody(refused.reason, refused.params, refused.fieldRefusals) };
}

export function apiNotFound(): RequestHandler {
  return (req, _res, next) => next(refusal('NO_SUCH_ROUTE', { params: { method: req.method, path: req.path } }));
}

/** Body-parser's and similar errors carry their own 4xx status: the catalogue's key for each. */
function requestRefusal(error: unknown): RefusalKey | undefined {
  const typed = error as { status?: unknown; type?: unknown } | null;
  if (error instanceof Refused || typeof typed?.status !== 'number' || typed.status < 400 || typed.status >= 500) return undefined;
  if (typed.status === 413) return 'BODY_TOO_LARGE';
  if (typed.status === 415) return 'UNSUPPORTED_MEDIA_TYPE';
  return typed.type === 'entity.parse.failed' ? 'INVALID_JSON' : 'BAD_REQUEST';
}

export function apiErrorHandler(logger: Logger): ErrorRequestHandler {
  return (error: unknown, req, res, _next) => {
    const request = requestRefusal(error);
    if (request) {
      res.status((error as { status: number }).status).json(refusalBody(request));
      return;
    }
    const { status, body } = toApiError(error);
    if (error instanceof Refused && error.headers) res.set(error.headers);
    // A 5xx the edge chose to answer (search over its time budget, decision 0038) is not a failure, and a
    // flood would log one line per request: only a failure is logged at warn.
    if (status >= 500) logger[error instanceof Refused ? 'debug' : 'warn']({ err: error, path: req.path, status }, 'request failed');
    res.status(status).json(body);
  };
}
