/**
 * Identity's own secrets when the launcher makes them (decision 0008): in all-in-one they
 * survive restarts under DATA_DIR (mode 600), so sessions and users' access tokens stay valid.
 * Neither is read or written through a link (decision 0037): a link there stops the start.
 */
import { randomBytes } from 'node:crypto';
import { closeSync, constants, lstatSync, mkdirSync, openSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { generateSigningKey, parsePrivateSigningJwk, type PrivateSigningJwk } from '@taal/kit';

/** The file's text, or null when there is none; refuses a link or anything but a file. */
function readOwnFile(file: string): string | null {
  let stat;
  try {
    stat = lstatSync(file);
  } catch {
    return null; // first start
  }
  if (!stat.isFile()) throw new Error(`${file} is ${stat.isSymbolicLink() ? 'a link' : 'not a file'}: identity's secrets are never read through one (decision 0037); remove it`);
  const fd = openSync(file, constants.O_RDONLY | constants.O_NOFOLLOW);
  try {
    return readFileSync(fd, 'utf8');
  } finally {
    closeSync(fd);
  }
}

/** Writes a new file (mode 600), replacing a regular file only: never through a link. */
function writeOwnFile(dataDir: string, file: string, text: string): void {
  mkdirSync(dataDir, { recursive: true });
  const tmp = `${file}.${randomBytes(4).toString('hex')}.tmp`;
  writeFileSync(tmp, text, { mode: 0o600, flag: 'wx' });
  // A rename replaces the name itself (a file read as unusable), never what a link points at.
  renameSync(tmp, file);
}

/** The token secret of verification and reset links, private to this data dir. */
export function tokenSecretFor(dataDir: string, given?: string): string {
  if (given) return given;
  const file = path.join(dataDir, 'identity-token-secret');
  const existing = readOwnFile(file)?.trim();
  if (existing && existing.length >= 32) return existing;
  const secret = randomBytes(32).toString('base64url');
  writeOwnFile(dataDir, file, `${secret}\n`);
  return secret;
}

/** The key of users' access tokens, under DATA_DIR only. */
export function accessTokenKeyFor(dataDir: string): PrivateSigningJwk {
  const file = path.join(dataDir, 'identity-access-token-key.json');
  const existing = readOwnFile(file);
  if (existing !== null) {
    try {
      return parsePrivateSigningJwk(existing, file);
    } catch {
      // an unreadable key: make a new one; users then sign in again
    }
  }
  const key = generateSigningKey(`identity-${randomBytes(4).toString('hex')}`);
  writeOwnFile(dataDir, file, `${JSON.stringify(key)}\n`);
  return key;
}
