import type { EventBus, Subscription } from '@taal/kit';

/**
 * Every gateway instance drops its cached public reads on the events the API parts name
 * (`invalidatesCacheOn`: the catalogue's changes). The group is per instance because every
 * replica must see every event, and it starts at the latest event: a gateway that just started
 * has an empty cache, so older events mean nothing to it and are not replayed. This is the one
 * consumer without an inbox: the gateway has no database, and dropping a cache twice is harmless.
 */
export function invalidateCacheOn(bus: EventBus, types: readonly string[], caches: readonly { invalidateAll(): void }[], group: string): Promise<Subscription> {
  return bus.subscribe(
    group,
    [...new Set(types)],
    async () => {
      for (const cache of caches) cache.invalidateAll();
    },
    { from: 'latest' },
  );
}
