/**
 * What a buyer may write on a gift card (decision 0018, names since decision 0066): the sender's
 * name goes into the Subject of a mail to any address, and the names and the message into its
 * text and HTML parts (HTML-escaped). The names follow the one name rule (name-rule.ts: no control,
 * line-break, bidirectional or invisible character); the message is short, on one line, and made
 * of letters (Bengali too), digits, spaces and common punctuation only. The store enforces it; the
 * gateway and the storefront state the same limits. Pure code without dependencies (browser-safe).
 */

import { AccountFieldLimits } from './account-rules';

/**
 * Longest value of each gift-card text (characters, after trimming). The sender's and the
 * receiver's names are names: the one name rule (nameProblem, account-rules.ts) with the account's
 * limit, so the form's "From", filled with the buyer's own name, is never refused (issue 55).
 */
export const GiftCardTextLimits = {
  senderName: AccountFieldLimits.name,
  receiverName: AccountFieldLimits.name,
  message: 300,
} as const;

/** English messages of a refused gift-card text (the storefront translates them, en and bn). */
export const GiftCardTextMessages = {
  invalid: 'Use letters, digits, spaces and common punctuation only, on one line',
  tooLong: 'Too Long!',
} as const;

/**
 * Letters and their marks (any script: Bengali vowel signs are marks), digits, the space, the
 * zero-width joiners Bengali conjuncts need, and common punctuation (the taka sign and the danda
 * included). Everything else is refused, so no control, line-break, bidi or markup character.
 */
const GIFT_CARD_TEXT = /^[\p{L}\p{M}\p{Nd} .,!?'"’‘“”()\-–—:;&/@#+%৳।\u200C\u200D]*$/u;

export type GiftCardTextProblem = keyof typeof GiftCardTextMessages;

/** Why a gift-card text (trimmed by the caller or not) is refused; null when it is fine or empty. */
export function giftCardTextProblem(value: string, max: number): GiftCardTextProblem | null {
  const text = value.trim();
  if (!GIFT_CARD_TEXT.test(text)) return 'invalid';
  if (text.length > max) return 'tooLong';
  return null;
}
