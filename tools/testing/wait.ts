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
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}
