import type { RequestHandler, Response } from 'express';

/** Successful answers share one envelope: { success: true, data }. */
export function ok<T>(data: T) {
  return { success: true as const, data };
}

export function sendJsonBytes(res: Response, body: Buffer): void {
  res.status(200).type('application/json').send(body);
}

/** Wraps an async handler so a rejection reaches the error middleware. */
export function handle(fn: (...args: Parameters<RequestHandler>) => Promise<void>): RequestHandler {
  return (req, res, next) => {
    fn(req, res, next).catch(next);
  };
}
