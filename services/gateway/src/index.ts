export { startGateway, type GatewayDeps, type RunningGateway } from './start';
export { createGatewayApp, type ReadinessReport } from './app';
export { openApiDocument } from './openapi';
export { loadGatewayPolicy, parseTrustProxy, type GatewayPolicy, type TrustProxy } from './config';
