/**
 * The cap on mails anyone can cause to be sent to an address they type (issue 36): a sign-up's
 * verification, its re-sends, a password reset, a sign-in link, a guardian's approval mail (the address
 * a 13-17-year-old types at sign-up, decision 0047). The edge limits the requests per
 * kind; this counts what actually goes to one mailbox, whatever the kind and however the address
 * was written (`Rina.Das+x@GoogleMail.com` is rinadas@gmail.com), so no one can fill a mailbox
 * through our mail. Mails a purchase or staff cause (receipts, gift cards, certificates,
 * settlements, expiry notices) are never held back: they are not counted and not capped. Pure.
 */
import { normaliseMailbox } from '@taal/contracts';
import type { MailKind } from '../templates/mail-templates';

/** The kinds anyone can cause for any address, counted together per mailbox. */
export const CAPPED_MAIL_KINDS: readonly MailKind[] = ['verification', 'passwordReset', 'signInLink', 'guardianApproval'];

/** At most this many of them go to one mailbox within MAIL_CAP_WINDOW_MINUTES (the edge allows 5 requests per kind an hour). */
export const MAILS_PER_MAILBOX = 5;
export const MAIL_CAP_WINDOW_MINUTES = 60;

export function isCappedMail(kind: MailKind): boolean {
  return CAPPED_MAIL_KINDS.includes(kind);
}

/** The mailbox a recipient's address delivers to (the product's one rule); the address lower-cased when it is not one. */
export function mailboxOf(address: string): string {
  return normaliseMailbox(address) || address.trim().toLowerCase();
}

/** Whether one more capped mail may go to a mailbox that was sent `sentInWindow` of them within the window. */
export function mayMailAgain(sentInWindow: number, cap: number = MAILS_PER_MAILBOX): boolean {
  return sentInWindow < cap;
}
