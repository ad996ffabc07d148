import { createSslCommerzClient, EMBEDDED_SANDBOX_PATH, embeddedSandboxStore, type SslCommerzClient } from './sslcommerz';

export interface CardGatewaySettings {
  SSLCOMMERZ_BASE_URL?: string;
  SSLCOMMERZ_STORE_ID?: string;
  SSLCOMMERZ_STORE_PASSWORD?: string;
}

/**
 * The client of the configured gateway, for every service that takes card payments (commerce,
 * the store; decision 0014): with `SSLCOMMERZ_BASE_URL` that gateway; in all-in-one without one,
 * our sandbox mounted on the HTTP edge of this same process. Cluster mode must name its gateway.
 */
export function configuredCardGateway(
  settings: CardGatewaySettings,
  mode: 'all-in-one' | 'cluster',
  publicUrl: () => string,
): SslCommerzClient {
  if (settings.SSLCOMMERZ_BASE_URL) {
    if (!settings.SSLCOMMERZ_STORE_ID || !settings.SSLCOMMERZ_STORE_PASSWORD) {
      throw new Error('SSLCOMMERZ_STORE_ID and SSLCOMMERZ_STORE_PASSWORD are required with SSLCOMMERZ_BASE_URL');
    }
    return createSslCommerzClient({
      SSLCOMMERZ_BASE_URL: settings.SSLCOMMERZ_BASE_URL,
      SSLCOMMERZ_STORE_ID: settings.SSLCOMMERZ_STORE_ID,
      SSLCOMMERZ_STORE_PASSWORD: settings.SSLCOMMERZ_STORE_PASSWORD,
    });
  }
  if (mode === 'cluster') throw new Error('SSLCOMMERZ_BASE_URL (with the store id and password) is required in cluster mode');
  const store = embeddedSandboxStore();
  // The edge's URL is known only once it listens, so the client is made on first use.
  let client: SslCommerzClient | undefined;
  const lazy = () =>
    (client ??= createSslCommerzClient({
      SSLCOMMERZ_BASE_URL: `${publicUrl().replace(/\/+$/, '')}${EMBEDDED_SANDBOX_PATH}`,
      SSLCOMMERZ_STORE_ID: store.storeId,
      SSLCOMMERZ_STORE_PASSWORD: store.storePassword,
    }));
  return {
    initSession: (req) => lazy().initSession(req),
    validate: (valId) => lazy().validate(valId),
    queryTransaction: (tranId) => lazy().queryTransaction(tranId),
    verifyIpn: (form) => lazy().verifyIpn(form),
  };
}
