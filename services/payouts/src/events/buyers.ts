import { IdentityEvents, identityEventsV1 } from '@taal/contracts';
import { consumeDecoded, type EventBus, type Sql, type Subscription } from '@taal/kit';
import type { Logger } from 'pino';
import { payoutsStore as store } from '../store/payouts-store';
import { SCHEMA } from '../store/schema';

/** Buyers' names for the sales tables, from `identity.user.registered` (once per event). */
export function keepBuyers(sql: Sql, bus: EventBus, logger: Logger): Promise<Subscription> {
  const registered = { type: IdentityEvents.userRegistered, codec: identityEventsV1.UserRegistered };
  return consumeDecoded({ sql, schema: SCHEMA, bus, group: 'payouts.buyers', logger, ...registered }, async ({ user }, tx) => {
    if (user?.id) await store.upsertBuyer(tx, user.id, user.name);
  });
}
