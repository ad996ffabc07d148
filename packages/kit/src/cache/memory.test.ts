import { createMemoryCache } from './memory';

describe('createMemoryCache', () => {
  it('sweeps expired keys', async () => {
    let t = 1_000;
    const cache = createMemoryCache({ now: () => t, sweepIntervalMs: 60_000 });
    await cache.set('a', '1', 1);
    await cache.set('b', '2');
    await cache.incr('c', 2);
    expect(cache.size).toBe(3);
    t += 1_500;
    expect(cache.sweep()).toBe(1);
    expect(cache.size).toBe(2);
    t += 1_000;
    expect(cache.sweep()).toBe(1);
    expect(await cache.get('b')).toBe('2');
    await cache.close();
    await expect(cache.get('b')).rejects.toThrow('closed');
  });

  it('refuses non-positive TTLs and non-integer counters', async () => {
    const cache = createMemoryCache();
    await expect(cache.set('a', '1', 0)).rejects.toThrow(RangeError);
    await cache.set('s', 'text');
    await expect(cache.incr('s', 1)).rejects.toThrow('not an integer');
    await cache.close();
  });
});
