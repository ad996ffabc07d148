// Public entry of @taal/kit: infrastructure ports and their adapters, plus service plumbing.
export * from './ports';
export * from './sql';
export * from './events';
export * from './config';
export * from './log';
export * from './lifecycle';
export * from './lifecycle/run-service';
export * from './lifecycle/periodic';
export * from './grpc';
export * from './auth';
export * from './metrics';
export { createTestAuth, type TestAuth } from './auth/testing';
export * from './cache';
export * from './files';
export * from './mail';
export * from './uploads';
export * from './service';
export * from './telemetry';
