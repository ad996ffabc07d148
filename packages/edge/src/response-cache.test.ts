import { ResponseCache } from './response-cache';

describe('ResponseCache', () => {
  it('serves the stored bytes until invalidated', async () => {
    const cache = new ResponseCache(60_000);
    let calls = 0;
    const load = async () => ({ n: ++calls });
    expect(JSON.parse((await cache.getOrLoad('k', load)).toString())).toEqual({ n: 1 });
    expect(JSON.parse((await cache.getOrLoad('k', load)).toString())).toEqual({ n: 1 });
    cache.invalidateAll();
    expect(JSON.parse((await cache.getOrLoad('k', load)).toString())).toEqual({ n: 2 });
  });

  it('does not keep a result loaded across an invalidation', async () => {
    const cache = new ResponseCache(60_000);
    let release!: () => void;
    const slow = cache.getOrLoad('k', () => new Promise((resolve) => (release = () => resolve('stale'))));
    cache.invalidateAll();
    release();
    expect((await slow).toString()).toBe('"stale"');
    expect((await cache.getOrLoad('k', async () => 'fresh')).toString()).toBe('"fresh"');
  });

  it('expires entries after the TTL', async () => {
    let now = 0;
    const cache = new ResponseCache(1000, 10, () => now);
    await cache.getOrLoad('k', async () => 1);
    now = 1500;
    expect((await cache.getOrLoad('k', async () => 2)).toString()).toBe('2');
  });

  it('peeks at the live bytes without loading: the same Buffer until invalidated or expired', async () => {
    let now = 0;
    const cache = new ResponseCache(1000, 10, () => now);
    expect(cache.peek('k')).toBeUndefined();
    const body = await cache.getOrLoad('k', async () => 1);
    expect(cache.peek('k')).toBe(body);
    cache.invalidateAll();
    expect(cache.peek('k')).toBeUndefined();
    const again = await cache.getOrLoad('k', async () => 1);
    expect(again).not.toBe(body);
    expect(cache.peek('k')).toBe(again);
    now = 1000;
    expect(cache.peek('k')).toBeUndefined();
  });

  it('stays bounded', async () => {
    const cache = new ResponseCache(60_000, 2);
    for (const key of ['a', 'b', 'c']) await cache.getOrLoad(key, async () => key);
    expect(cache.size).toBe(2);
  });
});
