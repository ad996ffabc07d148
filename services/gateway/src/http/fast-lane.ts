// The fast lane of the public cached reads (issue 25): the course list and the other catalogue
// reads answered by `cachedRead` are the same bytes for everyone until the catalogue changes, yet
// each went through every middleware and ~7 routers again. Once such a read has answered 200, the
// same URL is answered at the very front of the app with the headers and bytes of that real
// answer, for as long as its response-cache entry is the live one (a catalogue event or the TTL
// ends it at once). Everything else (other methods, HEAD, a URL not seen yet, an entry gone,
// a request with a token or a body) goes the normal way.
import type { Request, RequestHandler, Response } from 'express';
import { cachedAnswerOf, type CachedAnswer } from '@taal/edge';
import { acceptedEncoding, compressOnce } from './compress';
import { routeLabelOf, type HttpMetrics } from './metrics';

/** Headers of a recorded answer that belong to its connection or its moment, not to the answer: Node writes them itself. */
const NOT_REPLAYED = new Set(['connection', 'keep-alive', 'date', 'transfer-encoding']);

/** One way of answering a URL: the headers (flat name, value, … as `writeHead` takes them) and the bytes. */
interface Variant {
  headers: (string | string[])[];
  body: Buffer;
}

interface Lane {
  answer: CachedAnswer;
  /** The request metrics' route label of the route that answered it. */
  route: string;
  /** By the request's negotiated encoding and whether it came over TLS (HSTS). */
  variants: Map<string, Variant>;
}

export interface FastLaneOptions {
  metrics?: HttpMetrics;
  /** URLs remembered at most (query strings make them unbounded); the oldest is forgotten first. */
  maxUrls?: number;
}

/** A request the lane may answer: a plain GET, no token (a route might check one), no body (the JSON parser might refuse it). */
function eligible(req: Request): boolean {
  const h = req.headers;
  return (
    req.method === 'GET' &&
    h.authorization === undefined &&
    h['auth-token'] === undefined &&
    h['content-length'] === undefined &&
    h['transfer-encoding'] === undefined
  );
}

/** Mount first: answers remembered public cached reads itself, and remembers the ones the app answers. */
export function fastLane(options: FastLaneOptions = {}): RequestHandler {
  const { metrics, maxUrls = 1000 } = options;
  const lanes = new Map<string, Lane>();
  // acceptedEncoding by Accept-Encoding value: clients send a handful of distinct ones.
  const encodings = new Map<string, 'br' | 'gzip' | null>();
  const encodingOf = (req: Request) => {
    const header = req.headers['accept-encoding'] ?? '\0';
    let encoding = encodings.get(header);
    if (encoding === undefined) {
      encoding = acceptedEncoding(req);
      if (encodings.size >= 100) encodings.clear();
      encodings.set(header, encoding);
    }
    return encoding;
  };

  const remember = (url: string, variant: string, req: Request, res: Response) => {
    const answer = cachedAnswerOf(res);
    if (!answer || res.statusCode !== 200 || answer.cache.peek(answer.key) !== answer.body) return;
    const encoding = res.getHeader('Content-Encoding');
    if (encoding !== undefined && encoding !== 'br' && encoding !== 'gzip') return;
    // The very bytes compressJson sent: the encodings of a cached entry are made once per entry.
    const body = encoding === undefined ? answer.body : compressOnce(answer.body, encoding, true);
    if (res.getHeader('Content-Length') !== String(body.length)) return;
    const headers: (string | string[])[] = [];
    // As set, in their casing (Node has it on every outgoing message; its types only on ClientRequest).
    for (const name of (res as unknown as { getRawHeaderNames(): string[] }).getRawHeaderNames()) {
      if (NOT_REPLAYED.has(name.toLowerCase())) continue;
      const value = res.getHeader(name)!;
      headers.push(name, typeof value === 'number' ? String(value) : value);
    }
    let lane = lanes.get(url);
    if (lane?.answer.body !== answer.body) {
      lanes.delete(url);
      if (lanes.size >= maxUrls) lanes.delete(lanes.keys().next().value!);
      lane = { answer, route: routeLabelOf(req), variants: new Map() };
      lanes.set(url, lane);
    }
    lane.variants.set(variant, { headers, body });
  };

  return (req, res, next) => {
    if (!eligible(req)) return next();
    const url = req.originalUrl;
    const variant = `${encodingOf(req) ?? ''}|${req.secure ? 'tls' : ''}`;
    const lane = lanes.get(url);
    if (lane) {
      const { answer } = lane;
      if (answer.cache.peek(answer.key) !== answer.body) {
        lanes.delete(url);
      } else {
        const known = lane.variants.get(variant);
        if (known) {
          if (metrics) {
            const started = process.hrtime.bigint();
            res.once('finish', () => metrics.observe('GET', lane.route, 200, started));
          }
          res.writeHead(200, known.headers);
          res.end(known.body);
          return;
        }
      }
    }
    res.once('finish', () => remember(url, variant, req, res));
    next();
  };
}
