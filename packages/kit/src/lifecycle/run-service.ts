import { createLogger, type Logger } from '../log';
import { Lifecycle, installSignalHandlers, type SignalHandlerOptions } from './index';

/**
 * The entry point of a service process: a logger and a lifecycle, graceful stop on
 * SIGTERM/SIGINT, and `start` to wire the service, registering a closer for everything it
 * opens. If start-up fails, what was already opened is closed and the process exits 1.
 */
export function runService(
  name: string,
  start: (ctx: { logger: Logger; lifecycle: Lifecycle }) => Promise<void>,
  options: Pick<SignalHandlerOptions, 'exit' | 'signals'> = {},
): Promise<void> {
  const logger = createLogger(name);
  const lifecycle = new Lifecycle(logger);
  const exit = options.exit ?? ((code: number) => process.exit(code));
  installSignalHandlers(lifecycle, logger, { exit, signals: options.signals });
  return start({ logger, lifecycle }).catch(async (err: unknown) => {
    logger.error({ err }, `${name} failed to start`);
    // Configuration errors name the variables: print them plainly for whoever runs the process.
    console.error(err instanceof Error ? err.message : err);
    await lifecycle.stop().catch(() => undefined);
    exit(1);
  });
}
