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
    expect(passwordFingerprint(a)).toBe(passwordFingerprint(a));
    expect(passwordFingerprint(a)).not.toBe(passwordFingerprint(await hashPassword('one')));
  });
});
