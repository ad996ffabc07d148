import { fields, startPeriodicJob, type Logger, type PeriodicJob } from '@taal/kit';
import type { ReconcileOptions, ReconcileReport } from './card-flow';

/**
 * The reconciler's settings, the same in every service that takes card payments (decision 0035).
 * An IPN normally arrives within seconds; an attempt quiet for two minutes is asked about, every
 * minute, for a day after it opened (a card session does not outlive that).
 */
const DEFAULTS = { CARD_RECONCILE_QUIET_MS: 120_000, CARD_RECONCILE_EVERY_MS: 60_000 };

export const cardReconcileConfig = {
  CARD_RECONCILE_QUIET_MS: fields.int({ min: 1000, max: 86_400_000, default: DEFAULTS.CARD_RECONCILE_QUIET_MS }),
  CARD_RECONCILE_EVERY_MS: fields.int({ min: 1000, max: 3_600_000, default: DEFAULTS.CARD_RECONCILE_EVERY_MS }),
};

export type CardReconcileSettings = typeof DEFAULTS;

/** How long after opening an attempt is still asked about. */
const RECONCILE_WINDOW_MS = 24 * 3_600_000;
/** Attempts asked about per run (the rest wait for the next; the least recently asked go first). */
const RECONCILE_BATCH = 50;

/** Runs a service's card reconciliation every CARD_RECONCILE_EVERY_MS (never overlapping). */
export function startCardReconciler(
  flow: { reconcile(options: ReconcileOptions): Promise<ReconcileReport> },
  logger: Logger,
  settings: CardReconcileSettings = DEFAULTS,
): PeriodicJob<ReconcileReport> {
  const options: ReconcileOptions = { quietMs: settings.CARD_RECONCILE_QUIET_MS, windowMs: RECONCILE_WINDOW_MS, limit: RECONCILE_BATCH };
  return startPeriodicJob({
    name: 'card payment reconciliation',
    intervalMs: settings.CARD_RECONCILE_EVERY_MS,
    logger,
    run: async () => {
      const report = await flow.reconcile(options);
      if (Object.keys(report.outcomes).length > 0) logger.info(report, 'card payments reconciled with the gateway');
      return report;
    },
  });
}
