/**
 * Concurrent refresh (two tabs): when a refresh token is rotated, its successor is stored
 * sealed with a key derived from the rotated token itself. Only someone presenting the old
 * token can open it, and only the SHA-256 of tokens is stored in clear, so the database
 * alone never yields a usable refresh token.
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const INFO = Buffer.from('taal refresh-token successor v1');

function keyOf(presentedToken: string): Buffer {
  return Buffer.from(hkdfSync('sha256', Buffer.from(presentedToken, 'utf8'), Buffer.alloc(0), INFO, 32));
}

/** AES-256-GCM of `successor` under a key derived from `presented`: base64url(iv | tag | ciphertext). */
export function sealSuccessor(presented: string, successor: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(presented), iv);
  const data = Buffer.concat([cipher.update(successor, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), data]).toString('base64url');
}

/** The successor sealed by sealSuccessor, or null when `presented` does not open it. */
export function openSuccessor(presented: string, sealed: string): string | null {
  try {
    const raw = Buffer.from(sealed, 'base64url');
    const decipher = createDecipheriv('aes-256-gcm', keyOf(presented), raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}
