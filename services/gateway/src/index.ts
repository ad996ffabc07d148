export { gatewayService } from './service';
export { startGateway, type GatewayDeps, type RunningGateway } from './start';
export { startServiceApi, type ServiceApiDeps } from './service-api';
export { createGatewayApp, type ReadinessReport } from './app';
export { buildOpenApiDocument, type OpenApiDocument } from './openapi';
export { apiPartsOf, declaredRoutesOf } from './api-routes';
export { loadGatewayConfig, loadGatewayPolicy, parseTrustProxy, type GatewayPolicy, type TrustProxy } from './config';
