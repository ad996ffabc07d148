import type { Request, RequestHandler, Response } from 'express';
import type { ResponseCache } from '../cache/response-cache';
import type { RefusalKey } from '@taal/contracts';
import { refusal } from './errors';

/** Successful answers share one envelope: { success: true, data }. */
export function ok<T>(data: T) {
  return { success: true as const, data };
}

function sendJsonBytes(res: Response, body: Buffer): void {
  res.status(200).type('application/json').send(body);
}

/** Wraps an async handler so a rejection reaches the error middleware. */
export function handle(fn: (...args: Parameters<RequestHandler>) => Promise<void>): RequestHandler {
  return (req, res, next) => {
    fn(req, res, next).catch(next);
  };
}

/**
 * A GET handler answering from the response cache: `load` runs only on a miss and returns the
 * `data` of the success envelope. Errors thrown by `load` (404, 503) are not cached.
 */
export function cachedRead(
  cache: ResponseCache,
  key: (req: Request) => string,
  load: (req: Request) => Promise<unknown>,
): (ctx: { req: Request; res: Response }) => Promise<void> {
  return async ({ req, res }) => {
    sendJsonBytes(res, await cache.getOrLoad(key(req), async () => ok(await load(req))));
  };
}

const ID = /^[A-Za-z0-9-]{1,64}$/;

/** The `:id` path parameter; anything that cannot be an id is answered 404 with `notFound`. */
export function idParam(req: Request, notFound: RefusalKey = 'NOT_FOUND'): string {
  const id = String(req.params.id);
  if (!ID.test(id)) throw refusal(notFound);
  return id;
}
