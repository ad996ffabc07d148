import http from 'node:http';
import type { Express } from 'express';

/**
 * How long a closing server keeps its keep-alive connections for one more answer each (issue 22):
 * a client may be writing its next request on an idle connection at the moment it is closed, and
 * sees a reset. While draining, every answer carries `Connection: close`, so a busy client's
 * connection ends cleanly after its answer and its next request opens a new one (to another pod,
 * once this one has left its Service). What is still idle afterwards is closed.
 */
const DRAIN_MS = 1000;
/**
 * How long an answer still being written (a video to a client that stopped reading, a stalled
 * download) may hold the close after the drain: then its connection is cut. Without it one such
 * client kept a stopping gateway open for good (a test's unread MP4 held the all-in-one's stop).
 */
const CUT_AFTER_MS = 5000;

export interface RunningHttpServer {
  port: number;
  close(): Promise<void>;
}

export function listen(app: Express, host: string, port: number): Promise<RunningHttpServer> {
  return new Promise((resolve, reject) => {
    const server = http.createServer(app);
    server.keepAliveTimeout = 65_000;
    let closing = false;
    const answering = new Set<http.ServerResponse>();
    const endConnection = (res: http.ServerResponse) => {
      if (!res.headersSent) res.setHeader('connection', 'close');
    };
    server.prependListener('request', (_req, res: http.ServerResponse) => {
      if (closing) return endConnection(res);
      answering.add(res);
      res.once('close', () => answering.delete(res));
    });
    server.once('error', reject);
    server.listen(port, host, () => {
      const address = server.address();
      const bound = typeof address === 'object' && address ? address.port : port;
      resolve({
        port: bound,
        close: () =>
          new Promise<void>((done) => {
            closing = true;
            answering.forEach(endConnection);
            const deadline = Date.now() + DRAIN_MS;
            const finish = () => {
              const cut = setTimeout(() => server.closeAllConnections(), CUT_AFTER_MS);
              cut.unref();
              server.close(() => {
                clearTimeout(cut);
                done();
              });
              server.closeIdleConnections();
            };
            const check = () =>
              server.getConnections((_err, open) => {
                if (open === 0 || Date.now() >= deadline) finish();
                else setTimeout(check, 25);
              });
            check();
          }),
      });
    });
  });
}
