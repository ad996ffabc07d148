import type { Logger } from 'pino';

export interface PeriodicJob<T> {
  /** Runs the job now, after any run in flight (runs never overlap); resolves to its result. */
  runOnce(): Promise<T>;
  /** Stops the timer and waits for a run in flight. */
  stop(): Promise<void>;
}

export interface PeriodicJobOptions<T> {
  /** Named in the log when a run fails. */
  name: string;
  run: () => Promise<T>;
  intervalMs: number;
  /** Delay before the first run (default: the interval, at most a minute). */
  firstRunMs?: number;
  logger: Logger;
}

/**
 * A service's background job (expiry sweeps, clean-ups): runs every `intervalMs` after the
 * previous run ended, never overlapping; a failed run is logged and retried at the next
 * tick. The timer does not keep the process alive.
 */
export function startPeriodicJob<T>(options: PeriodicJobOptions<T>): PeriodicJob<T> {
  let running: Promise<T> | null = null;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;

  const runOnce = (): Promise<T> => {
    const run = (running ?? Promise.resolve()).catch(() => undefined).then(() => options.run());
    running = run;
    void run
      .finally(() => {
        if (running === run) running = null;
      })
      .catch(() => undefined);
    return run;
  };
  const schedule = (ms: number) => {
    if (stopped) return;
    timer = setTimeout(() => {
      runOnce()
        .catch((err: unknown) => options.logger.error({ err, job: options.name }, 'periodic job failed; retried at the next tick'))
        .finally(() => schedule(options.intervalMs));
    }, ms);
    timer.unref();
  };
  schedule(options.firstRunMs ?? Math.min(options.intervalMs, 60_000));

  return {
    runOnce,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running?.catch(() => undefined);
    },
  };
}
