import { status, type Client } from '@grpc/grpc-js';
import type { ServiceTokenIssuer } from '../auth/caller-auth';
import { keptFor } from '../cache/kept';
import { createClient, type GrpcClientConstructor } from './client';
import { isGrpcStatusError } from './errors';

/** What a service's own typed client (`@taal/<service>/client`) takes besides its address and issuer. */
export interface ServiceClientOptions {
  /** Each call's deadline (default DEFAULT_DEADLINE_MS). */
  deadlineMs?: number;
  /**
   * Keep each method's found answers this long (ms). Unset, every call asks: a caller that must
   * read fresh (commerce pricing an order) leaves it so. Misses and failures are never kept.
   */
  keepMs?: number;
}

/**
 * The generated client one service calls another with, signed with the caller's own service
 * token for `audience`, and `kept`, which puts one cache in front of a method when keepMs asks.
 */
export function serviceClient<C extends Client>(Ctor: GrpcClientConstructor<C>, address: string, issuer: ServiceTokenIssuer, audience: string, options: ServiceClientOptions = {}) {
  const client = createClient(Ctor, address, { auth: { issuer, audience }, defaultDeadlineMs: options.deadlineMs });
  const kept = <K, V>(look: (key: K) => Promise<V>): ((key: K) => Promise<V>) => (options.keepMs ? keptFor(options.keepMs, look) : look);
  return { client, kept };
}

/** The answer, or null when the called service says NOT_FOUND; any other failure stays the caller's. */
export function nullWhenNotFound<T>(answer: Promise<T>): Promise<T | null> {
  return answer.catch((err: unknown) => {
    if (isGrpcStatusError(err) && err.code === status.NOT_FOUND) return null;
    throw err;
  });
}
