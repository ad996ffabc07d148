import { ServiceNames } from '@taal/contracts';
import { defineService } from '@taal/kit';
import { createSandbox, EMBEDDED_SANDBOX_PATH, embeddedSandboxStore, type Sandbox } from '@taal/payments';
import { loadGatewayConfig } from './config';
import { mountUiIfBuilt } from './http/ui';
import { startGateway } from './start';

/**
 * The gateway in the service registry (decision 0011): the HTTP edge. It starts after the gRPC
 * services and derives its clients and health probes from their endpoints.
 */
export const gatewayService = defineService({
  name: ServiceNames.gateway,
  needs: { bus: true, cache: true, files: true },
  listens: { http: { port: 8080 } },
  config: loadGatewayConfig,
  defaults: {
    'all-in-one': { GATEWAY_INSTANCE_ID: 'all-in-one', SERVE_UI: 'true' },
    cluster: { METRICS_PORT: '9464' },
  },
  start: (ports, config, ctx) =>
    startGateway({
      endpoints: ctx.endpoints,
      bus: ports.bus,
      cache: ports.cache,
      files: ports.files,
      serviceKeys: ctx.serviceKeys(),
      accessTokens: ctx.authenticator(),
      issuer: ctx.issuer,
      logger: ctx.logger,
      host: ctx.host,
      port: ctx.port,
      metricsPort: config.METRICS_PORT,
      deadlineMs: config.GRPC_DEADLINE_MS,
      privateAnswerTtlMs: config.PRIVATE_ANSWER_TTL_MS,
      instanceId: config.GATEWAY_INSTANCE_ID,
      // TRUST_PROXY, SEARCH_* and PUBLIC_READS_* (loadGatewayPolicy); the API parts read their own limits from env.
      trustProxy: config.trustProxy,
      publicReadLimits: config.publicReadLimits,
      env: config.env,
      mountUi: config.SERVE_UI ? mountUiIfBuilt(ctx.logger) : undefined,
      // All-in-one without a configured gateway: our sandbox, in this process, where commerce expects it.
      paymentSandbox: ctx.mode === 'all-in-one' && !config.SSLCOMMERZ_BASE_URL ? embeddedSandbox(ctx.publicUrl) : undefined,
    }),
});

/** The sandbox with the process's embedded store credentials (commerce's client uses the same). */
function embeddedSandbox(publicUrl: () => string): Sandbox {
  const merchant = embeddedSandboxStore();
  return createSandbox(
    { storeId: merchant.storeId, storePassword: merchant.storePassword },
    () => `${publicUrl().replace(/\/+$/, '')}${EMBEDDED_SANDBOX_PATH}`,
  );
}
