import type { ErrorRequestHandler, RequestHandler } from 'express';
import { grpcStatusToHttp } from '@taal/kit';
import type { Logger } from 'pino';

/** The one error shape every /api/v1 call answers with. */
export interface ApiErrorBody {
  success: false;
  message: string;
  /** A stable machine-readable code, e.g. NOT_FOUND or UNAVAILABLE. */
  code: string;
}

export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
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

function isGrpcError(error: unknown): error is { code: number; details?: string; message: string } {
  return typeof error === 'object' && error !== null && typeof (error as { code?: unknown }).code === 'number';
}

/** Converts anything thrown by a handler into the API error shape; never leaks internals. */
export function toApiError(error: unknown): { status: number; body: ApiErrorBody } {
  if (error instanceof HttpError) {
    return { status: error.status, body: { success: false, message: error.message, code: error.code } };
  }
  if (isGrpcError(error)) {
    const status = grpcStatusToHttp(error.code);
    const code = GRPC_CODE_NAMES[error.code] ?? 'INTERNAL';
    const message =
      status === 503
        ? 'Service temporarily unavailable, please try again shortly'
        : status === 504
          ? 'The service took too long to answer, please try again'
          : status >= 500
            ? 'Something went wrong'
            : (error.details ?? error.message);
    return { status, body: { success: false, message, code } };
  }
  return { status: 500, body: { success: false, message: 'Something went wrong', code: 'INTERNAL' } };
}

export function apiNotFound(): RequestHandler {
  return (req, _res, next) => next(new HttpError(404, 'NOT_FOUND', `No such API route: ${req.method} ${req.path}`));
}

export function apiErrorHandler(logger: Logger): ErrorRequestHandler {
  return (error: unknown, req, res, _next) => {
    // Body-parser and similar errors carry their own 4xx status.
    const typed = error as { status?: number; type?: string; message?: string };
    if (typeof typed?.status === 'number' && typed.status >= 400 && typed.status < 500 && !(error instanceof HttpError)) {
      res.status(typed.status).json({ success: false, message: typed.message ?? 'Bad request', code: 'BAD_REQUEST' });
      return;
    }
    const { status, body } = toApiError(error);
    if (status >= 500) logger.warn({ err: error, path: req.path, status }, 'request failed');
    res.status(status).json(body);
  };
}
