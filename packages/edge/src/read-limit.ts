/**
 * Fair use (decisions 0038 and 0065): per client, a count of the requests that cost a service work,
 * so one client cannot take the services' time from everyone else. Routes declare `fairUse`
 * (route-table.ts); the edge counts each such request before its handler runs, except a
 * `cachedRead` handler, which counts only when it loads (a cache miss): an answer from the response
 * cache costs nothing. Over the limit: 429 with Retry-After.
 *
 * A client is its user when the request carries a valid access token, its address otherwise: behind
 * one address (a school, a proxy) each signed-in user has their own count, and a flood from that
 * address does not refuse them.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { Request, Response } from 'express';
import { TurnsPerKey, type Cache } from '@taal/kit';
import { accessTokenOf, type AccessTokenVerifier, type AuthenticatedCaller } from './auth';
import { refusal } from './errors';
import { WindowCounter } from './rate-limit';

/**
 * Which per-client count a request takes: search's own, the one of every other public read that
 * reaches a service, or `documents`: a signed-in user's costly reads of their own (receipt and
 * statement PDFs, statements), counted per user.
 */
export type FairUse = 'search' | 'reads' | 'documents';

export interface PublicReadLimits {
  /** Searches one client may make within the window (0: no limit). */
  search: number;
  /** Other public reads that reach a service (cache misses, uncached reads) per client within the window (0: no limit). */
  reads: number;
  /** Receipts, statements and their PDFs one user may ask for within the window (0: no limit). */
  documents: number;
  windowSeconds: number;
  /**
   * How long a refusal past the limit waits before it is sent (0: at once). A client that loops on
   * its refusals (a script with N connections) then gets N answers a second instead of as many as
   * the edge can make, so its refusals no longer take the edge's time from everyone else.
   */
  refusalDelayMs: number;
}

/**
 * A person searches by submitting the box (no search as you type): 30 a minute is several times
 * what one does, and leaves room for a few people behind one address. Browsing costs a handful of
 * uncached reads per page (most are answered from the cache, which does not count).
 * A person fetches a receipt or a statement now and then, and pages a statement a page at a time:
 * 30 a minute is far more than that, and a script past it gets a refusal instead of a rendering.
 */
export const DEFAULT_PUBLIC_READ_LIMITS: PublicReadLimits = { search: 30, reads: 300, documents: 30, windowSeconds: 60, refusalDelayMs: 1000 };

const REFUSAL = { search: 'TOO_MANY_SEARCHES', reads: 'TOO_MANY_READS', documents: 'TOO_MANY_DOCUMENT_REQUESTS' } as const;

/**
 * Requests of a kind one client is answered at once on this replica; their others wait in order.
 * Documents (receipts, statements): a person opens one at a time; a script opening six at once
 * within its budget then queues behind itself, and everyone else's requests wait behind one of its
 * documents at most, not six (decision 0065). The other kinds are not held.
 */
export const AT_ONCE_PER_CLIENT: Partial<Record<FairUse, number>> = { documents: 1 };

/** Clients this replica remembers as refused until their window ends, at most (the oldest is forgotten first). */
const REFUSED_REMEMBERED = 10_000;
/** Refusals held back at once, at most (each an open connection and a timer); past it they are sent at once. */
const DELAYED_AT_MOST = 1000;

/**
 * The per-client counts of the public reads, through the cache port (memory in all-in-one, Redis in
 * a cluster: every replica shares them). A client found over its limit stays so until its window
 * ends (the window is fixed), so each replica also remembers that moment and refuses the client's
 * further reads of that kind without asking the cache: a flood past its limit costs no round trip.
 */
/**
 * The header the server's own reads carry: the API calls of the first screens the web server draws
 * (decision 0070), whose visitor it counted once for the page. With `serverReadKey` as its value.
 */
export const SERVER_READ_HEADER = 'x-taal-server-read';

export class PublicReadLimiter {
  /** Known only to this process (it never leaves it): a read carrying it is the server's own, not counted. */
  readonly serverReadKey = randomBytes(24).toString('base64url');
  private readonly counter: WindowCounter;
  private readonly refusedUntil = new Map<string, number>();
  private delayed = 0;
  private readonly turns = new Map(Object.entries(AT_ONCE_PER_CLIENT).map(([kind, atOnce]) => [kind as FairUse, new TurnsPerKey(atOnce)]));

