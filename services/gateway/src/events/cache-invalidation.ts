import { CatalogueEvents } from '@taal/contracts';
import type { EventBus, Subscription } from '@taal/kit';
import type { ResponseCache } from '../cache/response-cache';

/**
 * Every gateway instance drops its cached catalogue answers when the catalogue changes.
 * Invalidation is idempotent, so a redelivered event does no harm. The group is per
 * instance because every replica must see every event.
 */
export function invalidateOnCatalogueChanges(bus: EventBus, cache: ResponseCache, group: string): Promise<Subscription> {
  return bus.subscribe(group, [CatalogueEvents.courseUpdated, CatalogueEvents.instructorUpdated], async () => {
    cache.invalidateAll();
  });
}
