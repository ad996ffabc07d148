export {
  ServiceError,
  isGrpcStatusError,
  grpcStatusToHttp,
  refuse,
  refuseFields,
  refusalKeyOf,
  PARAMS_METADATA_KEY,
  REASON_METADATA_KEY,
  FIELDS_METADATA_KEY,
} from './errors';
export {
  UserRoles,
  requireIdentity,
  type CallerIdentity,
  type UserRole,
} from './identity';
export { unaryHandler, isServerAway, INTERNAL_ERROR_MESSAGE, type CallContext } from './handler';
export {
  startGrpcServer,
  serviceNameOf,
  type GrpcServiceRegistration,
  type StartGrpcServerOptions,
  type GrpcHealth,
  type RunningGrpcServer,
} from './server';
export {
  createClient,
  callUnary,
  DEFAULT_DEADLINE_MS,
  DEFAULT_CHANNEL_OPTIONS,
  type CreateClientOptions,
  type CallUnaryOptions,
  type GrpcClientConstructor,
  type UnaryMethodName,
  type UnaryRequest,
  type UnaryResponse,
} from './client';
export { serveCallsInProcess } from './in-process';
export { serviceClient, nullWhenNotFound, type ServiceClientOptions } from './service-client';
