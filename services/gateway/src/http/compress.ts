// The API's JSON answers compressed for clients that accept it (issue 28 item 10: on a 1.6 Mbit/s
// link the course list's 16 KB of JSON took 80 ms of the landing page's first screen; brotli
// makes it about 3 KB). Only JSON answers: files, videos (ranges) and PDFs go out as they are.
import zlib from 'node:zlib';
import type { Request, RequestHandler, Response } from 'express';

/** Smaller answers fit in one packet anyway. */
export const COMPRESS_MIN_BYTES = 1024;

/** Brotli at a quality cheap enough per request (a 16 KB list in well under a millisecond), else gzip. */
function compress(raw: Buffer, encoding: 'br' | 'gzip'): Buffer {
  if (encoding === 'gzip') return zlib.gzipSync(raw, { level: 6 });
  return zlib.brotliCompressSync(raw, {
    params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length, [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT },
  });
}

/**
 * The encodings of ready bytes the response cache sends again and again (the course list): one
 * Buffer per cached entry, so each is compressed once per entry, not on every request.
 */
const encodedOnce = new WeakMap<Buffer, Partial<Record<'br' | 'gzip', Buffer>>>();
/** The encoded bytes of `raw`; a `shared` Buffer (the response cache's) is encoded once, then the same bytes are returned. */
export function compressOnce(raw: Buffer, encoding: 'br' | 'gzip', shared: boolean): Buffer {
  if (!shared) return compress(raw, encoding);
  const known = encodedOnce.get(raw) ?? {};
  known[encoding] ??= compress(raw, encoding);
  encodedOnce.set(raw, known);
  return known[encoding];
}

/** The encoding a request's answer gets: brotli whenever it is accepted at all (browsers list gzip first), else gzip, else none. */
export function acceptedEncoding(req: Request): 'br' | 'gzip' | null {
  return req.acceptsEncodings('br') === 'br' ? 'br' : req.acceptsEncodings('gzip') === 'gzip' ? 'gzip' : null;
}

/**
 * Wraps `res.send` of the requests it sees: a JSON body (`res.json`, or the response cache's
 * ready bytes) of 1 KB or more goes out brotli- or gzip-encoded when the client accepts it.
 */
export function compressJson(): RequestHandler {
  return (req, res, next) => {
    res.vary('Accept-Encoding');
    const accepted = acceptedEncoding(req);
    if (!accepted) return next();
    const send = res.send.bind(res);
    res.send = ((body?: unknown): Response => {
      const type = String(res.getHeader('Content-Type') ?? '');
      const raw = typeof body === 'string' ? Buffer.from(body) : Buffer.isBuffer(body) ? body : null;
      if (!raw || raw.length < COMPRESS_MIN_BYTES || !type.startsWith('application/json') || res.getHeader('Content-Encoding') !== undefined) return send(body);
      res.setHeader('Content-Encoding', accepted);
      // A Buffer handed to send is the response cache's (res.json passes a fresh string).
      return send(compressOnce(raw, accepted, Buffer.isBuffer(body)));
    }) as Response['send'];
    next();
  };
}
