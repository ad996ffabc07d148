/**
 * One declaration per API route: method, path, path parameters, request body, answers per
 * status (zod schemas), summary and who may call it, beside the handler. `mountRoutes` registers
 * the Express handlers (validating the body, and the parameters that carry their own error);
 * `openapi.ts` builds the OpenAPI document served at /api/v1/openapi.json from the same
 * declarations, so the document cannot miss a route or a rule the gateway checks.
 */
import { Router, type Request, type RequestHandler, type Response } from 'express';
import type { z } from 'zod';
import type { RefusalKey } from '@taal/contracts';
import { refusal, type Refused } from './errors';
import type { AuthenticatedCaller } from './auth';
import type { PrivateAnswers } from './private-answers';
import { chargeOnLoad, isCountedOnLoad, type FairUse, type PublicReadLimiter } from './read-limit';
import { handle } from './respond';
import { validate } from './validate';

export type HttpMethod = 'get' | 'post' | 'put' | 'delete';

export interface ParamSpec {
  schema: z.ZodType;
  description?: string;
  /**
   * When given, the gateway refuses a value the schema refuses with this error; otherwise the
   * schema states what the route accepts (checked by the router, e.g. UUID ids, or the service).
   */
  invalid?: () => Refused;
  /** A query parameter that must be given (documented as required): without it, as with a value refused. */
  required?: boolean;
  /**
   * An `id` path parameter that is not only an id (e.g. a user id or an e-mail address): the edge's
   * router lets any value reach the route, where it otherwise matches `{id}` only for a UUID.
   */
  notOnlyAnId?: boolean;
}

export interface ResponseSpec {
  description: string;
  /** The JSON body; absent for answers without a JSON body. */
  schema?: z.ZodType;
  /** Another media type than application/json (e.g. an image) with its schema. */
  content?: Record<string, z.ZodType>;
  /** Response headers, e.g. Retry-After of a 429. */
  headers?: Record<string, { description: string; schema: z.ZodType }>;
}

export interface BodySpec<B extends z.ZodType> {
  /** The body as the route reads it; JSON bodies are validated with it before the handler runs. */
  schema: B;
  /**
   * Default application/json. A form (the card gateway's IPN) is validated like JSON once a
   * `before` parser read it. A multipart body is documented with `documented` and checked by the handler.
   */
  mediaType?: 'application/json' | 'application/x-www-form-urlencoded' | 'multipart/form-data';
  /** What the document states when it differs from `schema` (a multipart form with its file). */
  documented?: z.ZodType;
  /** Multipart encoding of the document (e.g. the photo's media types). */
  encoding?: Record<string, object>;
  /** The refusal of any problem, when the spec has one headline for the whole form (its fields keep their own keys). */
  headline?: RefusalKey;
}

export interface Access {
  /** Who may call it, as the summary says it, e.g. 'admin only'. */
  label: string;
  /** The middleware that checks it (401 without a valid token, 403 for another role). */
  check: RequestHandler;
  /** A token is optional: without one the route answers what anyone may see (documented as `security: [{}, …]`). */
  optional?: boolean;
}

export interface RouteContext<B> {
  req: Request;
  res: Response;
  /** The validated body (the schema's output); undefined without a body schema or for multipart. */
  body: B;
  /** A path parameter as a string ('' when absent). */
  param: (name: string) => string;
}

export interface RouteSpec<B extends z.ZodType = z.ZodType> {
  method: HttpMethod;
  /** OpenAPI form under /api/v1, trailing slash as documented: '/course/{id}/'. */
  path: string;
  summary: string;
  auth?: Access;
  params?: Record<string, ParamSpec>;
  /** Query parameters the handler reads (documented; optional unless `required`): a value given that its schema refuses is a 400. */
  query?: Record<string, ParamSpec>;
  body?: BodySpec<B>;
  /** Middleware before validation (e.g. the multipart parser). */
  before?: RequestHandler[];
  /**
   * A signed-in GET whose answer depends only on the caller and the URL, and changes only with that
   * user's data (kept by the edge per user, decision 0033): the caller's own cart, wallet, classroom…
   * A function names what else of the request the answer depends on (e.g. the reader's language).
   */
  cachedPerUser?: boolean | ((req: Request) => string);
  /**
   * A read that costs a service work (decisions 0038, 0065): counted against the client's limit of
   * that kind ('search'; 'reads' for the other public reads; 'documents' for a user's receipts and
   * statements) and answered 429 with Retry-After over it (the document says so). A client is its
   * user when signed in, its address otherwise. A `cachedRead` handler counts only on a cache miss;
   * a request refused for its parameters does not count.
   */
  fairUse?: FairUse;
  /** Every answer the route gives besides the 503/504 (and the 401/403 of `auth`) every route may give. */
  responses: Record<number, ResponseSpec>;
  handler: (ctx: RouteContext<z.output<B>>) => Promise<void>;
}

/** Declares a route; the generic keeps the handler's body typed by the body schema. */
export function defineRoute<B extends z.ZodType = z.ZodType>(spec: RouteSpec<B>): RouteSpec {
  return spec as unknown as RouteSpec;
}

/** '/course/{id}/' → '/course/:id' (Express routing is not strict: the trailing slash is optional). */
export function expressPath(path: string): string {
  return path.replace(/\{(\w+)\}/g, ':$1').replace(/(.)\/$/, '$1');
}

const paramOf = (req: Request, name: string) => String(req.params[name] ?? '');

