import { createHash } from 'node:crypto';
import { hashPassword, passwordFingerprint, verifyPassword } from './password';

describe('password hashing', () => {
  it('stores scrypt parameters and a per-user salt with the hash', async () => {
    const a = await hashPassword('secret1');
    const b = await hashPassword('secret1');
    expect(a).toMatch(/^scrypt\$16384\$8\$1\$[\w-]+\$[\w-]+$/);
    expect(a).not.toBe(b);
    expect(await verifyPassword('secret1', a)).toBe(true);
    expect(await verifyPassword('secret2', a)).toBe(false);
  });

  it('verifies hashes made with other parameters and refuses malformed ones', async () => {
    const cheap = await hashPassword('pw', { N: 1024, r: 8, p: 1 });
    expect(cheap.startsWith('scrypt$1024$8$1$')).toBe(true);
    expect(await verifyPassword('pw', cheap)).toBe(true);
    expect(await verifyPassword('pw', 'plain-text')).toBe(false);
    expect(await verifyPassword('pw', 'scrypt$99999999$8$1$a$b')).toBe(false);
  });

  it('fingerprints change with the hash (one-time reset links)', async () => {
    const a = await hashPassword('one');
    expect(passwordFingerprint(a, 0)).toBe(passwordFingerprint(a, 0));
    expect(passwordFingerprint(a, 0)).not.toBe(passwordFingerprint(await hashPassword('one'), 0));
  });

  it('fingerprints change with the credential epoch (a suspension ends reset links; decision 0039), epoch 0 as before it existed', async () => {
    const a = await hashPassword('one');
    expect(passwordFingerprint(a, 1)).not.toBe(passwordFingerprint(a, 0));
    expect(passwordFingerprint(a, 2)).not.toBe(passwordFingerprint(a, 1));
    expect(passwordFingerprint(a, 0)).toBe(createHash('sha256').update(a).digest('base64url').slice(0, 16));
    expect(passwordFingerprint(null, 0)).not.toBe(passwordFingerprint(null, 1));
  });
});
