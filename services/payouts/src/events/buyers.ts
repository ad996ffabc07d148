import { consumeRegistrations, type EventBus, type Sql, type Subscription } from '@taal/kit';
import type { Logger } from 'pino';
import { payoutsStore as store, SCHEMA } from '../store/payouts-store';

/** Buyers' names for the sales tables, from `identity.user.registered` (once per event). */
export function keepBuyers(sql: Sql, bus: EventBus, logger: Logger): Promise<Subscription> {
  return consumeRegistrations({ sql, schema: SCHEMA, bus, group: 'payouts.buyers', logger }, async (user, tx) => {
    if (user.id) await store.upsertBuyer(tx, user.id, user.name);
  });
}
