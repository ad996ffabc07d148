import { IdentityEvents, identityEventsV1 } from '@taal/contracts';
import { consumeEvents, type EventBus, type Sql, type Subscription } from '@taal/kit';
import type { Logger } from 'pino';
import { SCHEMA, type StoreDb } from '../store/store-db';

/** Users' mail languages from `identity.user.registered` (once per event): a receiver is mailed in theirs. */
export function keepContacts(sql: Sql, bus: EventBus, db: StoreDb, logger: Logger): Promise<Subscription> {
  return consumeEvents({
    sql,
    schema: SCHEMA,
    bus,
    group: 'store.contacts',
    types: [IdentityEvents.userRegistered],
    from: 'earliest',
    logger,
    handler: async (event, tx) => {
      const user = identityEventsV1.UserRegistered.decode(event.payload).user;
      if (!user?.email) return;
      await db.upsertContact(tx, { email: user.email, userId: user.id, language: user.language === 'bn' ? 'bn' : 'en' });
    },
  });
}
