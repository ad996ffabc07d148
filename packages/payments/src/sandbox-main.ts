import { z } from 'zod';
import { fields, loadConfig } from '@taal/kit';
import { startSandbox } from './sandbox';

/**
 * The sandbox as its own process (cluster mode, decision 0013):
 * `node packages/payments/dist/sandbox-main.js`, configured from env.
 */
const sandboxConfig = z.object({
  SSLCOMMERZ_SANDBOX_HOST: fields.string('127.0.0.1'),
  SSLCOMMERZ_SANDBOX_PORT: fields.port(8090),
  /** Where browsers reach it, when that is not http://host:port (a proxy in front). */
  SSLCOMMERZ_SANDBOX_PUBLIC_URL: fields.url({ protocols: ['http', 'https'] }).optional(),
  SSLCOMMERZ_STORE_ID: fields.string(),
  SSLCOMMERZ_STORE_PASSWORD: fields.string(),
});

async function main(): Promise<void> {
  const c = loadConfig(sandboxConfig);
  const sandbox = await startSandbox(
    { storeId: c.SSLCOMMERZ_STORE_ID, storePassword: c.SSLCOMMERZ_STORE_PASSWORD },
    {
      host: c.SSLCOMMERZ_SANDBOX_HOST,
      port: c.SSLCOMMERZ_SANDBOX_PORT,
      publicBaseUrl: c.SSLCOMMERZ_SANDBOX_PUBLIC_URL,
    },
  );
  process.stdout.write(`SSLCommerz sandbox listening on ${sandbox.baseUrl}\n`);
  const stop = () => void sandbox.close().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((e: unknown) => {
  process.stderr.write(`${e instanceof Error ? e.message : String(e)}\n`);
  process.exit(1);
});