/**
 * Holds a signed-in write's answer until the caller's data version is bumped, so their next read,
 * whichever edge replica takes it, is not answered from before the write (decision 0033).
 */
function bumpBeforeAnswer(res: Response, answers: PrivateAnswers, userId: string): void {
  const end = res.end.bind(res) as (...args: unknown[]) => Response;
  let bumped = false;
  res.end = ((...args: unknown[]) => {
    if (bumped) return end(...args);
    bumped = true;
    void answers.changed(userId).then(() => end(...args));
    return res;
  }) as Response['end'];
}

/**
 * Registers each route on a new router: access check, `before`, parameters and body validated, then
 * the handler. With `privateAnswers`, `cachedPerUser` reads answer from it and every signed-in write
 * bumps its caller's data version before answering. With `publicReads`, a `fairUse` route counts
 * against its client's limit before its handler runs (a `cachedRead`, when it loads), and waits
 * for its client's turn where its kind has one (PublicReadLimiter.admit).
 */
export function mountRoutes(routes: RouteSpec[], privateAnswers?: PrivateAnswers, publicReads?: PublicReadLimiter): Router {
  const router = Router();
  for (const route of routes) {
    const checked = Object.entries(route.params ?? {}).filter(([, p]) => p.invalid);
    const jsonBody = route.body && route.body.mediaType !== 'multipart/form-data' ? route.body : undefined;
    const run = handle(async (req, res) => {
      for (const [name, p] of checked) {
        if (!p.schema.safeParse(paramOf(req, name)).success) throw p.invalid!();
      }
      for (const [name, p] of Object.entries(route.query ?? {})) {
        const given = req.query[name];
        if (given === undefined ? !p.required : p.schema.safeParse(given).success) continue;
        throw p.invalid?.() ?? refusal('INVALID_FIELD', { params: { field: name }, fields: { [name]: 'INVALID_VALUE' } });
      }
      const body: unknown = jsonBody ? validate(jsonBody.schema, req.body, jsonBody.headline) : undefined;
      let giveBackTurn = () => {};
      // The server's own reads (a first screen it draws, decision 0070) were counted for their visitor.
      if (publicReads && route.fairUse && !publicReads.isServerRead(req)) {
        const kind = route.fairUse;
        if (isCountedOnLoad(route.handler)) chargeOnLoad(res, async () => publicReads.hit(kind, await publicReads.clientOf(req, res)));
        else giveBackTurn = await publicReads.admit(kind, await publicReads.clientOf(req, res));
      }
      const answer = () => route.handler({ req, res, body, param: (name) => paramOf(req, name) });
      const caller = res.locals.caller as AuthenticatedCaller | undefined;
      try {
        if (!privateAnswers || !caller) return await answer();
        if (route.method !== 'get') {
          bumpBeforeAnswer(res, privateAnswers, caller.userId);
          return await answer();
        }
        if (!route.cachedPerUser) return await answer();
        const variant = typeof route.cachedPerUser === 'function' ? route.cachedPerUser(req) : '';
        return await privateAnswers.answer(caller.userId, req, res, answer, variant);
      } finally {
        giveBackTurn();
      }
    });
    router[route.method](expressPath(route.path), ...(route.auth ? [route.auth.check] : []), ...(route.before ?? []), run);
  }
  return router;
}

/** What the document says of a route: its method, path and path parameters. */
export type DeclaredRoute = Pick<RouteSpec, 'method' | 'path' | 'params'>;

const segmentsOf = (path: string) => path.split('/').filter(Boolean);
const decoded = (segment: string) => {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
};

/**
 * The methods the document declares for the path a request names (relative to /api/v1), matched
 * as OpenAPI matches paths: the same segments, each literal equal or a parameter its schema
 * accepts; when several declared paths match, literal segments win over parameters (so
 * /cart/cupon is its own path, not /cart/{userId}). The trailing slash does not count, as in
 * Express. Null when no declared path matches.
 */
export function declaredMethods(routes: DeclaredRoute[]): (path: string) => HttpMethod[] | null {
  const find = declaredPath(routes);
  return (path) => find(path)?.methods ?? null;
}

/** The declared path a request's path names (matched as declaredMethods matches), with its methods; null when none. */
export function declaredPath(routes: DeclaredRoute[]): (path: string) => { path: string; methods: HttpMethod[] } | null {
  const byPath = new Map<string, { path: string; parts: string[]; params: Record<string, ParamSpec>; methods: HttpMethod[] }>();
  for (const route of routes) {
    const parts = segmentsOf(route.path);
    const declared = byPath.get(parts.join('/')) ?? { path: route.path, parts, params: {}, methods: [] };
    Object.assign(declared.params, route.params);
    if (!declared.methods.includes(route.method)) declared.methods.push(route.method);
    byPath.set(parts.join('/'), declared);
  }
  return (path) => {
    const parts = segmentsOf(path);
    let best: { literals: string; path: string; methods: HttpMethod[] } | null = null;
    for (const declared of byPath.values()) {
      if (declared.parts.length !== parts.length) continue;
      let literals = '';
      const matches = declared.parts.every((part, i) => {
        const param = /^\{(\w+)\}$/.exec(part)?.[1];
        literals += param ? '0' : '1';
        if (!param) return part === parts[i];
        const spec = declared.params[param];
        return !spec || spec.schema.safeParse(decoded(parts[i]!)).success;
      });
      if (matches && (!best || literals > best.literals)) best = { literals, path: declared.path, methods: declared.methods };
    }
    return best && { path: best.path, methods: best.methods };
  };
}
