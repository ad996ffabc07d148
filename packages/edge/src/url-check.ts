/**
 * Addresses the edge refuses before any route sees them (issue 36): a path or query that
 * percent-decodes to a NUL or to bytes that are not UTF-8, or that holds a raw byte outside
 * printable ASCII (a client must percent-encode those; RFC 3986). Express would hand a NUL to a
 * service (PostgreSQL refuses NUL in text: a 500) and leaves a query value it cannot decode as
 * its raw `%FF`; both are now a 400 MALFORMED_URL in the API's error shape.
 */
import type { RequestHandler } from 'express';
import { refusal } from './errors';

const PRINTABLE_ASCII = /^[\x21-\x7e]*$/;

/** Whether the request target (path and query, as sent) is refused. */
export function isMalformedUrl(url: string): boolean {
  if (!PRINTABLE_ASCII.test(url)) return true;
  if (!url.includes('%')) return false;
  const q = url.indexOf('?');
  // The query as a form reads it ('+' is a space); the path as it is.
  const parts = q === -1 ? [url] : [url.slice(0, q), url.slice(q + 1).replace(/\+/g, ' ')];
  try {
    return parts.some((part) => decodeURIComponent(part).includes('\0'));
  } catch {
    // URIError: an escape that is not UTF-8 (%FF, %C3%28), a lone surrogate, or a '%' without two hex digits.
    return true;
  }
}

/** Mount before the routes: a malformed path or query is answered 400 MALFORMED_URL (JSON under /api, plain elsewhere). */
export function refuseMalformedUrls(): RequestHandler {
  return (req, _res, next) => {
    next(isMalformedUrl(req.originalUrl) ? refusal('MALFORMED_URL') : undefined);
  };
}
