import { consumePaidOrders, type EventBus, type Sql, type Subscription } from '@taal/kit';
import type { Logger } from 'pino';
import type { Learning } from '../app/learning';
import { SCHEMA } from '../store/learning-store';

/** Paid orders grant access: `commerce.order.paid`, applied once per event (inbox) and per (order, course). */
export function grantOnPayment(sql: Sql, bus: EventBus, learning: Learning, logger: Logger): Promise<Subscription> {
  return consumePaidOrders({ sql, schema: SCHEMA, bus, group: 'learning.enrolments', logger }, (paid, tx) =>
    learning.grantFromOrder(tx, paid),
  );
}
