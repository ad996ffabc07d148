/**
 * Messaging's pure rules: what a contact message, a message to an instructor, a reply and a
 * notification must hold, with the spec's messages (storefront §5 and §6, back office §6).
 */
import { AccountFieldLimits, IdentityMessages, nameProblem } from '@taal/contracts';
import { systemNotification } from './notification-texts';
export const MessagingMessages = {
  /** Contact form with a missing field (storefront §5). */
  fillAllFields: 'Please fill all the fields',
  /** Landing page's contact form: a missing field or a malformed e-mail (storefront §5). */
  missingOrInvalidEmail: 'Missing Field or Invalid Email',
  contactSent: 'Message sent Successfully',
  /** Message to an instructor (storefront §6). */
  messageSent: 'Message Sent Successfully!!',
  messageRequired: 'Please write a message',
  replyRequired: 'Please write a reply',
  notificationRequired: 'Please write the notification',
  tooLong: 'Too Long!',
  messageNotFound: 'Message not found',
  notificationNotFound: 'Notification not found',
  notYourMessages: 'You may only read your own messages',
  notYourStudentMessage: 'You may only answer messages sent to you',
  notYourNotifications: 'You may only read your own notifications',
  unknownInstructor: 'Instructor not found',
} as const;

export const Limits = { name: AccountFieldLimits.name, email: 254, message: 5000, reply: 5000, notification: 500 } as const;

/** The landing page's pattern, made strict enough for a mail address. */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const isEmail = (v: string) => v.length <= Limits.email && EMAIL.test(v);

export type Check = { ok: true } | { ok: false; message: string; fields: Record<string, string> };

/** Text as stored: without NUL characters (PostgreSQL text cannot hold them) and trimmed. */
export const clean = (v: string | undefined) => (v ?? '').replaceAll(String.fromCharCode(0), '').trim();
const trimmed = clean;

/** name, email and message required; the e-mail well-formed; each within its limit. */
export function checkContact(input: { name?: string; email?: string; message?: string }): Check {
  const name = trimmed(input.name);
  const email = trimmed(input.email);
  const message = trimmed(input.message);
  const fields: Record<string, string> = {};
  if (!name) fields.name = MessagingMessages.fillAllFields;
  if (!email) fields.email = MessagingMessages.fillAllFields;
  if (!message) fields.message = MessagingMessages.fillAllFields;
  if (Object.keys(fields).length > 0) return { ok: false, message: MessagingMessages.fillAllFields, fields };
  if (!isEmail(email)) return { ok: false, message: MessagingMessages.missingOrInvalidEmail, fields: { email: MessagingMessages.missingOrInvalidEmail } };
  // The sign-up's name rule (no control, line-separator or bidirectional characters), with its message and reason.
  if (nameProblem(input.name) === 'invalid') return { ok: false, message: IdentityMessages.nameInvalid, fields: { name: IdentityMessages.nameInvalid } };
  if (name.length > Limits.name) fields.name = MessagingMessages.tooLong;
  if (message.length > Limits.message) fields.message = MessagingMessages.tooLong;
  if (Object.keys(fields).length > 0) return { ok: false, message: MessagingMessages.tooLong, fields };
  return { ok: true };
}

/** A message to an instructor: a non-empty message within its limit. */
export function checkStudentMessage(input: { message?: string }): Check {
  const message = trimmed(input.message);
  if (!message) return { ok: false, message: MessagingMessages.messageRequired, fields: { message: MessagingMessages.messageRequired } };
  if (message.length > Limits.message) return { ok: false, message: MessagingMessages.tooLong, fields: { message: MessagingMessages.tooLong } };
  return { ok: true };
}

export function checkReply(reply: string | undefined): Check {
  const text = trimmed(reply);
  if (!text) return { ok: false, message: MessagingMessages.replyRequired, fields: { reply: MessagingMessages.replyRequired } };
  if (text.length > Limits.reply) return { ok: false, message: MessagingMessages.tooLong, fields: { reply: MessagingMessages.tooLong } };
  return { ok: true };
}

export function checkNotification(msg: string | undefined): Check {
  const text = trimmed(msg);
  if (!text) return { ok: false, message: MessagingMessages.notificationRequired, fields: { msg: MessagingMessages.notificationRequired } };
  if (text.length > Limits.notification) return { ok: false, message: MessagingMessages.tooLong, fields: { msg: MessagingMessages.tooLong } };
  return { ok: true };
}

/** The notification a paid order gives its buyer (one per order). */
export function orderPaidNotification(orderId: string, courses: number) {
  return systemNotification('orderPaid', { courses }, `order-paid:${orderId}`);
}

/** The notification a student gets when the instructor answers (one per message). */
export function answeredNotification(messageId: string, instructorName: string) {
  return systemNotification('messageAnswered', { instructor: instructorName }, `message-answered:${messageId}`);
}

/** The notification a redeemed gift card gives its redeemer (one per card); value in poisha. */
export function giftCardNotification(giftCardId: string, value: number) {
  return systemNotification('giftCardCredited', { value }, `gift-card:${giftCardId}`);
}
