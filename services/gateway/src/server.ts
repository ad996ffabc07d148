import http from 'node:http';
import type { Express } from 'express';

export interface RunningHttpServer {
  port: number;
  close(): Promise<void>;
}

export function listen(app: Express, host: string, port: number): Promise<RunningHttpServer> {
  return new Promise((resolve, reject) => {
    const server = http.createServer(app);
    server.keepAliveTimeout = 65_000;
    server.once('error', reject);
    server.listen(port, host, () => {
      const address = server.address();
      const bound = typeof address === 'object' && address ? address.port : port;
      resolve({
        port: bound,
        close: () =>
          new Promise<void>((done) => {
            server.close(() => done());
            server.closeIdleConnections();
          }),
      });
    });
  });
}
