import { CommerceEvents, commerceEventsV1 } from '@taal/contracts';
import { consumeEvents, type EventBus, type Sql, type Subscription } from '@taal/kit';
import type { Logger } from 'pino';
import type { CourseFacts, Payouts } from '../app/payouts';
import { SCHEMA } from '../store/payouts-store';

/**
 * Paid orders become sales: `commerce.order.paid`, applied once per event (inbox) and per
 * (order, course). The catalogue is asked about the order's courses in `prepare`, before the
 * inbox's transaction opens (decision 0021).
 */
export function recordSales(
  sql: Sql,
  bus: EventBus,
  payouts: Payouts,
  courseFacts: (courseId: string) => Promise<CourseFacts>,
  logger: Logger,
): Promise<Subscription> {
  return consumeEvents({
    sql,
    schema: SCHEMA,
    bus,
    group: 'payouts.sales',
    types: [CommerceEvents.orderPaid],
    from: 'earliest',
    logger,
    prepare: async (event) => {
      const order = commerceEventsV1.OrderPaid.decode(event.payload);
      const facts = new Map<string, CourseFacts>();
      for (const c of order.courses) facts.set(c.courseId, await courseFacts(c.courseId));
      return { order, facts };
    },
    handler: async (_event, tx, { order, facts }) => {
      await payouts.recordOrder(tx, order, facts);
    },
  });
}
