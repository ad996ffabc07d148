import { randomUUID } from 'node:crypto';
import type { Cache } from './cache';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Behaviour every Cache adapter must have. The factory may throw (e.g. missing settings): tests then fail. */
export function describeCacheContract(name: string, factory: () => Cache | Promise<Cache>): void {
  describe(`Cache contract: ${name}`, () => {
    let cache: Cache;
    const prefix = `taal-test:${randomUUID()}:`;
    const k = (key: string) => prefix + key;

    beforeAll(async () => {
      cache = await factory();
    });
    afterAll(async () => {
      await cache?.close();
    });

    it('returns null for a missing key', async () => {
      expect(await cache.get(k('missing'))).toBeNull();
    });

    it('sets, overwrites and gets values', async () => {
      await cache.set(k('a'), 'one');
      expect(await cache.get(k('a'))).toBe('one');
      await cache.set(k('a'), 'two ✓ ünïcode');
      expect(await cache.get(k('a'))).toBe('two ✓ ünïcode');
      await cache.set(k('empty'), '');
      expect(await cache.get(k('empty'))).toBe('');
    });

    it('expires values after their TTL', async () => {
      await cache.set(k('ttl'), 'v', 0.4);
      await cache.set(k('no-ttl'), 'v');
      expect(await cache.get(k('ttl'))).toBe('v');
      await sleep(600);
      expect(await cache.get(k('ttl'))).toBeNull();
      expect(await cache.get(k('no-ttl'))).toBe('v');
    });

    it('a set without TTL clears an earlier TTL', async () => {
      await cache.set(k('ttl-cleared'), 'v', 0.3);
      await cache.set(k('ttl-cleared'), 'w');
      await sleep(450);
      expect(await cache.get(k('ttl-cleared'))).toBe('w');
    });

    it('deletes one or many keys, ignoring missing ones', async () => {
      await cache.set(k('d1'), '1');
      await cache.set(k('d2'), '2');
      await cache.set(k('d3'), '3');
      await cache.del(k('d1'));
      expect(await cache.get(k('d1'))).toBeNull();
      await cache.del(k('d2'), k('d3'), k('never-set'));
      expect(await cache.get(k('d2'))).toBeNull();
      expect(await cache.get(k('d3'))).toBeNull();
      await cache.del();
    });

    it('incr counts within a window that starts at the first increment', async () => {
      const key = k('rate');
      expect(await cache.incr(key, 0.6)).toBe(1);
      await sleep(300);
      expect(await cache.incr(key, 0.6)).toBe(2);
      expect(await cache.get(key)).toBe('2');
      // Later increments do not extend the window: 0.6 s after the first one it is gone.
      await sleep(400);
      expect(await cache.get(key)).toBeNull();
      expect(await cache.incr(key, 0.6)).toBe(1);
    });

    it('incr is atomic under concurrency', async () => {
      const key = k('concurrent');
      const counts = await Promise.all(Array.from({ length: 50 }, () => cache.incr(key, 10)));
      expect([...counts].sort((a, b) => a - b)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    });

    it('decr refunds a counter atomically, keeps its window, never goes below 0 nor creates it', async () => {
      const key = k('refund');
      await Promise.all(Array.from({ length: 10 }, () => cache.incr(key, 0.6)));
      const after = await Promise.all(Array.from({ length: 4 }, () => cache.decr(key)));
      expect([...after].sort((a, b) => a - b)).toEqual([6, 7, 8, 9]);
      expect(await cache.incr(key, 0.6)).toBe(7);
      await sleep(800);
      expect(await cache.get(key)).toBeNull();
      expect(await cache.decr(key)).toBe(0);
      expect(await cache.get(key)).toBeNull();
      expect(await cache.incr(key, 10)).toBe(1);
      expect(await cache.decr(key)).toBe(0);
      expect(await cache.decr(key)).toBe(0);
      expect(await cache.incr(key, 10)).toBe(1);
    });

    it('incr gives an expiry to a counter that had none', async () => {
      const key = k('no-expiry-counter');
      await cache.set(key, '5');
      expect(await cache.incr(key, 0.3)).toBe(6);
      await sleep(450);
      expect(await cache.get(key)).toBeNull();
    });
  });
}
