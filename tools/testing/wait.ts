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

/** A TCP port on 127.0.0.1 that nothing listens on right now. */
/**
 * A free port below the kernel's ephemeral range (32768 and up): the all-in-one binds its gRPC
 * services to port 0 before its HTTP edge listens, so a port from listen(0) could be taken by one of
 * them in between. Same rule as tools/lib/free-port.mjs (for scripts).
 */
export async function freePort(): Promise<number> {
  const canListen = (port: number) =>
    new Promise<boolean>((resolve) => {
      const server = net.createServer();
      server.unref();
      server.once('error', () => resolve(false));
      server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
    });
  for (let attempt = 0; attempt < 200; attempt++) {
    const port = 20000 + Math.floor(Math.random() * 12000);
    if (await canListen(port)) return port;
  }
  throw new Error('no free port between 20000 and 31999');
}
