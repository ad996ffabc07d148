/**
 * What a buyer may write on a gift card (decision 0018): the sender's name goes into the Subject
 * of a mail to any address, and the names and the message into its text and HTML parts, so
 * they are short, on one line, and made of letters (Bengali too), digits, spaces and common
 * punctuation only: no control characters, no line breaks, no bidirectional overrides, no
 * markup characters. The store enforces it; the gateway and the storefront state the same limits.
 * Pure code without dependencies (browser-safe).
 */

/** Longest value of each gift-card text (characters, after trimming). */
export const GiftCardTextLimits = {
  /** "{{sender}} sent you a gift card" must stay a readable Subject. */
  senderName: 60,
  receiverName: 60,
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
