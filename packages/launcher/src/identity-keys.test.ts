/**
 * Issue 36 (decision 0037): identity's secrets under DATA_DIR are never read or written through a
 * link. A planted link to a file with a secret its planter knows, or a dangling one that would have
 * the start write the real secret outside DATA_DIR, stops the start; a data dir of files works.
 */
import { existsSync, mkdtempSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { accessTokenKeyFor, tokenSecretFor } from './identity-keys';

describe("identity's secrets under DATA_DIR", () => {
  let work: string;
  let dataDir: string;

  beforeEach(() => {
    work = mkdtempSync(path.join(os.tmpdir(), 'taal-identity-keys-'));
    dataDir = path.join(work, 'data');
  });
  afterEach(() => rmSync(work, { recursive: true, force: true }));

  it('are made once (mode 600) and read again', () => {
    const secret = tokenSecretFor(dataDir);
    const key = accessTokenKeyFor(dataDir);
    expect(tokenSecretFor(dataDir)).toBe(secret);
    expect(accessTokenKeyFor(dataDir)).toEqual(key);
    expect(statSync(path.join(dataDir, 'identity-token-secret')).mode & 0o777).toBe(0o600);
    expect(statSync(path.join(dataDir, 'identity-access-token-key.json')).mode & 0o777).toBe(0o600);
  });

  it('are not read through a link to a known secret', () => {
    tokenSecretFor(dataDir); // makes the folder
    const known = path.join(work, 'known-secret');
    writeFileSync(known, 'a secret the one who planted the link knows\n');
    rmSync(path.join(dataDir, 'identity-token-secret'));
    symlinkSync(known, path.join(dataDir, 'identity-token-secret'));
    expect(() => tokenSecretFor(dataDir)).toThrow(/identity-token-secret is a link/);
  });

  it('are not written through a dangling link', () => {
    accessTokenKeyFor(dataDir);
    const elsewhere = path.join(work, 'elsewhere.json');
    rmSync(path.join(dataDir, 'identity-access-token-key.json'));
    symlinkSync(elsewhere, path.join(dataDir, 'identity-access-token-key.json'));
    expect(() => accessTokenKeyFor(dataDir)).toThrow(/identity-access-token-key\.json is a link/);
    expect(existsSync(elsewhere)).toBe(false);
  });
});
