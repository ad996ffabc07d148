import type { Logger } from 'pino';
import type { Identity } from '../app/identity';

export interface StaleAccountSweeper {
  /** Runs one sweep now (also what the timer calls); resolves to how many accounts were removed. */
  runOnce(now?: Date): Promise<number>;
  stop(): Promise<void>;
}

/**
 * The periodic job of decision 0006: every `intervalMs` (first run shortly after start),
 * unverified self sign-ups older than `days` are removed with their photos. Runs never
 * overlap; a failed run is logged and retried at the next tick.
 */
export function startStaleAccountSweeper(
  identity: Identity,
  options: { days: number; intervalMs: number; logger: Logger; firstRunMs?: number },
): StaleAccountSweeper {
  let running: Promise<number> | null = null;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;

  // Runs queue behind each other: a sweep asked for now starts after the one in flight.
  const runOnce = (now?: Date): Promise<number> => {
    const run = (running ?? Promise.resolve(0))
      .catch(() => 0)
      .then(() => identity.removeStaleUnverifiedAccounts(options.days, now));
    running = run;
    void run.finally(() => {
      if (running === run) running = null;
    }).catch(() => undefined);
    return run;
  };
  const schedule = (ms: number) => {
    if (stopped) return;
    timer = setTimeout(() => {
      runOnce()
        .catch((err: unknown) => options.logger.error({ err }, 'stale account sweep failed'))
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
