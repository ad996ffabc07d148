import { consumeRegistrations, type EventBus, type Sql, type Subscription } from '@taal/kit';
import type { Logger } from 'pino';
import { SCHEMA, type LearningStore } from '../store/learning-store';

/** Who to write to about expiries: name, e-mail and language from `identity.user.registered` (once per event). */
export function keepContacts(sql: Sql, bus: EventBus, store: LearningStore, logger: Logger): Promise<Subscription> {
  return consumeRegistrations({ sql, schema: SCHEMA, bus, group: 'learning.contacts', logger }, async (user, tx) => {
    if (!user.email) return;
    await store.upsertContact(tx, { userId: user.id, name: user.name, email: user.email, language: user.language === 'bn' ? 'bn' : 'en' });
  });
}
