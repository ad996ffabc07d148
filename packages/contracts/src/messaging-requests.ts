/**
 * Asking messaging for a mail or a notification (decision 0023): every service has its mails
 * sent and its users notified by messaging, by publishing `messaging.mail.requested` or
 * `messaging.notification.requested` through its own outbox in the transaction of the state
 * change. `requestMail` and `requestNotification` build the events; `MailData` is what each
 * mail template takes.
 */
import { MessagingEvents } from './event-types';
import { MailRequested, NotificationRequested } from './gen/messaging/v1/events';

export interface MailData {
  verification: { name: string; link: string };
  /** To a 13-17-year-old's parent or guardian (decision 0047): `name` is the guardian's greeting, `student` the student's name. */
  guardianApproval: { name: string; student: string; studentEmail: string; link: string };
  passwordReset: { name: string; link: string };
  /** A one-time sign-in link (decision 0005). */
  signInLink: { name: string; link: string };
  /** Amounts in poisha. */
  orderPaid: {
    name: string;
    orderId: string;
    courses: { title: string; tier: string; price: number }[];
    subtotal: number;
    discount: number;
    walletUsed: number;
    total: number;
    link: string;
  };
  /** `value` in poisha; `validTo` a day as the reader reads it. */
  giftCardReceived: { name: string; senderName: string; productName: string; value: number; codes: string[]; message?: string; validTo: string; link: string };
  /**
   * The buyer's receipt of gift cards sent to someone else (issue 28): who they went to, never the
   * codes (only the receiver can redeem them). `value` and `total` in poisha.
   */
  giftCardSent: { name: string; receiverName: string; receiverEmail: string; productName: string; value: number; count: number; total: number; validTo: string; link: string };
  certificateProvided: { name: string; courseName: string; link: string };
  /** `amount` in poisha. */
  settlementPublished: { name: string; amount: number; settleDate: string; link: string };
  courseExpiring: { name: string; courseTitle: string; expiresOn: string; link: string };
  courseExpired: { name: string; courseTitle: string; expiresOn: string; link: string };
  /** A question under a lesson was answered (issue 41): to its asker and followers. */
  questionAnswered: { name: string; courseTitle: string; lessonTitle: string; question: string; answer: string; link: string };
}
export type MailKind = keyof MailData;

/** One line of a receipt: a course (with its tier) or a gift card product (with how many). */
export interface MailReceiptLine {
  title: string;
  tier?: string;
  quantity?: number;
  /** What the line cost before any voucher, poisha. */
  amount: number;
}

/**
 * A paid order's receipt (decision 0049), as the kit's receipt renderer prints it in the reader's
 * language: everything on it travels with the request, so the mail needs no look-up.
 */
export interface MailReceipt {
  orderId: string;
  /** RFC 3339: printed as its Bangladesh day and time. */
  paidAt: string;
  buyerName: string;
  lines: MailReceiptLine[];
  subtotal: number;
  /** Voucher discount, poisha (0 without a voucher). */
  discount: number;
  voucherCode: string;
  voucherPercent: number;
  /** Paid from the wallet, poisha. */
  walletUsed: number;
  /** Paid by card, poisha. */
  cardPaid: number;
  /** The card gateway's transaction id ('' when nothing was paid by card). */
  cardTransactionId: string;
}

/** The recipient: an address with name and language, an identity user, or an instructor profile's accounts. */
export type MailRecipient =
  | { to: string; name: string; language: string }
  | { userId: string }
  | { instructorId: string };

/** The template's data; `name` is filled from the recipient when it is left out. */
type DataOf<K extends MailKind> = Omit<MailData[K], 'name'> & { name?: string };

/**
 * The `messaging.mail.requested` event for one mail (enqueue it with the kit's `enqueueEvent` in
 * the transaction of the state change). `key` is stable per cause: one mail per key and recipient.
 */
export function requestMail<K extends MailKind>(
  kind: K,
  key: string,
  recipient: MailRecipient,
  data: DataOf<K>,
  /** A receipt to attach as a PDF (the buyer's mail of a paid order). */
  receipt?: MailReceipt,
): { type: string; key: string; payload: Uint8Array } {
  const payload = MailRequested.encode({
    key,
    kind,
    to: 'to' in recipient ? recipient.to : '',
    name: 'to' in recipient ? recipient.name : '',
    language: 'to' in recipient ? recipient.language : '',
    userId: 'userId' in recipient ? recipient.userId : '',
    instructorId: 'instructorId' in recipient ? recipient.instructorId : '',
    dataJson: JSON.stringify(data),
    receiptJson: receipt ? JSON.stringify(receipt) : '',
  }).finish();
  return { type: MessagingEvents.mailRequested, key, payload };
}

/** Messaging's system notification texts (shown in each reader's language) and their parameters. */
export interface NotificationTexts {
  orderPaid: { courses: number };
  messageAnswered: { instructor: string };
  giftCardCredited: { value: number };
  /** certificate: its id, for the notification's link to /certificate/{id}. */
  certificateProvided: { course: string; certificate?: string };
  referralBonus: { amount: number };
  /** A practical exam graded (decision 0079): courseId for the link back to the classroom. */
  practicalGraded: { course: string; courseId: string; outcome: 'passed' | 'failed' };
}

/**
 * The `messaging.notification.requested` event notifying one user with a system text; `msg` is
 * its English text for a reader messaging cannot write it for. One notification per `key`.
 */
export function requestNotification<K extends keyof NotificationTexts>(
  userId: string,
  key: string,
  textKey: K,
  params: NotificationTexts[K],
  msg: string,
): { type: string; key: string; payload: Uint8Array } {
  const payload = NotificationRequested.encode({ userId, msg, key, textKey, paramsJson: JSON.stringify(params) }).finish();
  return { type: MessagingEvents.notificationRequested, key: userId, payload };
}
