import { IdentityEvents, identityEventsV1 } from '@taal/contracts';
import { consumeDecoded, type EventBus, type Sql, type Subscription } from '@taal/kit';
import type { Logger } from 'pino';
import type { LearningStore } from '../store/learning-store';
import { SCHEMA } from '../store/schema';

/** Who to write to about expiries: name, e-mail and language from `identity.user.registered` (once per event). */
export function keepContacts(sql: Sql, bus: EventBus, store: LearningStore, logger: Logger): Promise<Subscription> {
  const registered = { type: IdentityEvents.userRegistered, codec: identityEventsV1.UserRegistered };
  return consumeDecoded({ sql, schema: SCHEMA, bus, group: 'learning.contacts', logger, ...registered }, async ({ user }, tx) => {
    if (!user?.email) return;
    await store.contacts.upsertContact(tx, { userId: user.id, name: user.name, email: user.email, language: user.language === 'bn' ? 'bn' : 'en' });
  });
}
