import { Redis, type RedisOptions } from 'ioredis';
import type { Cache } from '../ports/cache';

/**
 * INCR, and start the window at the first increment. Also sets the expiry if the key somehow has
 * none (e.g. written by `set` without a TTL), so a counter can never live forever.
 */
const INCR_WINDOW_LUA = `
local count = redis.call('INCR', KEYS[1])
if count == 1 or redis.call('PTTL', KEYS[1]) == -1 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
end
return count
`;

type RedisWithIncrWindow = Redis & { taalIncrWindow(key: string, windowMs: number): Promise<number> };

function toMs(what: string, seconds: number): number {
  if (!Number.isFinite(seconds) || seconds <= 0)
    throw new RangeError(`${what} must be a positive number of seconds`);
  return Math.max(1, Math.round(seconds * 1000));
}

export interface RedisCache extends Cache {
  readonly redis: Redis;
}

/** Cache over Redis (ioredis). Requests fail after a couple of retries instead of queueing forever. */
export function createRedisCache(url: string, options: RedisOptions = {}): RedisCache {
  const redis = new Redis(url, {
    maxRetriesPerRequest: 2,
    connectTimeout: 5000,
    ...options,
  }) as RedisWithIncrWindow;
  redis.defineCommand('taalIncrWindow', { numberOfKeys: 1, lua: INCR_WINDOW_LUA });
  // Errors surface through the rejected commands; without a listener ioredis logs to stderr.
  redis.on('error', () => undefined);

  return {
    redis,
    async get(key) {
      return redis.get(key);
    },
    async set(key, value, ttlSeconds) {
      if (ttlSeconds === undefined) await redis.set(key, value);
      else await redis.set(key, value, 'PX', toMs('ttlSeconds', ttlSeconds));
    },
    async del(...keys) {
      if (keys.length > 0) await redis.del(...keys);
    },
    async incr(key, windowSeconds) {
      return Number(await redis.taalIncrWindow(key, toMs('windowSeconds', windowSeconds)));
    },
    async close() {
      if (redis.status === 'end') return;
      try {
        await redis.quit();
      } catch {
        redis.disconnect();
      }
    },
  };
}