  constructor(
    cache: Cache,
    readonly limits: PublicReadLimits = DEFAULT_PUBLIC_READ_LIMITS,
    private readonly now: () => number = Date.now,
    /** Tells a signed-in client by its token on routes that do not check one (none: every client is its address). */
    private readonly tokens?: AccessTokenVerifier,
  ) {
    this.counter = new WindowCounter(cache, limits.windowSeconds, now);
  }

  /** Whether the request is one of the server's own reads (SERVER_READ_HEADER with this process's key). */
  isServerRead(req: Request): boolean {
    const given = Buffer.from(req.get(SERVER_READ_HEADER) ?? '');
    const key = Buffer.from(this.serverReadKey);
    return given.length === key.length && timingSafeEqual(given, key);
  }

  /** Counts one read of `kind` for the client; throws 429 (with Retry-After) once it is over its limit. */
  async hit(kind: FairUse, client: string): Promise<void> {
    const limit = this.limits[kind];
    if (limit <= 0) return;
    const key = `fair:${kind}:${client}`;
    let until = this.refusedUntil.get(key);
    if (until !== undefined && until <= this.now()) {
      this.refusedUntil.delete(key);
      until = undefined;
    }
    if (until === undefined) {
      if ((await this.counter.hit(key)) <= limit) return;
      until = this.now() + (await this.counter.retryAfter(key)) * 1000;
      if (this.refusedUntil.size >= REFUSED_REMEMBERED) this.refusedUntil.delete(this.refusedUntil.keys().next().value as string);
      this.refusedUntil.set(key, until);
    }
    await this.holdBack();
    const seconds = Math.max(1, Math.ceil((until - this.now()) / 1000));
    throw refusal(REFUSAL[kind], { params: { seconds }, headers: { 'Retry-After': String(seconds) } });
  }

  /**
   * Counts one read of `kind` for the client (`hit`), then waits for the client's turn when the kind
   * has one (AT_ONCE_PER_CLIENT); the function returned gives the turn back once the request is
   * answered. A refusal takes no turn. The turn starts on the next turn of the event loop, so what
   * arrived meanwhile (other clients' requests) is read before the client's next one runs.
   */
  async admit(kind: FairUse, client: string): Promise<() => void> {
    await this.hit(kind, client);
    const turns = this.turns.get(kind);
    if (!turns) return () => {};
    const giveBack = await turns.take(client);
    await new Promise<void>((resolve) => setImmediate(resolve));
    return giveBack;
  }

  /** Waits `refusalDelayMs` before a refusal is sent (unless too many are already waiting). */
  private async holdBack(): Promise<void> {
    if (this.limits.refusalDelayMs <= 0 || this.delayed >= DELAYED_AT_MOST) return;
    this.delayed += 1;
    try {
      await new Promise((resolve) => setTimeout(resolve, this.limits.refusalDelayMs));
    } finally {
      this.delayed -= 1;
    }
  }

  /**
   * The client a request is counted for: `user:<id>` for a signed-in caller (checked by the route's
   * access check, or here from a token the route does not require), else its address. A token that
   * does not verify counts as no token: a public read answers it as it answers anyone.
   */
  async clientOf(req: Request, res?: Response): Promise<string> {
    const caller = res?.locals.caller as AuthenticatedCaller | undefined;
    if (caller) return `user:${caller.userId}`;
    const token = accessTokenOf(req);
    if (token && this.tokens) {
      const who = await this.tokens.verifyAccessToken(token).catch(() => null);
      if (who) return `user:${who.userId}`;
    }
    return addressOf(req);
  }
}

/** A request's client address (req.ip honours the app's `trust proxy`). */
export const addressOf = (req: Request): string => req.ip ?? req.socket.remoteAddress ?? 'unknown';

/** What a read that counts only when it loads calls then (set by mountRoutes per request). */
const onLoad = new WeakMap<Response, () => Promise<void>>();

/** Handlers that count only when they load (`cachedRead`): their cache hits are free. */
const countsOnLoad = new WeakSet<object>();

/** Marks a handler as one that calls `chargeLoad` when (and only when) it loads. */
export function countedOnLoad<H extends object>(handler: H): H {
  countsOnLoad.add(handler);
  return handler;
}

/** Whether a handler counts only when it loads. */
export const isCountedOnLoad = (handler: object): boolean => countsOnLoad.has(handler);

/** Sets what a load of this request counts (mountRoutes). */
export function chargeOnLoad(res: Response, count: () => Promise<void>): void {
  onLoad.set(res, count);
}

/** Counts this request's load against its client's limit, if its route has one (throws its 429). */
export async function chargeLoad(res: Response): Promise<void> {
  await onLoad.get(res)?.();
}
