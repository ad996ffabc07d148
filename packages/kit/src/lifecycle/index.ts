import type { Logger } from '../log';
import { flushBeforeExit } from '../telemetry/flush';

type Closer = () => unknown | Promise<unknown>;

/**
 * Collects shutdown steps. `stop()` runs the registered closers once, in reverse order of
 * registration (last started, first stopped); a failing closer is logged and the rest still run.
 */
export class Lifecycle {
  private readonly closers: { name: string; fn: Closer }[] = [];
  private stopPromise: Promise<void> | null = null;

  constructor(private readonly logger?: Pick<Logger, 'info' | 'error'>) {}

  get stopping(): boolean {
    return this.stopPromise !== null;
  }

  onStop(name: string, fn: Closer): void {
    if (this.stopPromise) throw new Error(`Lifecycle is stopping; cannot register "${name}"`);
    this.closers.push({ name, fn });
  }

  /** Runs every closer once; later calls return the same promise. Rejects (after all ran) if any failed. */
  stop(): Promise<void> {
    this.stopPromise ??= this.runClosers();
    return this.stopPromise;
  }

  private async runClosers(): Promise<void> {
    const failures: unknown[] = [];
    for (const { name, fn } of [...this.closers].reverse()) {
      try {
        await fn();
        this.logger?.info({ closer: name }, 'stopped');
      } catch (err) {
        failures.push(err);
        this.logger?.error({ err, closer: name }, 'closer failed');
      }
    }
    if (failures.length > 0) throw new AggregateError(failures, `${failures.length} closer(s) failed`);
  }
}

export interface SignalHandlerOptions {
  /** Exit 1 if stopping takes longer than this (default 10 s). */
  timeoutMs?: number;
  signals?: readonly NodeJS.Signals[];
  /** For tests; defaults to process.exit. */
  exit?: (code: number) => void;
}

/**
 * On SIGTERM/SIGINT: stops the lifecycle gracefully then exits 0 (1 if a closer failed or the hard
 * timeout elapsed). A second signal while stopping exits 1 at once. Returns a function removing the handlers.
 */
export function installSignalHandlers(
  lifecycle: Lifecycle,
  logger: Pick<Logger, 'info' | 'warn' | 'error'>,
  options: SignalHandlerOptions = {},
): () => void {
  const timeoutMs = options.timeoutMs ?? 10_000;
  const signals = options.signals ?? ['SIGTERM', 'SIGINT'];
  const exit = options.exit ?? ((code: number) => process.exit(code));
  let received = false;

  const handler = (signal: NodeJS.Signals) => {
    if (received) {
      logger.warn({ signal }, 'second signal while stopping; exiting now');
      exit(1);
      return;
    }
    received = true;
    logger.info({ signal, timeoutMs }, 'stopping');
    const timer = setTimeout(() => {
      logger.error({ timeoutMs }, 'graceful stop timed out; exiting');
      exit(1);
    }, timeoutMs);
    lifecycle.stop().then(
      async () => {
        clearTimeout(timer);
        logger.info('stopped');
        await flushBeforeExit(); // buffered spans, when tracing is on
        exit(0);
      },
      async (err: unknown) => {
        clearTimeout(timer);
        logger.error({ err }, 'stopped with errors');
        await flushBeforeExit();
        exit(1);
      },
    );
  };

  for (const s of signals) process.on(s, handler);
  return () => {
    for (const s of signals) process.off(s, handler);
  };
}

