import type { Cache } from '../ports/cache';

interface Entry {
  value: string;
  /** Epoch ms; undefined = no expiry. */
  expiresAt?: number;
}

export interface MemoryCacheOptions {
  /** How often expired keys are swept (default 30 s). */
  sweepIntervalMs?: number;
  /** For tests. */
  now?: () => number;
}

export interface MemoryCache extends Cache {
  /** Removes expired keys now; returns how many. */
  sweep(): number;
  readonly size: number;
}

function checkSeconds(what: string, seconds: number): number {
  if (!Number.isFinite(seconds) || seconds <= 0)
    throw new RangeError(`${what} must be a positive number of seconds`);
  return seconds * 1000;
}

/** In-process cache for embedded mode: honours TTLs lazily on read and sweeps expired keys periodically. */
export function createMemoryCache(options: MemoryCacheOptions = {}): MemoryCache {
  const now = options.now ?? Date.now;
  const entries = new Map<string, Entry>();
  let closed = false;

  const live = (key: string): Entry | undefined => {
    const entry = entries.get(key);
    if (entry?.expiresAt !== undefined && entry.expiresAt <= now()) {
      entries.delete(key);
      return undefined;
    }
    return entry;
  };

  const sweep = () => {
    const t = now();
    let removed = 0;
    for (const [key, entry] of entries) {
      if (entry.expiresAt !== undefined && entry.expiresAt <= t) {
        entries.delete(key);
        removed++;
      }
    }
    return removed;
  };

  const timer = setInterval(sweep, options.sweepIntervalMs ?? 30_000);
  timer.unref();

  const ensureOpen = () => {
    if (closed) throw new Error('Cache is closed');
  };

  return {
    async get(key) {
      ensureOpen();
      return live(key)?.value ?? null;
    },
    async set(key, value, ttlSeconds) {
      ensureOpen();
      const expiresAt = ttlSeconds === undefined ? undefined : now() + checkSeconds('ttlSeconds', ttlSeconds);
      entries.set(key, { value, expiresAt });
    },
    async del(...keys) {
      ensureOpen();
      for (const key of keys) entries.delete(key);
    },
    async incr(key, windowSeconds) {
      ensureOpen();
      const windowMs = checkSeconds('windowSeconds', windowSeconds);
      const entry = live(key);
      if (!entry) {
        entries.set(key, { value: '1', expiresAt: now() + windowMs });
        return 1;
      }
      if (!/^-?\d+$/.test(entry.value)) throw new Error(`Cache value at ${key} is not an integer`);
      const count = Number(entry.value) + 1;
      entry.value = String(count);
      entry.expiresAt ??= now() + windowMs;
      return count;
    },
    async decr(key) {
      ensureOpen();
      const entry = live(key);
      if (!entry) return 0;
      if (!/^-?\d+$/.test(entry.value)) throw new Error(`Cache value at ${key} is not an integer`);
      const count = Math.max(0, Number(entry.value) - 1);
      entry.value = String(count);
      return count;
    },
    async close() {
      closed = true;
      clearInterval(timer);
      entries.clear();
    },
    sweep,
    get size() {
      return entries.size;
    },
  };
}
