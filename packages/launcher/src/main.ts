/**
 * The one launcher (decision 0011):
 *
 *   node packages/launcher/dist/main.js [--mode all-in-one|cluster] [--target all|<service>]
 *
 * - all-in-one, all: every service in this process on embedded infrastructure (`npm start`).
 * - all-in-one, <service>: only that one, embedded (it needs IDENTITY_JWKS_URL unless it is identity).
 * - cluster, all: a supervisor running one process per service, restarted if it dies (`npm run start:cluster`).
 * - cluster, <service>: that service alone against real servers, configured from env (each Deployment of the chart).
 *
 * The mode defaults to TAAL_MODE (cluster or embedded = all-in-one), the target to all.
 */
// First: tracing (when configured) must patch http, gRPC, pg, ioredis and kafkajs before they load.
import '@taal/kit/dist/telemetry/register';
import { parseArgs } from 'node:util';
import { runService } from '@taal/kit';
import { startAllInOne } from './all-in-one';
import { superviseCluster } from './cluster';
import { findService, runClusterTarget } from './run';

export interface LaunchOptions {
  mode: 'all-in-one' | 'cluster';
  target: string;
}

export function parseLaunchArgs(argv: readonly string[], env: NodeJS.ProcessEnv = process.env): LaunchOptions {
  const { values } = parseArgs({ args: [...argv], options: { mode: { type: 'string' }, target: { type: 'string' } }, strict: true });
  const mode = values.mode ?? (env.TAAL_MODE === 'cluster' ? 'cluster' : 'all-in-one');
  if (mode !== 'all-in-one' && mode !== 'cluster') throw new Error(`--mode must be all-in-one or cluster (got "${mode}")`);
  const target = values.target ?? 'all';
  if (target !== 'all') findService(target);
  return { mode, target };
}

export function launch({ mode, target }: LaunchOptions): void {
  if (mode === 'cluster') {
    if (target === 'all') superviseCluster();
    else void runClusterTarget(target);
    return;
  }
  void runService(target === 'all' ? 'taal' : target, async ({ lifecycle }) => {
    const taal = await startAllInOne(process.env, target === 'all' ? {} : { targets: [target] });
    lifecycle.onStop('all-in-one', () => taal.stop());
  });
}

if (require.main === module) {
  let options: LaunchOptions;
  try {
    options = parseLaunchArgs(process.argv.slice(2));
  } catch (err) {
    console.error(err instanceof Error ? err.message : err);
    process.exit(2);
  }
  launch(options);
}
