/**
 * Messaging's pure rules: what a contact message, a message to an instructor, a reply and a
 * notification must hold, with the spec's messages (storefront §5 and §6, back office §6).
 */
import { AccountFieldLimits, ContactLimits, isEmail, nameProblem, type RefusalKey } from '@taal/contracts';
import { conductProblem, plainText, type ConductRules } from '@taal/kit';
import { systemNotification } from './notification-texts';
export const Limits = { name: ContactLimits.name, email: AccountFieldLimits.email, message: ContactLimits.message, reply: 5000, notification: 500 } as const;

/** The one e-mail rule (@taal/contracts' account rules), as the landing page's form checks it too. */
export { isEmail };

/** A refusal: its headline key and each field's key. */
export type Check = { ok: true } | { ok: false; headline: RefusalKey; fields: Record<string, RefusalKey> };

/** One field's refusal, which is also the headline. */
const refused = (field: string, key: RefusalKey): Check => ({ ok: false, headline: key, fields: { [field]: key } });

/**
 * A user's text as stored: the one plain-text sanitiser (@taal/kit, decision 0064): no markup, no
 * control, direction or invisible characters, `\n` line ends, trimmed; cut at `max` (long enough
 * by default that each field's own limit still refuses a longer text with TEXT_TOO_LONG).
 */
export const clean = (v: string | undefined, max: number = STORED_TEXT_MAX) => plainText(v, max);
const STORED_TEXT_MAX = 100_000;
const trimmed = clean;

/**
 * The conduct rules (decision 0075) on one field of what a user writes: profanity refused, and
 * personal contact details refused unless `rules` lets them through (a message to Taal's staff).
 * Every use case that stores a user's text calls it on the text as it would be stored.
 */
export function conductCheck(field: string, text: string | undefined, rules?: ConductRules): Check {
  const problem = conductProblem(clean(text), rules);
  if (problem === 'profanity') return refused(field, 'TEXT_PROFANITY');
  if (problem === 'contactDetails') return refused(field, 'TEXT_CONTACT_DETAILS');
  return { ok: true };
}

/** name, email and message required; the e-mail well-formed; each within its limit. */
export function checkContact(input: { name?: string; email?: string; message?: string }): Check {
  const name = trimmed(input.name);
  const email = trimmed(input.email);
  const message = trimmed(input.message);
  const fields: Record<string, RefusalKey> = {};
  if (!name) fields.name = 'CONTACT_FIELDS_MISSING';
  if (!email) fields.email = 'CONTACT_FIELDS_MISSING';
  if (!message) fields.message = 'CONTACT_FIELDS_MISSING';
  if (Object.keys(fields).length > 0) return { ok: false, headline: 'CONTACT_FIELDS_MISSING', fields };
  if (!isEmail(email)) return refused('email', 'CONTACT_FIELD_OR_EMAIL_INVALID');
  // The sign-up's name rule (no control, line-separator or bidirectional characters), with its refusal.
  if (nameProblem(input.name) === 'invalid') return refused('name', 'NAME_INVALID');
  if (name.length > Limits.name) fields.name = 'TEXT_TOO_LONG';
  if (message.length > Limits.message) fields.message = 'TEXT_TOO_LONG';
  if (Object.keys(fields).length > 0) return { ok: false, headline: 'TEXT_TOO_LONG', fields };
  // To Taal's staff: the sender may give their own phone or address, but no abuse.
  return conductCheck('message', message, { contactDetails: false });
}

/** A message to an instructor: a non-empty message within its limit. */
export function checkStudentMessage(input: { message?: string }): Check {
  const message = trimmed(input.message);
  if (!message) return refused('message', 'MESSAGE_REQUIRED');
  if (message.length > Limits.message) return refused('message', 'TEXT_TOO_LONG');
  return conductCheck('message', message);
}

export function checkReply(reply: string | undefined): Check {
  const text = trimmed(reply);
  if (!text) return refused('reply', 'REPLY_REQUIRED');
  if (text.length > Limits.reply) return refused('reply', 'TEXT_TOO_LONG');
  return conductCheck('reply', text);
}

export function checkNotification(msg: string | undefined): Check {
  const text = trimmed(msg);
  if (!text) return refused('msg', 'NOTIFICATION_REQUIRED');
  if (text.length > Limits.notification) return refused('msg', 'TEXT_TOO_LONG');
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
