import { CommerceEvents, commerceEventsV1 } from '@taal/contracts';
import { consumeEvents, type EventBus, type Sql, type Subscription } from '@taal/kit';
import type { Logger } from 'pino';
import { SCHEMA } from '../store/identity-store';

/**
 * A paid order makes its buyer a subscriber and records their first purchase (the back office's
 * subscriber list and the spec's first_purchase flag). Applied once per event (inbox).
 */
export function markBuyersOnPayment(sql: Sql, bus: EventBus, logger: Logger): Promise<Subscription> {
  return consumeEvents({
    sql,
    schema: SCHEMA,
    bus,
    group: 'identity.purchases',
    types: [CommerceEvents.orderPaid],
    from: 'earliest',
    logger,
    handler: async (event, tx) => {
      const paid = commerceEventsV1.OrderPaid.decode(event.payload);
      await tx.query(`UPDATE identity.users SET first_purchase = true, subscriber = true WHERE id = $1`, [paid.userId]);
    },
  });
}
