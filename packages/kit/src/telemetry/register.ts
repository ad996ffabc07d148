/**
 * Side-effect entry: `import '@taal/kit/dist/telemetry/register'` as the first import of a
 * process starts tracing (when configured) before the modules it instruments are loaded.
 * The service name is the process's `--target` (a cluster pod runs one service), else "taal".
 * The SDK is only loaded when tracing is configured (it costs about a second of start-up).
 */
import { onProcessExit } from './flush';
import { tracingConfigured } from './configured';

function targetOf(argv: readonly string[]): string {
  const at = argv.indexOf('--target');
  const inline = argv.find((a) => a.startsWith('--target='));
  const target = at >= 0 ? argv[at + 1] : inline?.slice('--target='.length);
  return target && target !== 'all' ? target : 'taal';
}

if (tracingConfigured()) {
  // Loaded only when tracing is on.
  const { startTracing } = require('./sdk') as typeof import('./sdk');
  const tracing = startTracing(targetOf(process.argv));
  // Spans still buffered when the process stops are sent before it exits (installSignalHandlers).
  if (tracing) onProcessExit(() => tracing.shutdown());
}
