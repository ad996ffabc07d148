import { startPeriodicJob, type PeriodicJob } from '@taal/kit';
import type { Logger } from 'pino';
import type { Identity } from '../app/identity';

/** runOnce resolves to how many accounts were removed. */
export type StaleAccountSweeper = PeriodicJob<number>;

/**
 * The periodic job of decision 0006: every `intervalMs` (first run shortly after start),
 * unverified self sign-ups older than `days` are removed with their photos.
 */
export function startStaleAccountSweeper(
  identity: Identity,
  options: { days: number; intervalMs: number; logger: Logger; firstRunMs?: number },
): StaleAccountSweeper {
  return startPeriodicJob({
    name: 'stale account sweep',
    run: () => identity.removeStaleUnverifiedAccounts(options.days),
    intervalMs: options.intervalMs,
    firstRunMs: options.firstRunMs,
    logger: options.logger,
  });
}
