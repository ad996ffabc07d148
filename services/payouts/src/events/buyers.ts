import { IdentityEvents, identityEventsV1 } from '@taal/contracts';
import { consumeEvents, type EventBus, type Sql, type Subscription } from '@taal/kit';
import type { Logger } from 'pino';
import { payoutsStore as store, SCHEMA } from '../store/payouts-store';

/** Buyers' names for the sales tables, from `identity.user.registered` (once per event). */
export function keepBuyers(sql: Sql, bus: EventBus, logger: Logger): Promise<Subscription> {
  return consumeEvents({
    sql,
    schema: SCHEMA,
    bus,
    group: 'payouts.buyers',
    types: [IdentityEvents.userRegistered],
    from: 'earliest',
    logger,
    handler: async (event, tx) => {
      const user = identityEventsV1.UserRegistered.decode(event.payload).user;
      if (user?.id) await store.upsertBuyer(tx, user.id, user.name);
    },
  });
}
