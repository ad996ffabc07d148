import { CommerceEvents, commerceEventsV1 } from '@taal/contracts';
import { consumeDecoded, type EventBus, type Sql, type Subscription } from '@taal/kit';
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
  return consumeDecoded(
    {
      type: CommerceEvents.orderPaid,
      codec: commerceEventsV1.OrderPaid,
      sql,
      schema: SCHEMA,
      bus,
      group: 'payouts.sales',
      logger,
      prepare: async (order) => {
        const facts = new Map<string, CourseFacts>();
        for (const c of order.courses) facts.set(c.courseId, await courseFacts(c.courseId));
        return facts;
      },
    },
    async (order, tx, facts) => {
      await payouts.recordOrder(tx, order, facts);
    },
  );
}
