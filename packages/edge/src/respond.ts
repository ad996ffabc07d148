import type { Request, RequestHandler, Response } from 'express';
import type { ResponseCache } from './response-cache';
import type { RefusalKey } from '@taal/contracts';
import { refusal } from './errors';
import { chargeLoad, countedOnLoad } from './read-limit';

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

/** A public answer `cachedRead` sent: the cache and key it came from, and the bytes (before any encoding). */
export interface CachedAnswer {
  cache: ResponseCache;
  key: string;
  body: Buffer;
}

const cachedAnswers = new WeakMap<Response, CachedAnswer>();

/**
 * What `cachedRead` answered on this response, if it did for a caller without a token (an auth
 * check that let the request through leaves a caller): the gateway's fast lane answers the same
 * URL again from it while `cache.peek(key)` is still these very bytes.
 */
export function cachedAnswerOf(res: Response): CachedAnswer | undefined {
  return cachedAnswers.get(res);
}

/**
 * A GET handler answering from the response cache: `load` runs only on a miss and returns the
 * `data` of the success envelope. Errors thrown by `load` (404, 503) are not cached. Of a route
 * with `fairUse`, only a miss counts against the client's limit (decision 0038).
 */
export function cachedRead(
  cache: ResponseCache,
  key: (req: Request) => string,
  load: (req: Request) => Promise<unknown>,
): (ctx: { req: Request; res: Response }) => Promise<void> {
  return countedOnLoad(async ({ req, res }: { req: Request; res: Response }) => {
    const name = key(req);
    const body = await cache.getOrLoad(name, async () => {
      await chargeLoad(res);
      return ok(await load(req));
    });
    if (res.locals.caller === undefined) cachedAnswers.set(res, { cache, key: name, body });
    sendJsonBytes(res, body);
  });
}

const ID = /^[A-Za-z0-9-]{1,64}$/;

/** The `:id` path parameter; anything that cannot be an id is answered 404 with `notFound`. */
export function idOf(req: Request, notFound: RefusalKey = 'NOT_FOUND'): string {
  const id = String(req.params.id);
  if (!ID.test(id)) throw refusal(notFound);
  return id;
}

/** Raster image types a user file may be shown inline as, with the extension of its fixed name. */
const INLINE_IMAGES: Record<string, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp', 'image/gif': 'gif' };

/**
 * Sends a user's file (e.g. a profile photo): nosniff (global), a fixed safe file name (never the
 * uploader's), inline only for raster images of a known type, anything else as an
 * application/octet-stream attachment.
 */
export function sendUserFile(res: Response, data: Uint8Array, contentType: string, name = 'photo', cacheControl = 'private, max-age=300'): void {
  const type = contentType.split(';')[0]!.trim().toLowerCase();
  const ext = INLINE_IMAGES[type];
  res.status(200).setHeader('Cache-Control', cacheControl);
  res.setHeader('X-Content-Type-Options', 'nosniff');
  if (ext) {
    res.setHeader('Content-Type', type);
    res.setHeader('Content-Disposition', `inline; filename="${name}.${ext}"`);
  } else {
    res.setHeader('Content-Type', 'application/octet-stream');
    res.setHeader('Content-Disposition', `attachment; filename="${name}"`);
  }
  res.send(Buffer.from(data));
}
