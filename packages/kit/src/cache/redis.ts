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

/** DECR an existing counter, keeping its TTL, never below 0 and never creating the key. */
const DECR_FLOOR_LUA = `
if redis.call('EXISTS', KEYS[1]) == 0 then return 0 end
local count = redis.call('DECR', KEYS[1])
if count < 0 then
  redis.call('SET', KEYS[1], '0', 'KEEPTTL')
  count = 0
end
return count
`;

type RedisWithIncrWindow = Redis & {
  taalIncrWindow(key: string, windowMs: number): Promise<number>;
  taalDecrFloor(key: string): Promise<number>;
};

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
  redis.defineCommand('taalDecrFloor', { numberOfKeys: 1, lua: DECR_FLOOR_LUA });
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
    async decr(key) {
      return Number(await redis.taalDecrFloor(key));
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
