import { CommerceEvents, commerceEventsV1, MessagingEvents, messagingEventsV1, StoreEvents, storeEventsV1 } from '@taal/contracts';
import { consumeEvents, type EventBus, type EventEnvelope, type Sql, type Subscription, type UserDataVersions } from '@taal/kit';
import type { Logger } from 'pino';
import { isNotificationTextKey, notificationText } from '../domain/notification-texts';
import { clean, giftCardNotification, orderPaidNotification } from '../domain/rules';
import { SCHEMA, type MessagingStore } from '../store/messaging-store';

/**
 * Notifications other services cause: `commerce.order.paid` (the buyer), `store.gift_card.redeemed`
 * (the wallet credited) and the generic
 * `messaging.notification.requested` (any service, any user). Each event is applied once
 * (inbox), and each cause gives one notification (its key is unique), even past the inbox.
 */
/** A system text's parameters: a JSON object of strings and numbers (null otherwise). */
function paramsOf(json: string): Record<string, string | number> | null {
  try {
    const parsed: unknown = JSON.parse(json || '{}');
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return null;
    const out: Record<string, string | number> = {};
    for (const [k, v] of Object.entries(parsed)) if (typeof v === 'string' || typeof v === 'number') out[k] = typeof v === 'string' ? clean(v).slice(0, 200) : v;
    return out;
  } catch {
    return null;
  }
}

/** The user an event notifies. */
function recipientOf(event: EventEnvelope): string {
  if (event.type === CommerceEvents.orderPaid) return commerceEventsV1.OrderPaid.decode(event.payload).userId;
  if (event.type === StoreEvents.giftCardRedeemed) return storeEventsV1.GiftCardRedeemed.decode(event.payload).userId;
  return messagingEventsV1.NotificationRequested.decode(event.payload).userId;
}

export function notifyFromEvents(
  sql: Sql,
  bus: EventBus,
  store: MessagingStore,
  logger: Logger,
  onNotification: () => void,
  userData?: UserDataVersions,
): Promise<Subscription> {
  return consumeEvents({
    // The recipient's list of notifications changed: the edge's cached copy is dropped.
    ...(userData ? { afterCommit: (event: EventEnvelope) => userData.changed(recipientOf(event)) } : {}),
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
        if (await store.addNotification(tx, { userId: order.userId, ...note })) onNotification();
        return;
      }
      if (event.type === StoreEvents.giftCardRedeemed) {
        const card = storeEventsV1.GiftCardRedeemed.decode(event.payload);
        if (!card.userId) return;
        const note = giftCardNotification(card.giftCardId, card.value);
        if (await store.addNotification(tx, { userId: card.userId, ...note })) onNotification();
        return;
      }
      const request = messagingEventsV1.NotificationRequested.decode(event.payload);
      const key = request.key ? `requested:${request.key}` : `event:${event.id}`;
      // A system text (shown in each reader's language) or the text as given.
      const params = request.textKey && isNotificationTextKey(request.textKey) ? paramsOf(request.paramsJson) : null;
      if (params && request.userId) {
        const msg = notificationText(request.textKey, params, 'en')!;
        if (await store.addNotification(tx, { userId: request.userId, msg, key, textKey: request.textKey, params })) onNotification();
        return;
      }
      if (!request.userId || !clean(request.msg)) return;
      if (await store.addNotification(tx, { userId: request.userId, msg: clean(request.msg).slice(0, 500), key })) onNotification();
    },
  });
}
