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

  it('cuts a connection whose client stopped reading a long answer a few seconds after the drain, instead of never stopping', async () => {
    const app = express();
    // 64 MiB: far more than the sockets' buffers hold, so the answer cannot finish unread.
    app.get('/video', (_req, res) => {
      const chunk = Buffer.alloc(1 << 20, 0x47);
      let left = 64;
      const write = () => {
        while (left > 0) {
          left -= 1;
          if (!res.write(chunk)) return void res.once('drain', write);
        }
        res.end();
      };
      write();
    });
    const server = await listen(app, '127.0.0.1', 0);
    const agent = new http.Agent({ keepAlive: true });
    try {
      // The client reads the headers, then nothing more (a paused player, a stalled download).
      const response = await new Promise<http.IncomingMessage>((resolve) => {
        http.get({ host: '127.0.0.1', port: server.port, path: '/video', agent }, (res) => {
          res.pause();
          resolve(res);
        });
      });
      await new Promise((r) => setTimeout(r, 200));
      const started = Date.now();
      await server.close();
      expect(Date.now() - started).toBeLessThan(15_000);
      // Read now, the answer stops short: its connection was cut.
      let received = 0;
      const complete = await new Promise<boolean>((resolve) => {
        response.on('data', (chunk: Buffer) => (received += chunk.length));
        response.on('error', () => resolve(false));
        response.on('close', () => resolve(response.complete));
        response.resume();
      });
      expect({ complete, short: received < 64 << 20 }).toEqual({ complete: false, short: true });
    } finally {
      agent.destroy();
    }
  }, 30_000);
});
