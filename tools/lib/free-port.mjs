// A free TCP port on 127.0.0.1 for a server a script or test is about to start. It is picked below
// the kernel's ephemeral range (32768 and up on Linux): the all-in-one binds its own gRPC services
// to port 0 before the HTTP edge listens, and a port asked of the kernel with listen(0) could be
// handed to one of them in between (EADDRINUSE). Usage: `node tools/lib/free-port.mjs` prints one.
import net from 'node:net';
import { fileURLToPath } from 'node:url';

const canListen = (port) =>
  new Promise((resolve) => {
    const server = net.createServer();
    server.unref();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });

export async function freePort() {
  for (let attempt = 0; attempt < 200; attempt++) {
    const port = 20000 + Math.floor(Math.random() * 12000);
    if (await canListen(port)) return port;
  }
  throw new Error('no free port between 20000 and 31999');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) console.log(await freePort());
