/**
 * Transactional mails from events (decision 0023): `messaging.mail.requested` from any service
 * (with a receipt to attach, when it carries one), and the receipt of a paid order
 * (`commerce.order.paid`, consumed here). A paid order's event carries its buyer (address, name,
 * language) and its courses' titles (decisions 0049, 0053), so its receipt asks nobody; only an
 * event written before it did asks identity and the catalogue, in `prepare`. A request's recipient
 * by user or instructor is read from identity there too. The write only renders and stores the
 * mail, once per key (the cause, its _id), which the sender job then sends.
 */
import { CommerceEvents, commerceEventsV1, MessagingEvents, messagingEventsV1, type MailReceipt } from '@taal/contracts';
import type { EventBus, EventEnvelope, Subscription } from '@taal/kit';
import type { Logger } from 'pino';
import { isMailKind, type MailRecipient, type TransactionalMails } from '../app/transactional-mail';
import type { MailKind } from '../templates/mail-templates';
import { consumeIdempotently } from './consume';

/** What messaging asks other services about a mail's recipient (identity) and a receipt's courses (catalogue). */
export interface MailDirectory {
  /** An identity user's address, name and language; null when there is no such user. */
  user(userId: string): Promise<MailRecipient | null>;
  /** The accounts of an instructor profile (not suspended). */
  instructorAccounts(instructorId: string): Promise<MailRecipient[]>;
  /** A course's title ('' when unknown). */
  courseTitle(courseId: string): Promise<string>;
}

interface Planned {
  key: string;
  kind: MailKind;
  to: MailRecipient;
  data: Record<string, unknown>;
  /** A paid order's receipt, attached as a PDF when the mail is sent. */
  receipt?: MailReceipt;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

async function plan(event: EventEnvelope, directory: MailDirectory, publicUrl: () => string, logger: Logger): Promise<Planned[]> {
  if (event.type === CommerceEvents.orderPaid) {
    const order = commerceEventsV1.OrderPaid.decode(event.payload);
    if (!order.userId) return [];
    // The buyer as the order recorded them (decision 0053); an event without them is looked up.
    const carried = order.buyerEmail ? { email: order.buyerEmail, name: order.buyerName, language: order.buyerLanguage === 'bn' ? 'bn' : 'en' } : null;
    const buyer = carried ?? (await directory.user(order.userId));
    if (!buyer?.email) return [];
    const courses = [];
    // The event carries each title (decision 0049); an event written before it did is looked up.
    for (const c of order.courses) courses.push({ title: c.title || (await directory.courseTitle(c.courseId)) || c.courseId, tier: c.tier, price: Number(c.price) });
    const data = {
      orderId: order.orderId,
      courses,
      subtotal: Number(order.subtotal),
      discount: Number(order.discount),
      walletUsed: Number(order.walletUsed),
      total: Number(order.payable),
      link: `${publicUrl().replace(/\/+$/, '')}/studentpanel`,
    };
    // The receipt PDF prints what the event carries, from the kit's one renderer (issue 41).
    const receipt: MailReceipt = {
      orderId: order.orderId,
      paidAt: order.paidAt,
      buyerName: buyer.name,
      lines: courses.map((c) => ({ title: c.title, tier: c.tier, amount: c.price })),
      subtotal: Number(order.subtotal),
      discount: Number(order.discount),
      voucherCode: order.voucherCode,
      voucherPercent: order.voucherPercent,
      walletUsed: Number(order.walletUsed),
      cardPaid: Number(order.payable),
      cardTransactionId: order.cardTransactionId,
    };
    return [{ key: `receipt:${order.orderId}`, kind: 'orderPaid', to: buyer, data, receipt }];
  }
  const request = messagingEventsV1.MailRequested.decode(event.payload);
  let data: unknown;
  try {
    data = JSON.parse(request.dataJson || '{}');
  } catch {
    data = null;
  }
  if (!request.key || !isMailKind(request.kind) || !isObject(data)) {
    logger.error({ eventId: event.id, kind: request.kind, key: request.key }, 'mail request without a key, a known kind or its data; dropped');
    return [];
  }
  const receipt = receiptOf(request.receiptJson);
  if (receipt === null) logger.error({ eventId: event.id, key: request.key }, 'mail request with a receipt that is not one; the mail goes without it');
  let recipients: MailRecipient[];
  if (request.to) recipients = [{ email: request.to, name: request.name, language: request.language }];
  else if (request.userId) recipients = [await directory.user(request.userId)].filter((r): r is MailRecipient => !!r?.email);
  else if (request.instructorId) recipients = await directory.instructorAccounts(request.instructorId);
  else recipients = [];
  const kind = request.kind;
  // An address or a user: the key as given; an instructor's accounts: one mail each.
  return recipients.map((to) => ({
    key: request.instructorId && !request.to && !request.userId ? `${request.key}:${to.email}` : request.key,
    kind,
    to,
    data: data as Record<string, unknown>,
    ...(receipt ? { receipt } : {}),
  }));
}

/** A request's receipt (decision 0049): undefined when it has none, null when what it has is not a receipt. */
function receiptOf(json: string): MailReceipt | undefined | null {
  if (!json) return undefined;
  try {
    const value: unknown = JSON.parse(json);
    return isObject(value) && typeof value.orderId === 'string' && Array.isArray(value.lines) ? (value as unknown as MailReceipt) : null;
  } catch {
    return null;
  }
}

export function mailFromEvents(
  bus: EventBus,
  mails: TransactionalMails,
  directory: MailDirectory,
  publicUrl: () => string,
  logger: Logger,
): Promise<Subscription> {
  return consumeIdempotently<Planned[]>({
    bus,
    group: 'messaging.mails',
    types: [MessagingEvents.mailRequested, CommerceEvents.orderPaid],
    prepare: (event) => plan(event, directory, publicUrl, logger),
    write: async (_event, planned) => {
      for (const p of planned) await mails.queue(p.key, p.kind, p.to, p.data, p.receipt);
    },
  });
}
