import { CommerceEvents, commerceEventsV1, MessagingEvents, messagingEventsV1, StoreEvents, storeEventsV1 } from '@taal/contracts';
import { consumeEvents, type EventBus, type Sql, type Subscription } from '@taal/kit';
import type { Logger } from 'pino';
import { clean, giftCardNotification, orderPaidNotification } from '../domain/rules';
import { SCHEMA, type MessagingStore } from '../store/messaging-store';

/**
 * Notifications other services cause: `commerce.order.paid` (the buyer), `store.gift_card.redeemed`
 * (the wallet credited) and the generic
 * `messaging.notification.requested` (any service, any user). Each event is applied once
 * (inbox), and each cause gives one notification (its key is unique), even past the inbox.
 */
export function notifyFromEvents(sql: Sql, bus: EventBus, store: MessagingStore, logger: Logger, onNotification: () => void): Promise<Subscription> {
  return consumeEvents({
    sql,
    schema: SCHEMA,
    bus,
    group: 'messaging.notifications',
    types: [CommerceEvents.orderPaid, StoreEvents.giftCardRedeemed, MessagingEvents.notificationRequested],
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
      if (event.type === StoreEvents.giftCardRedeemed) {
        const card = storeEventsV1.GiftCardRedeemed.decode(event.payload);
        if (!card.userId) return;
        const note = giftCardNotification(card.giftCardId, card.value);
        if (await store.addNotification(tx, { userId: card.userId, msg: note.msg, key: note.key })) onNotification();
        return;
      }
      const request = messagingEventsV1.NotificationRequested.decode(event.payload);
      if (!request.userId || !clean(request.msg)) return;
      const key = request.key ? `requested:${request.key}` : `event:${event.id}`;
      if (await store.addNotification(tx, { userId: request.userId, msg: clean(request.msg).slice(0, 500), key })) onNotification();
    },
  });
}
