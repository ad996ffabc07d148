import type { ErrorRequestHandler, RequestHandler } from 'express';
import { isRefusalKey, reasonOfMessage, refusalOf, refusalText, type FieldRefusals, type RefusalKey, type RefusalParams } from '@taal/contracts';
import { FIELDS_METADATA_KEY, grpcStatusToHttp, PARAMS_METADATA_KEY, REASON_METADATA_KEY } from '@taal/kit';
import type { Logger } from 'pino';

/** The one error shape every /api/v1 call answers with (decision 0002). */
export interface ApiErrorBody {
  success: false;
  /** Human-readable, in English: the specs' wording where they have one. Never parsed by clients. */
  message: string;
  /** A stable machine-readable kind, e.g. NOT_FOUND, UNAVAILABLE, VALIDATION_FAILED, EMAIL_TAKEN. */
  code: string;
  /**
   * The stable key of this message, which user interfaces translate: the CONSTANT_CASE key of
   * the message in the contracts' catalogue (LOGIN_FAILED, EMAIL_NOT_VERIFIED, …), else `code`.
   */
  reason: string;
  /** Per-field messages of a rejected form (field name → English message), when there are any. */
  fields?: Record<string, string>;
  /** The same fields → reason keys (INVALID_EMAIL, NAME_REQUIRED, …; INVALID_VALUE when uncatalogued). */
  fieldReasons?: Record<string, string>;
  /** The values the reason's text interpolates (`{{amount}}` → "1,200.00"), for the screens' own language. */
  params?: Record<string, string | number>;
}

/** The body of a refusal from the catalogue (decision 0026): English texts, keys for the screens. */
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

/** The reason of a field's message when the catalogue has none for it. */
export const UNCATALOGUED_FIELD_REASON = 'INVALID_VALUE';

/** Builds the error body: the reason keys are derived from the messages' catalogue keys. */
export function errorBody(code: string, message: string, fields?: Record<string, string>): ApiErrorBody {
  const body: ApiErrorBody = { success: false, message, code, reason: reasonOfMessage(message) ?? code };
  if (fields && Object.keys(fields).length > 0) {
    body.fields = fields;
    body.fieldReasons = Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, reasonOfMessage(v) ?? UNCATALOGUED_FIELD_REASON]));
  }
  return body;
}

export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
    /** Response headers that belong to the error, e.g. Retry-After of a 429. */
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

/** A refusal of the edge itself, from the catalogue: its status, key, params and field keys. */
export class Refused extends HttpError {
  constructor(
    readonly reason: RefusalKey,
    readonly params?: RefusalParams,
    readonly fieldRefusals?: FieldRefusals,
    headers?: Record<string, string>,
  ) {
    super(refusalOf(reason).status, reason, refusalText(reason, 'en', params), undefined, headers);
  }
}

/** The edge's way to refuse (decision 0026): `throw refusal('INVALID_DAY')`. */
export function refusal(reason: RefusalKey, options: { params?: RefusalParams; fields?: FieldRefusals; headers?: Record<string, string> } = {}): Refused {
  return new Refused(reason, options.params, options.fields, options.headers);
}


