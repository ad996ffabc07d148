export { gatewayService } from './service';
export { startGateway, type GatewayDeps, type RunningGateway } from './start';
export { createGatewayApp, type ReadinessReport } from './app';
export { openApiDocument } from './openapi';
export { loadGatewayConfig, loadGatewayPolicy, parseTrustProxy, type GatewayPolicy, type TrustProxy } from './config';
