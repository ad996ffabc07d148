/**
 * What must be sent before the process exits (buffered spans). Kept apart from the SDK so the
 * kit's lifecycle can run it without loading OpenTelemetry's SDK when tracing is off.
 */
const flushers: Array<() => Promise<void>> = [];

export function onProcessExit(flush: () => Promise<void>): void {
  flushers.push(flush);
}

/** Runs every registered flush, waiting at most `timeoutMs`; failures are ignored (exiting anyway). */
export async function flushBeforeExit(timeoutMs = 2_000): Promise<void> {
  if (flushers.length === 0) return;
  await Promise.race([
    Promise.allSettled(flushers.map((f) => f())),
    new Promise((resolve) => setTimeout(resolve, timeoutMs).unref()),
  ]);
}
