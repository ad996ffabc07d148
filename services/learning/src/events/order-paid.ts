import { CommerceEvents, commerceEventsV1 } from '@taal/contracts';
import { consumeDecoded, type EventBus, type Sql, type Subscription, type UserDataVersions } from '@taal/kit';
import type { Logger } from 'pino';
import type { Learning } from '../app/learning';
import { SCHEMA } from '../store/schema';

/** Paid orders grant access: `commerce.order.paid`, applied once per event (inbox) and per (order, course). */
export function grantOnPayment(sql: Sql, bus: EventBus, learning: Learning, logger: Logger, userData?: UserDataVersions): Promise<Subscription> {
  const afterCommit = userData && ((paid: { userId: string }) => userData.changed(paid.userId));
  const paidOrders = { type: CommerceEvents.orderPaid, codec: commerceEventsV1.OrderPaid };
  return consumeDecoded({ sql, schema: SCHEMA, bus, group: 'learning.enrolments', logger, ...paidOrders, ...(afterCommit ? { afterCommit } : {}) }, (paid, tx) =>
    learning.grantFromOrder(tx, paid),
  );
}
