import http from 'node:http';
import express from 'express';
import { listen } from './server';

/** One GET on `agent` (keep-alive): its status and Connection header, or the socket error. */
function get(port: number, agent: http.Agent): Promise<{ status?: number; connection?: string; error?: string }> {
  return new Promise((resolve) => {
    http
      .get({ host: '127.0.0.1', port, path: '/', agent }, (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode, connection: res.headers.connection }));
      })
      .on('error', (err) => resolve({ error: (err as NodeJS.ErrnoException).code ?? err.message }));
  });
}

describe('the gateway server stopping', () => {
  it('answers requests on kept-alive connections while it drains, each with Connection: close, instead of closing them under the client', async () => {
    const app = express();
    app.get('/', (_req, res) => void res.json({ ok: true }));
    const server = await listen(app, '127.0.0.1', 0);
    const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });
    try {
      // Four idle kept-alive connections, as a busy client (or an ingress) holds them.
      const before = await Promise.all([1, 2, 3, 4].map(() => get(server.port, agent)));
      expect(before.map((r) => r.connection)).toEqual(['keep-alive', 'keep-alive', 'keep-alive', 'keep-alive']);

      const closed = server.close();
      // The client's next requests go out on those same connections after the stop began.
      const during = await Promise.all([1, 2, 3, 4].map(() => get(server.port, agent)));
      expect(during).toEqual([1, 2, 3, 4].map(() => ({ status: 200, connection: 'close' })));
      await closed;
    } finally {
      agent.destroy();
    }
  });
});
