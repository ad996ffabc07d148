/**
 * Cluster mode: a service that serves its own API (issue 52, decision 0092). With `<NAME>_API_PORT`
 * set, the service's process also serves its registry description's API part on that port (HTTP),
 * beside its gRPC server; the edge is told where by `<NAME>_API_ADDR` and forwards the routes there.
 */
import { z } from 'zod';
import {
  clusterPorts,
  envPrefix,
  fields,
  grpcOf,
  loadConfig,
  localKeys,
  parsePublicKeySet,
  serviceTokenIssuerFromEnv,
  type AnyServiceDescription,
  type CallerAuthenticator,
  type Env,
  type Lifecycle,
  type ServiceEndpoint,
} from '@taal/kit';
import { startServiceApi, type RunningGateway } from '@taal/gateway';
import type { Logger } from 'pino';

/** The port a gRPC service with routes serves its own API on, when `<NAME>_API_PORT` asks for it. */
export function serviceApiPortFromEnv(description: AnyServiceDescription, env: Env): number | undefined {
  const key = `${envPrefix(description.name)}_API_PORT`;
  if (!grpcOf(description) || !description.api || !env[key]) return undefined;
  return (loadConfig(z.object({ [key]: fields.port(0) }), env) as Record<string, number>)[key];
}

export async function serveOwnApi(
  name: string,
  o: {
    env: Env;
    lifecycle: Lifecycle;
    logger: Logger;
    endpoints: readonly ServiceEndpoint[];
    listenHost: string;
    grpcPort: number;
    apiPort: number;
    deadlineMs: number;
    accessTokens: CallerAuthenticator;
    /** The service's use cases, which its routes call directly (RunningService.useCases). */
    useCases?: object;
  },
): Promise<RunningGateway> {
  const ports = await clusterPorts({ env: o.env, lifecycle: o.lifecycle, logger: o.logger }).portsFor(`${name}-api`, { bus: true, cache: true, files: true });
  // Calls through its client (the routes not yet moved to its use cases) go to its own server in this process.
  const endpoints = o.endpoints.map((e) => (e.name === name ? { ...e, address: `${o.listenHost}:${o.grpcPort}`, useCases: o.useCases } : e));
  return startServiceApi({
    service: name,
    endpoints,
    bus: ports.bus,
    cache: ports.cache,
    files: ports.files,
    issuer: serviceTokenIssuerFromEnv(name, o.env),
    accessTokens: o.accessTokens,
    serviceKeys: localKeys(parsePublicKeySet(o.env.SERVICE_PUBLIC_KEYS ?? '', 'SERVICE_PUBLIC_KEYS')),
    logger: o.logger,
    deadlineMs: o.deadlineMs,
    instanceId: `${process.env.HOSTNAME ?? 'local'}-${process.pid}`,
    env: o.env,
    // Beside its gRPC server: every address in a pod, loopback on one machine.
    host: o.listenHost,
    port: o.apiPort,
  });
}
