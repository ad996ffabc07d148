/**
 * The contact form's limits (storefront §5): messaging refuses a longer message (TEXT_TOO_LONG),
 * the gateway's body schema states the same, and the form shows the limit with a counter and
 * stops there (issue 55). Pure code without dependencies (browser-safe).
 */
import { AccountFieldLimits } from './account-rules';

export const ContactLimits = {
  name: AccountFieldLimits.name,
  /** Characters (UTF-16 code units, as a textarea's maxLength counts them) of the trimmed message. */
  message: 5000,
} as const;
