/**
 * Stable reason keys of API errors (decision 0002). Every refusal the gateway answers carries
 * `reason` (and, for a rejected form, `fieldReasons`: field → reason); user interfaces translate
 * those keys and never match the English `message`, which stays for compatibility with the
 * spec. A message of the identity catalogue has the reason named after its key there, in
 * CONSTANT_CASE (`invalidEmail` → `INVALID_EMAIL`, `loginFailed` → `LOGIN_FAILED`), so the
 * catalogue is the one place where a message and its reason are declared together: rewording
 * a message keeps its reason. Pure code without dependencies (browser-safe).
 */
import { IdentityMessages } from './identity-messages';

export type IdentityMessageKey = keyof typeof IdentityMessages;

/** `invalidEmail` → `INVALID_EMAIL`. */
export function reasonKey(messageKey: string): string {
  return messageKey.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toUpperCase();
}

/** The reason of every catalogue message, e.g. IdentityReasons.loginFailed === 'LOGIN_FAILED'. */
export const IdentityReasons = Object.fromEntries(Object.keys(IdentityMessages).map((k) => [k, reasonKey(k)])) as {
  readonly [K in IdentityMessageKey]: string;
};

/**
 * Catalogue entries that share their text with an earlier one answer the earlier one's
 * reason (the same words mean the same thing to the reader).
 */
const BY_MESSAGE: ReadonlyMap<string, string> = (() => {
  const map = new Map<string, string>();
  for (const [key, message] of Object.entries(IdentityMessages)) if (!map.has(message)) map.set(message, reasonKey(key));
  return map;
})();

/** The reason of a catalogue message; undefined for any other text. */
export function reasonOfMessage(message: string): string | undefined {
  return BY_MESSAGE.get(message);
}
