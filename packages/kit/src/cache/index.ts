export { createMemoryCache, type MemoryCache, type MemoryCacheOptions } from './memory';
export { createRedisCache, type RedisCache } from './redis';
export { UserDataVersions } from './user-versions';
export { keptFor } from './kept';
