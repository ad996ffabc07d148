import http from 'node:http';
import type { Duplex } from 'node:stream';
import type { Express } from 'express';
import { refusalText } from '@taal/contracts';

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

/**
 * Node's own answers to a request it could not read, which it sends with no body. A request whose
 * address and headers pass Node's limit (16 KB; an 18,000-character search URL, issue 55) gets 431
 * with a short page in both languages instead: the refusal's texts (REQUEST_HEADERS_TOO_LARGE), a
 * link home, and its key in a header. The rest as Node answers them (a listener replaces Node's).
 */
const headersTooLarge = (() => {
  const key = 'REQUEST_HEADERS_TOO_LARGE';
  const html =
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">' +
    `<title>431 · Taal</title></head><body><main><h1>${refusalText(key, 'en')}</h1><p lang="bn">${refusalText(key, 'bn')}</p>` +
    '<p><a href="/">Taal</a></p></main></body></html>';
  const body = Buffer.from(html, 'utf8');
  return Buffer.concat([
    Buffer.from(
      'HTTP/1.1 431 Request Header Fields Too Large\r\nContent-Type: text/html; charset=utf-8\r\n' +
        `X-Refusal-Reason: ${key}\r\nX-Content-Type-Options: nosniff\r\nCache-Control: private, max-age=0\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n`,
    ),
    body,
  ]);
})();

function answerClientError(err: NodeJS.ErrnoException, socket: Duplex): void {
  // A response already under way on this connection: nothing sensible can be written (as Node does).
  if (err.code === 'ECONNRESET' || !socket.writable || (socket as { _httpMessage?: unknown })._httpMessage) {
    socket.destroy();
    return;
  }
  const status =
    err.code === 'HPE_HEADER_OVERFLOW' ? null : err.code === 'HPE_CHUNK_EXTENSIONS_OVERFLOW' ? '413 Payload Too Large' : err.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? '408 Request Timeout' : '400 Bad Request';
  socket.end(status === null ? headersTooLarge : `HTTP/1.1 ${status}\r\nConnection: close\r\n\r\n`);
}

export interface RunningHttpServer {
  port: number;
  close(): Promise<void>;
}

export function listen(app: Express, host: string, port: number): Promise<RunningHttpServer> {
  return new Promise((resolve, reject) => {
    const server = http.createServer(app);
    server.keepAliveTimeout = 65_000;
    server.on('clientError', answerClientError);
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
