/**
 * A service's slice of the public API (issue 21, decision 0029): the gRPC clients the edge
 * reaches it with and its route groups, declared in the service's own `src/api/` and named by
 * its registry description (`defineService({ …, api })`). The gateway mounts the part of every
 * service of the registry through one `EdgeContext`; no route names another service's `api/`,
 * it asks the context for that service's client instead.
 */
import type { Cache, Env, FileStore } from '@taal/kit';
import type { JWTVerifyGetKey } from 'jose';
import type { Logger } from 'pino';
import type { AccessTokenVerifier } from './auth';
import type { PrivateAnswers } from './private-answers';
import type { PublicReadLimiter } from './read-limit';
import type { ResponseCache } from './response-cache';
import type { RouteSpec } from './route-table';
import type { ClientSpec, ServiceApi } from './service-client';

/** The limits the edge itself applies to every part's routes (a service's own limits are its API part's `limiters`). */
export interface EdgeLimits {
  /** Searches and other public reads that cost a service work, per client address (routes' `fairUse`, decision 0038). */
  publicReads: PublicReadLimiter;
}

/** What every service's routes are built with: built once by the edge from the registry. */
export interface EdgeContext {
  /** The typed client of a gRPC service some API part declares (`clients` key), e.g. `client<identityV1.IdentityServiceServer>('identity')`. */
  client<Server>(name: string): ServiceApi<Server>;
  /**
   * The use cases of a service that runs in this process (`RunningService.useCases`): a service's routes
   * call their own service's `app/` directly (issue 52). Throws when that service runs elsewhere: its
   * routes are served beside it (its own API, or the all-in-one), never by another process.
   */
  useCases<UseCases extends object>(service: string): UseCases;
  /** Checks users' access tokens without a call (requireAuth / optionalAuth). */
  tokens: AccessTokenVerifier;
  limits: EdgeLimits;
  /** The shared counters every limiter counts on (the cache port: in-memory in all-in-one, Redis in cluster). */
  counters: Cache;
  /** The gateway's environment: where each API part reads its own limits' settings. */
  env: Env;
  /** Uploaded media and lesson videos (the files port). */
  files: FileStore;
  /** The public reads' response cache (emptied by the catalogue's change events). */
  cache: ResponseCache;
  /** Signed-in reads kept per user while their data is unchanged (decision 0033); none: every read is loaded. */
  privateAnswers?: PrivateAnswers;
  /** Every service's public key (checks grants a service signed, e.g. learning's video URLs). */
  serviceKeys: JWTVerifyGetKey;
  logger: Logger;
  /** Runs when the edge stops, before its server closes (e.g. ends open notification streams). */
  onStop(stop: () => void): void;
}

export interface ApiPart<Limiters = unknown> {
  /** The gRPC services the edge connects to, by the name routes ask the context for. */
  clients: Readonly<Record<string, ClientSpec>>;
  /**
   * Its own limiters (logins, sign-ups, contact messages, guesses…), built once by the edge on its
   * shared counters with settings read from the gateway's environment (checked at start: a bad
   * value stops the gateway). The edge names none of them; its routes get them.
   */
  limiters?(counters: Cache, env: Env): Limiters;
  /** Its route groups, in the order they are mounted (a literal path before a parameter that would catch it). */
  routes(ctx: EdgeContext, limiters: Limiters): RouteSpec[][];
  /** The kind of order it sells by card (payments' `CardSale`): its tran_id prefix and callback path are its own. */
  cardSale?: { readonly tranPrefix: string; readonly callbackPath: string };
  /** Event types after which the edge's cached public reads are stale (every cached answer is dropped). */
  invalidatesCacheOn?: readonly string[];
  /**
   * The records its pages show by id (routes.json's `record`: `course`, `giftCard`…), each looked up
   * with the call its public API route makes: resolves when the record exists, and refuses it as
   * that route would (404, or 400 for what is not an id) when it does not. The web server answers a
   * page of a missing record 404 (issue 55).
   */
  pageRecords?(ctx: EdgeContext): Readonly<Record<string, (id: string) => Promise<unknown>>>;
}

const API_PART = Symbol.for('taal.edge.api-part');

/** Declares a service's API part: `export const commerceApi = defineApi({ clients, limiters?, routes })`. */
export function defineApi<Limiters = undefined>(part: ApiPart<Limiters>): ApiPart<Limiters> {
  return Object.assign(part, { [API_PART]: true });
}

/** The part's route groups, its limiters built on the context's counters and environment. */
export function routeGroupsOf<Limiters>(part: ApiPart<Limiters>, ctx: EdgeContext): RouteSpec[][] {
  return part.routes(ctx, part.limiters?.(ctx.counters, ctx.env) as Limiters);
}

/** The registry carries API parts as opaque values (the kit does not know the edge): this recognises one. */
export function isApiPart(value: unknown): value is ApiPart {
  return typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[API_PART] === true;
}
