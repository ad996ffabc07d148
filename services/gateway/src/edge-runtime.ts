/**
 * What API routes run with, wherever they run (decision 0029; issue 52): one typed client per gRPC
 * service the registry's API parts declare, the token checks fed by identity's revocations, the
 * limits on the shared counters, the public reads' cache emptied by the events the parts name, and,
 * at the public edge only, the signed-in copies (decision 0033). The gateway builds it for every part
 * it mounts; a service that serves its own API builds it for its own part.
 */
import type { Logger } from 'pino';
import type { JWTVerifyGetKey } from 'jose';
import { followSessionRevocations, UserDataVersions, type CallerAuthenticator, type Cache, type Env, type EventBus, type FileStore, type ServiceEndpoint, type ServiceTokenIssuer, type Subscription } from '@taal/kit';
import {
  connectService,
  isApiPart,
  PrivateAnswers,
  PublicReadLimiter,
  DEFAULT_PUBLIC_READ_LIMITS,
  ResponseCache,
  type AccessTokenVerifier,
  type ApiPart,
  type EdgeContext,
  type PublicReadLimits,
  type ServiceApi,
} from '@taal/edge';
import { invalidateCacheOn } from './events/cache-invalidation';

export interface EdgeRuntimeDeps {
  /** The registry's gRPC services: a client for each one an API part declares (decision 0011). */
  endpoints: readonly ServiceEndpoint[];
  bus: EventBus;
  /** Signs the calls to the services (decision 0008). */
  issuer: ServiceTokenIssuer;
  /** Shared counters of every limiter: in-memory (all-in-one) or Redis (cluster). */
  cache: Cache;
  /** Where the API parts read their own limits' settings (default process.env). */
  env?: Env;
  /** Searches and other public reads that reach a service, per client (default DEFAULT_PUBLIC_READ_LIMITS; decision 0038). */
  publicReadLimits?: PublicReadLimits;
  logger: Logger;
  /** Deadline of every call to a service. */
  deadlineMs: number;
  /** Consumer group suffix; unique per process so each replica sees every event. */
  instanceId: string;
  cacheTtlMs?: number;
  /** How long a signed-in read may be answered from the edge's copy (decision 0033; 0: never kept). */
  privateAnswerTtlMs?: number;
  /** Uploaded media and lesson videos (the files port). */
  files: FileStore;
  /** Every service's public key (learning's signed video URLs). */
  serviceKeys: JWTVerifyGetKey;
  /** Checks users' access tokens: identity's published keys and the revoked sessions (decision 0024). */
  accessTokens: CallerAuthenticator;
}

export interface EdgeRuntime {
  edge: EdgeContext;
  /** Before the server closes: ends what would hold it open (open notification streams). */
  closing(): void;
  stop(): Promise<void>;
}

/**
 * The context routes run with; the change events `parts` name empty its caches. `keepsPrivateAnswers`:
 * only the public edge keeps signed-in copies; behind it, a service answers every request it is sent.
 * `group` names this process's consumers.
 */
export async function buildEdgeRuntime(
  deps: EdgeRuntimeDeps,
  parts: readonly ApiPart[],
  options: { keepsPrivateAnswers: boolean; group: string; waitForConsumers?: boolean },
): Promise<EdgeRuntime> {
  // One typed client per gRPC service the registry's API parts declare, at the address of the service that declares it.
  const clients = new Map<string, ServiceApi<unknown>>();
  for (const endpoint of deps.endpoints) {
    if (!isApiPart(endpoint.api)) continue;
    for (const [name, spec] of Object.entries(endpoint.api.clients)) {
      clients.set(name, connectService({ ...spec, address: endpoint.address, audience: endpoint.name, issuer: deps.issuer, deadlineMs: deps.deadlineMs }));
    }
  }
  const cache = new ResponseCache(deps.cacheTtlMs ?? 30_000);
  const staleOn = parts.flatMap((part) => part.invalidatesCacheOn ?? []);
  // Signed-in reads kept per user against the users' data versions on the cache port (decision 0033).
  const privateAnswers = options.keepsPrivateAnswers ? new PrivateAnswers(new UserDataVersions(deps.cache, deps.logger), deps.privateAnswerTtlMs) : undefined;
  // A catalogue change drops both: a course's view (secure-course) is a signed-in read too.
  const subscribing: Promise<Subscription | undefined> = staleOn.length
    ? invalidateCacheOn(deps.bus, staleOn, privateAnswers ? [cache, privateAnswers] : [cache], `${options.group}-${deps.instanceId}`)
    : Promise.resolve(undefined);
  // Every replica hears every session identity ends (its own group), replaying the last token lifetime's first.
  const following = followSessionRevocations(deps.bus, `${options.group}-revocations-${deps.instanceId}`);
  // The edge takes no request before both run. Behind it, a service starts answering at once: the edge
  // refused revoked sessions already, and a cache filled in the first seconds lives its short TTL.
  if (options.waitForConsumers ?? true) await Promise.all([subscribing, following]);
  else void Promise.all([subscribing, following]).catch((err: unknown) => deps.logger.error({ err }, 'the routes\' consumers did not start'));
  const stops: (() => void)[] = [];
  const tokens: AccessTokenVerifier = { verifyAccessToken: (accessToken) => deps.accessTokens.authenticateUser(accessToken) };
  const edge: EdgeContext = {
    client: <Server>(name: string) => {
      const client = clients.get(name);
      if (!client) throw new Error(`the edge needs the ${name} client, which no API part of the registry declares`);
      return client as ServiceApi<Server>;
    },
    useCases: <UseCases extends object>(service: string) => {
      const useCases = deps.endpoints.find((e) => e.name === service)?.useCases;
      if (!useCases) throw new Error(`${service}'s routes call its use cases: serve them beside ${service} (its own API, or the all-in-one), not in this process`);
      return useCases as UseCases;
    },
    tokens,
    // Signed-in clients are counted per user, also on routes that do not ask for a token (decision 0065).
    limits: { publicReads: new PublicReadLimiter(deps.cache, deps.publicReadLimits ?? DEFAULT_PUBLIC_READ_LIMITS, Date.now, tokens) },
    counters: deps.cache,
    env: deps.env ?? process.env,
    files: deps.files,
    cache,
    privateAnswers,
    serviceKeys: deps.serviceKeys,
    logger: deps.logger,
    onStop: (stop) => stops.push(stop),
  };
  return {
    edge,
    closing() {
      for (const stop of stops) stop();
    },
    async stop() {
      await (await subscribing.catch(() => undefined))?.stop();
      await (await following.catch(() => undefined))?.stop();
      for (const client of clients.values()) client.close();
    },
  };
}