function parsedMetadata(error: { metadata?: unknown }, key: string): Record<string, unknown> | undefined {
  const raw = metadataValue(error, key);
  if (!raw) return undefined;
  try {
    const parsed = JSON.parse(raw) as unknown;
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** A catalogue refusal a service sent (`refuse`): its key, params and field keys. */
function serviceRefusal(error: { metadata?: unknown }): { reason: RefusalKey; params?: RefusalParams; fields?: FieldRefusals } | undefined {
  const reason = metadataValue(error, REASON_METADATA_KEY);
  if (!isRefusalKey(reason)) return undefined;
  const params = Object.fromEntries(Object.entries(parsedMetadata(error, PARAMS_METADATA_KEY) ?? {}).filter((e): e is [string, string | number] => typeof e[1] === 'string' || typeof e[1] === 'number'));
  const rawFields = Object.entries(parsedMetadata(error, FIELDS_METADATA_KEY) ?? {});
  // Fields are keys when every value is one (a service that still sends English gets the old path).
  if (rawFields.length > 0 && !rawFields.every(([, v]) => isRefusalKey(v))) return undefined;
  const fields = rawFields.length > 0 ? (Object.fromEntries(rawFields) as FieldRefusals) : undefined;
  return { reason, params: Object.keys(params).length > 0 ? params : undefined, fields };
}

function metadataValue(error: { metadata?: unknown }, key: string): string | undefined {
  const md = error.metadata as { get?: (k: string) => unknown[] } | undefined;
  const value = typeof md?.get === 'function' ? md.get(key)[0] : undefined;
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** The per-field messages a service attached to its refusal (`withReason`), if any. */
export function fieldsOf(error: { metadata?: unknown }): Record<string, string> | undefined {
  const raw = metadataValue(error, FIELDS_METADATA_KEY);
  if (!raw) return undefined;
  try {
    const parsed = JSON.parse(raw) as unknown;
    if (!parsed || typeof parsed !== 'object') return undefined;
    const entries = Object.entries(parsed).filter((e): e is [string, string] => typeof e[1] === 'string');
    return entries.length > 0 ? Object.fromEntries(entries) : undefined;
  } catch {
    return undefined;
  }
}

const GRPC_CODE_NAMES: Record<number, string> = {
  1: 'CANCELLED',
  2: 'UNKNOWN',
  3: 'INVALID_ARGUMENT',
  4: 'DEADLINE_EXCEEDED',
  5: 'NOT_FOUND',
  6: 'ALREADY_EXISTS',
  7: 'PERMISSION_DENIED',
  8: 'RESOURCE_EXHAUSTED',
  9: 'FAILED_PRECONDITION',
  10: 'ABORTED',
  11: 'OUT_OF_RANGE',
  12: 'UNIMPLEMENTED',
  13: 'INTERNAL',
  14: 'UNAVAILABLE',
  15: 'DATA_LOSS',
  16: 'UNAUTHENTICATED',
};

function isGrpcError(error: unknown): error is { code: number; details?: string; message: string; metadata?: unknown } {
  return typeof error === 'object' && error !== null && typeof (error as { code?: unknown }).code === 'number';
}

/** Converts anything thrown by a handler into the API error shape; never leaks internals. */
export function toApiError(error: unknown): { status: number; body: ApiErrorBody } {
  if (error instanceof Refused) {
    return { status: error.status, body: refusalBody(error.reason, error.params, error.fieldRefusals) };
  }
  if (error instanceof HttpError) {
    return { status: error.status, body: errorBody(error.code, error.message, error.fields) };
  }
  if (isGrpcError(error)) {
    const refused = serviceRefusal(error);
    if (refused) {
      const status = refusalOf(refused.reason).status;
      if (status < 500) return { status, body: refusalBody(refused.reason, refused.params, refused.fields) };
    }
    const status = grpcStatusToHttp(error.code);
    const reason = status < 500 ? metadataValue(error, REASON_METADATA_KEY) : undefined;
    const code = reason && /^[A-Z_]{1,40}$/.test(reason) ? reason : (GRPC_CODE_NAMES[error.code] ?? 'INTERNAL');
    const message =
      status === 503
        ? 'Service temporarily unavailable, please try again shortly'
        : status === 504
          ? 'The service took too long to answer, please try again'
          : status >= 500
            ? 'Something went wrong'
            : (error.details ?? error.message);
    return { status, body: errorBody(code, message, status < 500 ? fieldsOf(error) : undefined) };
  }
  return { status: 500, body: errorBody('INTERNAL', 'Something went wrong') };
}

export function apiNotFound(): RequestHandler {
  return (req, _res, next) => next(refusal('NO_SUCH_ROUTE', { params: { method: req.method, path: req.path } }));
}

export function apiErrorHandler(logger: Logger): ErrorRequestHandler {
  return (error: unknown, req, res, _next) => {
    // Body-parser and similar errors carry their own 4xx status.
    const typed = error as { status?: number; type?: string; message?: string };
    if (typeof typed?.status === 'number' && typed.status >= 400 && typed.status < 500 && !(error instanceof HttpError)) {
      const reason: RefusalKey = typed.status === 413 ? 'BODY_TOO_LARGE' : typed.type === 'entity.parse.failed' ? 'INVALID_JSON' : typed.status === 415 ? 'UNSUPPORTED_MEDIA_TYPE' : 'BAD_REQUEST';
      res.status(typed.status).json(refusalBody(reason));
      return;
    }
    const { status, body } = toApiError(error);
    if (error instanceof HttpError && error.headers) res.set(error.headers);
    if (status >= 500) logger.warn({ err: error, path: req.path, status }, 'request failed');
    res.status(status).json(body);
  };
}
