/**
 * Publishes the public keys of users' access tokens (`GET /.well-known/jwks.json`), so every
 * service verifies them itself (decision 0008). Public keys only; nothing else is served.
 */
import { createServer, type Server } from 'node:http';
import type { JSONWebKeySet } from 'jose';
import type { Logger } from 'pino';

export const JWKS_PATH = '/.well-known/jwks.json';

export interface RunningJwksServer {
  port: number;
  url: string;
  stop(): Promise<void>;
}

export async function startJwksServer(keySet: JSONWebKeySet, host: string, port: number, logger: Logger): Promise<RunningJwksServer> {
  const body = JSON.stringify(keySet);
  const server: Server = createServer((req, res) => {
    const found = req.url === JWKS_PATH;
    if (found && req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { allow: 'GET, HEAD' }).end();
      return;
    }
    res
      .writeHead(found ? 200 : 404, {
        'content-type': found ? 'application/jwk-set+json' : 'text/plain; charset=utf-8',
        'cache-control': found ? 'public, max-age=300' : 'no-store',
        'x-content-type-options': 'nosniff',
      })
      .end(req.method === 'HEAD' ? undefined : found ? body : 'Not found');
  });
  server.keepAliveTimeout = 5000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const address = server.address();
  const bound = typeof address === 'object' && address ? address.port : port;
  const shownHost = host.includes(':') ? `[${host}]` : host === '0.0.0.0' ? '127.0.0.1' : host;
  logger.info({ host, port: bound }, 'identity key set published');
  return {
    port: bound,
    url: `http://${shownHost}:${bound}${JWKS_PATH}`,
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
