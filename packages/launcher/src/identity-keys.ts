/**
 * Identity's own secrets when the launcher makes them (decision 0008): in all-in-one they
 * survive restarts under DATA_DIR (mode 600), so sessions and users' access tokens stay valid.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { generateSigningKey, parsePrivateSigningJwk, type PrivateSigningJwk } from '@taal/kit';

/** The token secret of verification and reset links, private to this data dir. */
export function tokenSecretFor(dataDir: string, given?: string): string {
  if (given) return given;
  const file = path.join(dataDir, 'identity-token-secret');
  try {
    const existing = readFileSync(file, 'utf8').trim();
    if (existing.length >= 32) return existing;
  } catch {
    // first start
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

/** The key of users' access tokens, under DATA_DIR only. */
export function accessTokenKeyFor(dataDir: string): PrivateSigningJwk {
  const file = path.join(dataDir, 'identity-access-token-key.json');
  try {
    return parsePrivateSigningJwk(readFileSync(file, 'utf8'), file);
  } catch {
    // first start (or an unreadable key: make a new one; users then sign in again)
  }
  mkdirSync(dataDir, { recursive: true });
  const key = generateSigningKey(`identity-${randomBytes(4).toString('hex')}`);
  writeFileSync(file, `${JSON.stringify(key)}\n`, { mode: 0o600 });
  return key;
}
