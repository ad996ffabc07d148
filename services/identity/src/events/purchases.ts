import { CommerceEvents, commerceEventsV1 } from '@taal/contracts';
import { consumeDecoded, type EventBus, type Sql, type Subscription } from '@taal/kit';
import type { Logger } from 'pino';
import { SCHEMA } from '../store/user-rows';

/**
 * A paid order makes its buyer a subscriber and records their first purchase (the back office's
 * subscriber list and the spec's first_purchase flag). Applied once per event (inbox).
 */
export function markBuyersOnPayment(sql: Sql, bus: EventBus, logger: Logger): Promise<Subscription> {
  return consumeDecoded(
    { sql, schema: SCHEMA, bus, group: 'identity.purchases', logger, type: CommerceEvents.orderPaid, codec: commerceEventsV1.OrderPaid },
    async (paid, tx) => {
      // A returning buyer's row is left as it is (no new row version for every later order).
      await tx.query(
        `UPDATE identity.users SET first_purchase = true, subscriber = true WHERE id = $1 AND NOT (first_purchase AND subscriber)`,
        [paid.userId],
      );
    },
  );
}
