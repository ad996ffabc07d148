import { z } from 'zod';

export type Parsed<T> = { ok: true; value: T } | { ok: false; message: string };

const ok = <T>(value: T): Parsed<T> => ({ ok: true, value });
const bad = <T>(message: string): Parsed<T> => ({ ok: false, message });

/**
 * Builds a field from a parser of the raw string. Without a default the variable is
 * required; the parser's message is prefixed with the variable name by loadConfig.
 */
export function envField<T>(parse: (raw: string) => Parsed<T>, defaultValue?: T): z.ZodType<T> {
  const base = z.string().transform((raw, ctx): T => {
    const parsed = parse(raw.trim());
    if (!parsed.ok) {
      ctx.addIssue({ code: 'custom', message: parsed.message });
      return z.NEVER;
    }
    return parsed.value;
  });
  if (defaultValue === undefined) return base;
  return base.default(defaultValue as never) as unknown as z.ZodType<T>;
}

function parseInteger(raw: string, min: number, max: number): Parsed<number> {
  const message = `must be an integer between ${min} and ${max}`;
  if (!/^[+-]?\d+$/.test(raw)) return bad(message);
  const n = Number(raw);
  return Number.isSafeInteger(n) && n >= min && n <= max ? ok(n) : bad(message);
}

function parsePort(raw: string): Parsed<number> {
  return parseInteger(raw, 1, 65535);
}

const HOST = /^(?:\[[0-9a-fA-F:.]+\]|[A-Za-z0-9](?:[A-Za-z0-9.-]*[A-Za-z0-9])?)$/;

function parseHostPort(item: string): Parsed<string> {
  const i = item.lastIndexOf(':');
  if (i <= 0) return bad('');
  const host = item.slice(0, i);
  const port = parsePort(item.slice(i + 1));
  return HOST.test(host) && port.ok ? ok(item) : bad('');
}

const DURATION_UNITS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 };

function parseDurationMs(raw: string): Parsed<number> {
  const m = /^(\d+(?:\.\d+)?)\s*(ms|s|m|h)?$/.exec(raw);
  if (!m) return bad('must be a duration such as 1500, 1500ms, 30s, 5m or 1h');
  const ms = Math.round(Number(m[1]) * (DURATION_UNITS[m[2] ?? 'ms'] ?? 1));
  return Number.isSafeInteger(ms) ? ok(ms) : bad('must be a duration such as 1500, 1500ms, 30s, 5m or 1h');
}

/** Helpers for common environment variables; each takes an optional default (else required). */
export const fields = {
  /** Any non-empty string. */
  string(defaultValue?: string): z.ZodType<string> {
    return envField((raw) => (raw ? ok(raw) : bad('must not be empty')), defaultValue);
  },
  /** A TCP port, 1–65535. */
  port(defaultValue?: number): z.ZodType<number> {
    return envField(parsePort, defaultValue);
  },
  /** An integer within [min, max]. */
  int(options: { min?: number; max?: number; default?: number } = {}): z.ZodType<number> {
    const min = options.min ?? Number.MIN_SAFE_INTEGER;
    const max = options.max ?? Number.MAX_SAFE_INTEGER;
    return envField((raw) => parseInteger(raw, min, max), options.default);
  },
  /** true/false, 1/0, yes/no, on/off. */
  boolean(defaultValue?: boolean): z.ZodType<boolean> {
    return envField((raw) => {
      const v = raw.toLowerCase();
      if (['true', '1', 'yes', 'on'].includes(v)) return ok(true);
      if (['false', '0', 'no', 'off'].includes(v)) return ok(false);
      return bad('must be a boolean (true/false)');
    }, defaultValue);
  },
  /** An absolute URL, optionally restricted to protocols such as ['redis', 'rediss']. */
  url(options: { protocols?: readonly string[]; default?: string } = {}): z.ZodType<string> {
    const protocols = options.protocols?.map((p) => p.replace(/:?$/, ':'));
    const message = protocols
      ? `must be a ${protocols.map((p) => `${p}//`).join(' or ')} URL`
      : 'must be an absolute URL';
    return envField((raw) => {
      let url: URL;
      try {
        url = new URL(raw);
      } catch {
        return bad(message);
      }
      if (protocols && !protocols.includes(url.protocol)) return bad(message);
      return ok(raw);
    }, options.default);
  },
  /** A comma-separated list of host:port, e.g. Kafka brokers `k1:9092,k2:9092`. */
  hostPortList(defaultValue?: string[]): z.ZodType<string[]> {
    return envField((raw) => {
      const items = raw
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
      if (items.length === 0 || !items.every((item) => parseHostPort(item).ok)) {
        return bad('must be a comma-separated list of host:port');
      }
      return ok(items);
    }, defaultValue);
  },
  /** A duration in milliseconds: `1500`, `1500ms`, `30s`, `5m`, `1h`. */
  durationMs(defaultValue?: number): z.ZodType<number> {
    return envField(parseDurationMs, defaultValue);
  },
  /** One of a fixed set of strings. */
  oneOf<const T extends readonly [string, ...string[]]>(
    values: T,
    defaultValue?: T[number],
  ): z.ZodType<T[number]> {
    return envField(
      (raw) => (values.includes(raw) ? ok(raw as T[number]) : bad(`must be one of ${values.join(', ')}`)),
      defaultValue,
    );
  },
};
