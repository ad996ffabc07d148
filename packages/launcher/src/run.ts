/**
 * Runs services of the registry in this process, in either mode (decision 0011): the kit
 * builds each service's ports from its `needs`, the launcher hands it its keys, where to
 * listen and where the other services are, and closes everything through the lifecycle.
 */
import { z } from 'zod';
import {
  clusterPorts,
  envPrefix,
  fields,
  grpcOf,
  loadConfig,
  loadServiceConfig,
  localKeys,
  parsePublicKeySet,
  runService,
  serviceAuthFromEnv,
  serveCallsInProcess,
  serviceTokenIssuerFromEnv,
  startMetricsServer,
  type AnyServiceDescription,
  type Env,
  type ServiceEndpoint,
} from '@taal/kit';
import { services } from './registry';
import { serveOwnApi, serviceApiPortFromEnv } from './service-api';

export function findService(name: string): AnyServiceDescription {
  const found = services.find((s) => s.name === name);
  if (!found) throw new Error(`unknown target "${name}" (the registry has: ${services.map((s) => s.name).join(', ')}, or all)`);
  return found;
}

/** Start order: the gRPC services in registry order, then the HTTP edge (it needs their addresses). */
export function startOrder(list: readonly AnyServiceDescription[]): AnyServiceDescription[] {
  return [...list.filter((s) => grpcOf(s)), ...list.filter((s) => !grpcOf(s))];
}

/** Cluster: where each gRPC service of the registry answers, from `<NAME>_ADDR` (default its port on loopback). */
export function endpointsFromEnv(env: Env): ServiceEndpoint[] {
  return services.flatMap((s) => {
    const grpc = grpcOf(s);
    if (!grpc) return [];
    // <NAME>_API_ADDR: the service serves its own API there (issue 52); the edge forwards its routes.
    const apiAddress = env[`${envPrefix(s.name)}_API_ADDR`] || undefined;
    return [{ name: s.name, address: env[`${envPrefix(s.name)}_ADDR`] || `127.0.0.1:${grpc.port}`, healthName: grpc.healthName, api: s.api, ...(apiAddress ? { apiAddress } : {}) }];
  });
}

/** Cluster: where a service listens, `<NAME>_GRPC_HOST`/`<NAME>_GRPC_PORT` or, for the edge, `<NAME>_HOST`/`PORT`. */
export function listenAddressFromEnv(description: AnyServiceDescription, env: Env): { host: string; port: number } {
  const prefix = envPrefix(description.name);
  const grpc = grpcOf(description);
  const [hostVar, portVar, host, port] = grpc
    ? [`${prefix}_GRPC_HOST`, `${prefix}_GRPC_PORT`, '127.0.0.1', grpc.port]
    : [`${prefix}_HOST`, 'PORT', '0.0.0.0', 'http' in description.listens ? description.listens.http.port : 8080];
  const c = loadConfig(z.object({ [hostVar]: fields.string(host), [portVar]: fields.port(port) }), env) as Record<string, string | number>;
  return { host: String(c[hostVar]), port: Number(c[portVar]) };
}

const publicUrlSchema = z.object({ PUBLIC_URL: fields.url({ protocols: ['http', 'https'], default: 'http://127.0.0.1:8080' }) });

/**
 * Cluster mode, one target per process (what each Deployment of the chart and each child of
 * `start:cluster` runs): real servers, keys and addresses from env (decision 0008).
 */
export function runClusterTarget(name: string, env: NodeJS.ProcessEnv = process.env): Promise<void> {
  const description = findService(name);
  return runService(name, async ({ logger, lifecycle }) => {
    const config = loadServiceConfig(description, 'cluster', env);
    const ports = await clusterPorts({ env, lifecycle, logger }).portsFor(name, description.needs);
    const { host, port } = listenAddressFromEnv(description, env);
    const { PUBLIC_URL } = loadConfig(publicUrlSchema, env);
    const apiPort = serviceApiPortFromEnv(description, env);
    // Its own routes reach its own use cases in this process, without a socket (kit's in-process calls).
    if (apiPort !== undefined) serveCallsInProcess(true);
    const running = await description.start(ports, config, {
      logger,
      host,
      port,
      issuer: serviceTokenIssuerFromEnv(name, env),
      authenticator: () => serviceAuthFromEnv(name, env, description.userKeys?.(config)).authenticator,
      serviceKeys: () => localKeys(parsePublicKeySet(env.SERVICE_PUBLIC_KEYS ?? '', 'SERVICE_PUBLIC_KEYS')),
      endpoints: endpointsFromEnv(env),
      publicUrl: () => PUBLIC_URL,
      mode: 'cluster',
    });
    lifecycle.onStop(name, () => running.stop());
    if (apiPort !== undefined) {
      // The edge's deadline for calls, as the gateway reads it from the same environment.
      const { GRPC_DEADLINE_MS } = loadServiceConfig(findService('gateway'), 'cluster', env) as { GRPC_DEADLINE_MS: number };
      const api = await serveOwnApi(name, { env, lifecycle, logger, endpoints: endpointsFromEnv(env), listenHost: host, grpcPort: running.port, apiPort, deadlineMs: GRPC_DEADLINE_MS, useCases: running.useCases,
        // Users' tokens checked as the service checks them on its gRPC calls (identity with its own keys).
        accessTokens: serviceAuthFromEnv(name, env, description.userKeys?.(config)).authenticator });
      lifecycle.onStop(`${name} API`, () => api.stop());
    }
    // A gRPC service serves the kit's metrics on METRICS_PORT (the gateway has its own listener).
    const { METRICS_PORT } = loadConfig(metricsSchema, { METRICS_PORT: env.METRICS_PORT || undefined });
    if (grpcOf(description) && METRICS_PORT !== undefined) {
      const metrics = await startMetricsServer('0.0.0.0', METRICS_PORT);
      lifecycle.onStop('metrics', () => metrics.stop());
      logger.info({ port: metrics.port }, 'metrics listening');
    }
  });
}

const metricsSchema = z.object({ METRICS_PORT: fields.int({ min: 0, max: 65535 }).optional() });
