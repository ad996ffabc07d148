import { CommerceEvents, commerceEventsV1 } from '@taal/contracts';
import { consumeDecoded, type EventBus, type Sql, type Subscription } from '@taal/kit';
import type { Logger } from 'pino';
import type { CourseFacts, Payouts } from '../app/payouts';
import { SCHEMA } from '../store/payouts-store';

/**
 * Paid orders become sales: `commerce.order.paid`, applied once per event (inbox) and per
 * (order, course). Each course carries its title, instructor and percentage at order time
 * (decision 0053), so nobody is asked. Only an event written before it did (`saleTermsKnown`
 * false: still in Kafka or an outbox when commerce was upgraded) has its courses looked up in the
 * catalogue, in `prepare`, before the inbox's transaction opens (decision 0021).
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
        for (const c of order.courses) {
          const carried = c.saleTermsKnown ? { title: c.title, instructorId: c.instructorId, percentage: c.instructorPercentage } : null;
          facts.set(c.courseId, carried ?? (await courseFacts(c.courseId)));
        }
        return facts;
      },
    },
    async (order, tx, facts) => {
      await payouts.recordOrder(tx, order, facts);
    },
  );
}
