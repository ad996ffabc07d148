import { createMemoryCache, createRedisCache } from '../cache';
import { requireInfraEnv } from '../config/infra-env-file';
import { describeCacheContract } from './cache.contract';

describeCacheContract('memory (embedded)', () => createMemoryCache());
describeCacheContract('redis', () => createRedisCache(requireInfraEnv('REDIS_URL').REDIS_URL));
