/**
 * Password hashing with scrypt (memory-hard), a random 16-byte salt per user, and the
 * parameters stored with the hash so they can be raised later without breaking old hashes:
 * `scrypt$N$r$p$<salt base64url>$<hash base64url>`.
 */
import { createHash, randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto';

export interface ScryptParams {
  N: number;
  r: number;
  p: number;
}

/** About 16 MB and some tens of ms per hash on a small machine. */
export const DEFAULT_SCRYPT: ScryptParams = { N: 2 ** 14, r: 8, p: 1 };
const KEY_LENGTH = 32;

function scrypt(password: string, salt: Buffer, params: ScryptParams): Promise<Buffer> {
  const options: ScryptOptions = { N: params.N, r: params.r, p: params.p, maxmem: 256 * params.N * params.r + 1024 * 1024 };
  return new Promise((resolve, reject) =>
    scryptCb(password.normalize('NFKC'), salt, KEY_LENGTH, options, (err, key) => (err ? reject(err) : resolve(key))),
  );
}

export async function hashPassword(password: string, params: ScryptParams = DEFAULT_SCRYPT): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, params);
  return ['scrypt', params.N, params.r, params.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

/** Constant-time comparison; false for a malformed stored hash. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [N, r, p] = parts.slice(1, 4).map(Number) as [number, number, number];
  if (![N, r, p].every((n) => Number.isSafeInteger(n) && n > 0) || N > 2 ** 20) return false;
  const salt = Buffer.from(parts[4]!, 'base64url');
  const expected = Buffer.from(parts[5]!, 'base64url');
  const actual = await scrypt(password, salt, { N, r, p });
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

let dummyHash: Promise<string> | undefined;

/** Spends the time of one verification, so unknown e-mails answer as slowly as wrong passwords. */
export async function burnPasswordCheck(password: string): Promise<void> {
  dummyHash ??= hashPassword('not-a-real-password');
  await verifyPassword(password, await dummyHash);
}

/**
 * A short fingerprint of the stored hash and the user's credential epoch. Password-reset links
 * carry it, so a link stops working once the password changed (one use) or the account was
 * suspended (decision 0039), without a table of issued links. Epoch 0 gives the fingerprint of
 * the hash alone, as links issued before the epoch existed carry.
 */
export function passwordFingerprint(stored: string | null, credentialEpoch: number): string {
  const hash = createHash('sha256').update(stored ?? 'no-password');
  if (credentialEpoch !== 0) hash.update(`#${credentialEpoch}`);
  return hash.digest('base64url').slice(0, 16);
}

/** Refresh tokens are stored as their SHA-256: a database leak does not hand out sessions. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}
