/**
 * The mailbox an address delivers to, one rule for the whole product: commerce counts a referral
 * per person by it (decision 0014), messaging caps the mails anyone can cause per mailbox by it
 * (issue 36). Pure and browser-safe.
 */

/** Domains whose mailboxes ignore dots in the local part, and which are one mail system. */
const GMAIL_DOMAINS = new Set(['gmail.com', 'googlemail.com']);

/**
 * The mailbox an address delivers to: lower-cased, without a `+tag` in the local part; for
 * gmail.com and googlemail.com also without dots, and written as gmail.com. '' when the value
 * is not an address (no `@`, or nothing before or after it).
 */
export function normaliseMailbox(email: string): string {
  const address = email.trim().toLowerCase();
  const at = address.lastIndexOf('@');
  if (at <= 0 || at === address.length - 1) return '';
  let local = address.slice(0, at);
  let domain = address.slice(at + 1);
  const plus = local.indexOf('+');
  if (plus >= 0) local = local.slice(0, plus);
  if (GMAIL_DOMAINS.has(domain)) {
    local = local.replaceAll('.', '');
    domain = 'gmail.com';
  }
  return local ? `${local}@${domain}` : '';
}
