import { IdentityEvents, identityEventsV1, type identityV1 } from '@taal/contracts';
import type { Subscription } from '../ports/events';
import type { SqlExecutor } from '../ports/sql';
import { consumeEvents, type ConsumeEventsOptions } from './inbox';

export type ConsumeRegistrationsOptions = Pick<ConsumeEventsOptions, 'sql' | 'schema' | 'bus' | 'group' | 'logger' | 'inboxRetentionMs'>;

/**
 * A service's own copy of identity's users: `handle` runs for the user of every
 * `identity.user.registered` from the earliest, once per event (inbox), in the inbox transaction.
 */
export function consumeRegistrations(
  options: ConsumeRegistrationsOptions,
  handle: (user: identityV1.User, tx: SqlExecutor) => Promise<void>,
): Promise<Subscription> {
  return consumeEvents({
    ...options,
    types: [IdentityEvents.userRegistered],
    from: 'earliest',
    handler: async (event, tx) => {
      const user = identityEventsV1.UserRegistered.decode(event.payload).user;
      if (user) await handle(user, tx);
    },
  });
}
