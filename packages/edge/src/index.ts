/**
 * The edge's toolkit (decision 0029): what every service's `src/api/` declares its routes with,
 * and what the gateway mounts them with. Route declarations, refusals, validation, access
 * checks, limits, uploads, the card gateway's callbacks and the typed gRPC clients.
 */
export * from './api-part';
export * from './api-schemas';
export * from './auth';
export * from './buyer-check';
export * from './card-gateway';
export * from './errors';
export * from './form-refusal';
export * from './lookups';
export * from './range';
export * from './rate-limit';
export * from './read-limit';
export * from './pages';
export * from './private-answers';
export * from './respond';
export * from './response-cache';
export * from './route-table';
export * from './service-client';
export * from './url-check';
export * from './uploads';
export * from './validate';
