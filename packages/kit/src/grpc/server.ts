import * as grpc from '@grpc/grpc-js';
import { HealthImplementation, type ServingStatus } from 'grpc-health-check';
import type { CallerAuthenticator } from '../auth/caller-auth';
import type { Logger } from '../log';
import { grpcHandled, grpcHandlingSeconds } from '../metrics';
import { ServiceError } from './errors';
import { recordVerifiedCaller } from './handler';
import { listLocalServer } from './in-process';

export interface GrpcServiceRegistration {
  /** A grpc-js service definition, e.g. ts-proto's `CatalogueServiceService`. */
  definition: grpc.ServiceDefinition;
  /** Handlers, e.g. an object implementing ts-proto's `CatalogueServiceServer`. */
  implementation: grpc.UntypedServiceImplementation;
  /** Health-check name; defaults to the fully qualified service name from the method paths. */
  name?: string;
}

export interface StartGrpcServerOptions {
  host: string;
  /** 0 picks a free port. */
  port: number;
  services: readonly GrpcServiceRegistration[];
  /** Verifies the caller of every call before its handler runs (required: no service trusts plain metadata). */
  auth: CallerAuthenticator;
  logger: Logger;
  /** How long stop() waits for in-flight calls before cancelling them (default 5 s). */
  shutdownTimeoutMs?: number;
  serverOptions?: grpc.ServerOptions;
}

export interface GrpcHealth {
  /** '' is the overall server status; other names are fully qualified service names. */
  setStatus(service: string, serving: boolean): void;
  /** Sets the overall status and every registered service at once. */
  setAll(serving: boolean): void;
}

export interface RunningGrpcServer {
  port: number;
  health: GrpcHealth;
  server: grpc.Server;
  /** Graceful tryShutdown, then forceShutdown after the timeout. Idempotent. */
  stop(): Promise<void>;
}

export function serviceNameOf(definition: grpc.ServiceDefinition): string {
  const first = Object.values(definition)[0];
  const name = first?.path.split('/')[1];
  if (!name) throw new Error('Cannot derive a service name from an empty service definition');
  return name;
}

/**
 * Puts caller verification in front of every handler: a call without valid service credentials
 * (or with a bad user token) is refused with UNAUTHENTICATED before any handler code runs.
 * Every answer, refusals included, is counted and timed (grpc_server_* metrics).
 */
function authenticated(
  definition: grpc.ServiceDefinition,
  implementation: grpc.UntypedServiceImplementation,
  auth: CallerAuthenticator,
  logger: Logger,
): grpc.UntypedServiceImplementation {
  const wrapped: grpc.UntypedServiceImplementation = {};
  for (const [name, method] of Object.entries(definition)) {
    const handler = implementation[name];
    if (typeof handler !== 'function') continue; // grpc-js answers UNIMPLEMENTED
    if (method.requestStream || method.responseStream)
      throw new Error(`${method.path}: streaming methods need caller verification added to the kit first`);
    const unary = handler as grpc.handleUnaryCall<unknown, unknown>;
    const [, grpcService = '', grpcMethod = name] = method.path.split('/');
    const labels = { grpc_service: grpcService, grpc_method: grpcMethod };
    wrapped[name] = ((call: grpc.ServerUnaryCall<unknown, unknown>, answer: grpc.sendUnaryData<unknown>) => {
      const end = grpcHandlingSeconds.startTimer(labels);
      const callback: grpc.sendUnaryData<unknown> = (err, value) => {
        end();
        grpcHandled.inc({ ...labels, grpc_code: grpc.status[err?.code ?? grpc.status.OK] ?? 'UNKNOWN' });
        answer(err, value);
      };
      auth.authenticate(call.metadata).then(
        (caller) => {
          recordVerifiedCaller(call, caller);
          unary(call, callback);
        },
        (err: unknown) => {
          if (err instanceof ServiceError) {
            // With its metadata: a revoked session says why (SESSION_EXPIRED, ACCOUNT_SUSPENDED).
            callback({ code: err.code, details: err.message, ...(err.metadata ? { metadata: err.metadata } : {}) });
            return;
          }
          logger.error({ err, method: method.path }, 'caller verification failed unexpectedly');
          callback({ code: grpc.status.INTERNAL, details: 'Internal error' });
        },
      );
    }) as grpc.handleUnaryCall<unknown, unknown>;
  }
  return wrapped;
}

/**
 * Starts a grpc-js server with the given services and grpc.health.v1. Health reports NOT_SERVING
 * for '' and every service until `health.setStatus(name, true)` (or `setAll(true)`) is called.
 */
export async function startGrpcServer(options: StartGrpcServerOptions): Promise<RunningGrpcServer> {
  const { logger } = options;
  const shutdownTimeoutMs = options.shutdownTimeoutMs ?? 5000;
  const server = new grpc.Server(options.serverOptions);

  const names = options.services.map((s) => s.name ?? serviceNameOf(s.definition));
  const statusMap: Record<string, ServingStatus> = { '': 'NOT_SERVING' };
  for (const name of names) statusMap[name] = 'NOT_SERVING';
  const healthImpl = new HealthImplementation(statusMap);
  healthImpl.addToServer(server);
  const wrapped = options.services.map((s) => ({ definition: s.definition, implementation: authenticated(s.definition, s.implementation, options.auth, logger) }));
  // A service without methods (all its callers are its own routes, issue 52) is only a health-check name.
  for (const s of wrapped) if (Object.keys(s.definition).length > 0) server.addService(s.definition, s.implementation);

  const host =
    options.host.includes(':') && !options.host.startsWith('[') ? `[${options.host}]` : options.host;
  const port = await new Promise<number>((resolve, reject) => {
    server.bindAsync(`${host}:${options.port}`, grpc.ServerCredentials.createInsecure(), (err, bound) =>
      err ? reject(err) : resolve(bound),
    );
  });
  logger.info({ host: options.host, port, services: names }, 'gRPC server listening');
  // The all-in-one's own clients reach the same (verifying) handlers without a socket (in-process.ts).
  const unlist = wrapped.map((s) => listLocalServer(`${options.host}:${port}`, s.definition, s.implementation));

  const known = new Set(['', ...names]);
  const health: GrpcHealth = {
    setStatus(service, serving) {
      known.add(service);
      healthImpl.setStatus(service, serving ? 'SERVING' : 'NOT_SERVING');
    },
    setAll(serving) {
      for (const name of known) healthImpl.setStatus(name, serving ? 'SERVING' : 'NOT_SERVING');
    },
  };

  let stopping: Promise<void> | undefined;
  const stop = () => {
    stopping ??= new Promise<void>((resolve) => {
      for (const undo of unlist) undo();
      health.setAll(false);
      const timer = setTimeout(() => {
        logger.warn({ shutdownTimeoutMs }, 'gRPC graceful shutdown timed out; forcing');
        server.forceShutdown();
        resolve();
      }, shutdownTimeoutMs);
      server.tryShutdown(() => {
        clearTimeout(timer);
        resolve();
      });
    }).then(() => logger.info({ port }, 'gRPC server stopped'));
    return stopping;
  };

  return { port, health, server, stop };
}
