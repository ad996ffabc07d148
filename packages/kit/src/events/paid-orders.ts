import { CommerceEvents, commerceEventsV1 } from '@taal/contracts';
import type { Subscription } from '../ports/events';
import type { SqlExecutor } from '../ports/sql';
import { consumeEvents } from './inbox';
import type { ConsumeRegistrationsOptions } from './registrations';

export type ConsumePaidOrdersOptions<Prepared> = ConsumeRegistrationsOptions & {
  /** Asks other services what `handle` needs, before the inbox transaction opens (see consumeEvents). */
  prepare?: (order: commerceEventsV1.OrderPaid) => Promise<Prepared>;
  /** Runs once `handle`'s transaction committed (see consumeEvents). */
  afterCommit?: (order: commerceEventsV1.OrderPaid) => Promise<void>;
};

/**
 * What a service does when a course order is paid: `handle` runs for every `commerce.order.paid`
 * from the earliest, once per event (inbox), in the inbox transaction.
 */
export function consumePaidOrders<Prepared = undefined>(
  options: ConsumePaidOrdersOptions<Prepared>,
  handle: (order: commerceEventsV1.OrderPaid, tx: SqlExecutor, prepared: Prepared) => Promise<void>,
): Promise<Subscription> {
  const { prepare, afterCommit, ...rest } = options;
  return consumeEvents({
    ...rest,
    types: [CommerceEvents.orderPaid],
    from: 'earliest',
    prepare: async (event) => {
      const order = commerceEventsV1.OrderPaid.decode(event.payload);
      return { order, prepared: (prepare ? await prepare(order) : undefined) as Prepared };
    },
    handler: (_event, tx, { order, prepared }) => handle(order, tx, prepared),
    ...(afterCommit ? { afterCommit: (_event: unknown, { order }: { order: commerceEventsV1.OrderPaid }) => afterCommit(order) } : {}),
  });
}
