import { CatalogueEvents } from '@taal/contracts';
import type { EventBus, Subscription } from '@taal/kit';
import type { ResponseCache } from '../cache/response-cache';

/**
 * Every gateway instance drops its cached catalogue answers when the catalogue changes.
 * The group is per instance because every replica must see every event, and it starts at
 * the latest event: a gateway that just started has an empty cache, so older events mean
 * nothing to it and are not replayed. This is the one consumer without an inbox: the
 * gateway has no database, and dropping a cache twice is harmless.
 */
export function invalidateOnCatalogueChanges(bus: EventBus, cache: ResponseCache, group: string): Promise<Subscription> {
  return bus.subscribe(
    group,
    [
      CatalogueEvents.courseUpdated,
      CatalogueEvents.instructorUpdated,
      CatalogueEvents.courseDeleted,
      CatalogueEvents.upcomingUpdated,
      CatalogueEvents.freebieUpdated,
      CatalogueEvents.freebieDeleted,
      CatalogueEvents.popupUpdated,
    ],
    async () => {
      cache.invalidateAll();
    },
    { from: 'latest' },
  );
}
