import { pino, type Logger as PinoLogger, type LevelWithSilent } from 'pino';
import { traceIdsForLog } from '../telemetry/context';

export type Logger = PinoLogger;
export type LogLevel = LevelWithSilent;

const LEVELS: readonly string[] = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

function defaultLevel(): LogLevel {
  const fromEnv = process.env.LOG_LEVEL?.trim().toLowerCase();
  if (fromEnv && LEVELS.includes(fromEnv)) return fromEnv as LogLevel;
  // Quiet test output unless asked for.
  if (process.env.JEST_WORKER_ID !== undefined) return 'silent';
  return 'info';
}

/**
 * Structured JSON logger (pino) on stdout. The level comes from the argument, else
 * LOG_LEVEL, else `info` (`silent` under jest unless LOG_LEVEL is set). When tracing is on,
 * each line logged inside a span carries `trace_id` and `span_id`.
 */
export function createLogger(name: string, level?: LogLevel): Logger {
  return pino({
    name,
    level: level ?? defaultLevel(),
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
    // Lines written while a traced request or event is handled carry its trace and span ids.
    mixin: traceIdsForLog,
  });
}
