// A free TCP port on 127.0.0.1 for a server a script or test is about to start. It is picked below
// the kernel's ephemeral range (32768 and up on Linux): the all-in-one binds its own gRPC services
// to port 0 before the HTTP edge listens, and a port asked of the kernel with listen(0) could be
// handed to one of them in between (EADDRINUSE). Usage: `node tools/lib/free-port.mjs` prints one;
// `node tools/lib/free-port.mjs --can-listen HOST PORT` exits 0 when a server could listen there now
// (tools/lib/ports.sh waits on it).
import net from 'node:net';
import { fileURLToPath } from 'node:url';

/** Whether a server could listen on HOST:PORT now (node sets SO_REUSEADDR, as servers do). */
export const canListen = (port, host = '127.0.0.1') =>
  new Promise((resolve) => {
    const server = net.createServer();
    server.unref();
    server.once('error', () => resolve(false));
    server.listen(port, host, () => server.close(() => resolve(true)));
  });

export async function freePort() {
  for (let attempt = 0; attempt < 200; attempt++) {
    const port = 20000 + Math.floor(Math.random() * 12000);
    if (await canListen(port)) return port;
  }
  throw new Error('no free port between 20000 and 31999');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [flag, host, port] = process.argv.slice(2);
  if (flag === '--can-listen') process.exitCode = (await canListen(Number(port), host)) ? 0 : 1;
  else console.log(await freePort());
}
