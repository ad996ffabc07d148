/** Small helpers shared by the integration and browser tests. */
import net from 'node:net';

/**
 * Polls `condition` until it holds; fails with what was awaited (and, if given, some
 * context such as a child process's output) once `timeoutMs` has passed.
 */
export async function waitFor(
  condition: () => boolean | Promise<boolean>,
  what: string,
  options: { timeoutMs?: number; intervalMs?: number; context?: () => string } = {},
): Promise<void> {
  const { timeoutMs = 30_000, intervalMs = 50, context } = options;
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) {
      throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}${context ? `\n${context().slice(-3000)}` : ''}`);
    }
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

/**
 * A free port below the kernel's ephemeral range (32768 and up): the all-in-one binds its gRPC
 * services to port 0 before its HTTP edge listens, so a port from listen(0) could be taken by one of
 * them in between. Same rule as tools/lib/free-port.mjs (for scripts).
 *
 * A port is free when asked and taken only later, when the process it is for listens: two test
 * files running side by side could both be handed it (a cluster test's payouts then never
 * started: another test beside it had its port). So each jest worker draws from its own
 * slice of 20000-31999, and a process never hands out the same port twice.
 */
const PORT_SLICES = 4;
const PORT_SLICE_SIZE = 3000;
const handedOut = new Set<number>();

export async function freePort(): Promise<number> {
  const canListen = (port: number) =>
    new Promise<boolean>((resolve) => {
      const server = net.createServer();
      server.unref();
      server.once('error', () => resolve(false));
      server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
    });
  const slice = (Number(process.env.JEST_WORKER_ID ?? '1') - 1) % PORT_SLICES;
  const first = 20000 + slice * PORT_SLICE_SIZE;
  for (let attempt = 0; attempt < 200; attempt++) {
    const port = first + Math.floor(Math.random() * PORT_SLICE_SIZE);
    if (handedOut.has(port)) continue;
    if (await canListen(port)) {
      handedOut.add(port);
      return port;
    }
  }
  throw new Error(`no free port between ${first} and ${first + PORT_SLICE_SIZE - 1}`);
}
