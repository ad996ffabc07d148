import { IdentityEvents, identityEventsV1 } from '@taal/contracts';
import { consumeDecoded, type EventBus, type Sql, type Subscription } from '@taal/kit';
import type { Logger } from 'pino';
import { SCHEMA } from '../store/schema';
import type { StoreDb } from '../store/store-db';

/** Users' mail languages from `identity.user.registered` (once per event): a receiver is mailed in theirs. */
export function keepContacts(sql: Sql, bus: EventBus, db: StoreDb, logger: Logger): Promise<Subscription> {
  const registered = { type: IdentityEvents.userRegistered, codec: identityEventsV1.UserRegistered };
  return consumeDecoded({ sql, schema: SCHEMA, bus, group: 'store.contacts', logger, ...registered }, async ({ user }, tx) => {
    if (!user?.email) return;
    await db.upsertContact(tx, { email: user.email, userId: user.id, language: user.language === 'bn' ? 'bn' : 'en' });
  });
}
