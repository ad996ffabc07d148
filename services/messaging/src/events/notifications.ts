import { CommerceEvents, commerceEventsV1, MessagingEvents, messagingEventsV1, StoreEvents, storeEventsV1 } from '@taal/contracts';
import type { EventBus, EventEnvelope, Subscription, UserDataVersions } from '@taal/kit';
import { isNotificationTextKey, notificationText } from '../domain/notification-texts';
import { clean, giftCardNotification, orderPaidNotification } from '../domain/rules';
import type { MessagingDocuments } from '../store/documents';
import { consumeIdempotently } from './consume';

/**
 * Notifications other services cause: `commerce.order.paid` (the buyer), `store.gift_card.redeemed`
 * (the wallet credited) and the generic
 * `messaging.notification.requested` (any service, any user). Each cause gives one notification:
 * its key (the order, the card, the request's key, else the event's id) is unique, so an event
 * delivered twice, or to two consumers at once, is one notification.
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

/** What an event adds to one user's notifications (null: nothing). */
type UserNotification = { userId: string; msg: string; key?: string; textKey?: string; params?: Record<string, string | number> };

/** The notification an event asks for, read from its payload once (the inbox transaction then only writes it). */
function notificationOf(event: EventEnvelope): UserNotification | null {
  if (event.type === CommerceEvents.orderPaid) {
    const order = commerceEventsV1.OrderPaid.decode(event.payload);
    return order.userId ? { userId: order.userId, ...orderPaidNotification(order.orderId, order.courses.length) } : null;
  }
  if (event.type === StoreEvents.giftCardRedeemed) {
    const card = storeEventsV1.GiftCardRedeemed.decode(event.payload);
    return card.userId ? { userId: card.userId, ...giftCardNotification(card.giftCardId, card.value) } : null;
  }
  const request = messagingEventsV1.NotificationRequested.decode(event.payload);
  if (!request.userId) return null;
  const key = request.key ? `requested:${request.key}` : `event:${event.id}`;
  // A system text (shown in each reader's language) or the text as given.
  const params = request.textKey && isNotificationTextKey(request.textKey) ? paramsOf(request.paramsJson) : null;
  if (params) return { userId: request.userId, msg: notificationText(request.textKey, params, 'en')!, key, textKey: request.textKey, params };
  return clean(request.msg) ? { userId: request.userId, msg: clean(request.msg).slice(0, 500), key } : null;
}

export function notifyFromEvents(
  bus: EventBus,
  store: MessagingDocuments,
  onNotification: () => void,
  userData?: UserDataVersions,
): Promise<Subscription> {
  return consumeIdempotently({
    bus,
    group: 'messaging.notifications',
    types: [CommerceEvents.orderPaid, StoreEvents.giftCardRedeemed, MessagingEvents.notificationRequested],
    prepare: async (event) => notificationOf(event),
    write: async (_event, note) => {
      if (!note) return;
      if (await store.addNotification(note)) onNotification();
      // The recipient's list changed: the edge's copies of it are dropped (again on a redelivery,
      // which a crash between the write and this may cause; harmless).
      await userData?.changed(note.userId);
    },
  });
}
