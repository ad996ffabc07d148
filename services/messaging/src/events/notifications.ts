import { CommerceEvents, commerceEventsV1, MessagingEvents, messagingEventsV1 } from '@taal/contracts';
import { consumeEvents, type EventBus, type Sql, type Subscription } from '@taal/kit';
import type { Logger } from 'pino';
import { orderPaidNotification } from '../domain/rules';
import { SCHEMA, type MessagingStore } from '../store/messaging-store';

/**
 * Notifications other services cause: `commerce.order.paid` (the buyer) and the generic
 * `messaging.notification.requested` (any service, any user). Each event is applied once
 * (inbox), and each cause gives one notification (its key is unique), even past the inbox.
 */
export function notifyFromEvents(sql: Sql, bus: EventBus, store: MessagingStore, logger: Logger, onNotification: () => void): Promise<Subscription> {
  return consumeEvents({
    sql,
    schema: SCHEMA,
    bus,
    group: 'messaging.notifications',
    types: [CommerceEvents.orderPaid, MessagingEvents.notificationRequested],
    from: 'earliest',
    logger,
    handler: async (event, tx) => {
      if (event.type === CommerceEvents.orderPaid) {
        const order = commerceEventsV1.OrderPaid.decode(event.payload);
        if (!order.userId) return;
        const note = orderPaidNotification(order.orderId, order.courses.length);
        if (await store.addNotification(tx, { userId: order.userId, msg: note.msg, key: note.key })) onNotification();
        return;
      }
      const request = messagingEventsV1.NotificationRequested.decode(event.payload);
      if (!request.userId || !request.msg.trim()) return;
      const key = request.key ? `requested:${request.key}` : `event:${event.id}`;
      if (await store.addNotification(tx, { userId: request.userId, msg: request.msg.trim().slice(0, 500), key })) onNotification();
    },
  });
}
