import type { ErrorRequestHandler, RequestHandler } from 'express';
import { reasonOfMessage } from '@taal/contracts';
import { FIELDS_METADATA_KEY, grpcStatusToHttp, REASON_METADATA_KEY } from '@taal/kit';
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
  if (error instanceof HttpError) {
    return { status: error.status, body: errorBody(error.code, error.message, error.fields) };
  }
  if (isGrpcError(error)) {
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
  return (req, _res, next) => next(new HttpError(404, 'NOT_FOUND', `No such API route: ${req.method} ${req.path}`));
}

export function apiErrorHandler(logger: Logger): ErrorRequestHandler {
  return (error: unknown, req, res, _next) => {
    // Body-parser and similar errors carry their own 4xx status.
    const typed = error as { status?: number; type?: string; message?: string };
    if (typeof typed?.status === 'number' && typed.status >= 400 && typed.status < 500 && !(error instanceof HttpError)) {
      res.status(typed.status).json(errorBody('BAD_REQUEST', typed.message ?? 'Bad request'));
      return;
    }
    const { status, body } = toApiError(error);
    if (error instanceof HttpError && error.headers) res.set(error.headers);
    if (status >= 500) logger.warn({ err: error, path: req.path, status }, 'request failed');
    res.status(status).json(body);
  };
}
