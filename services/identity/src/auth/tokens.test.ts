import { generateSigningKey } from '@taal/kit';
import { TokenSigner } from './tokens';

describe('signed tokens', () => {
  const secret = 'a-test-secret-that-is-long-enough-123';
  const accessKey = generateSigningKey('identity-test');

  it('round-trips access tokens and refuses them for any other purpose', async () => {
    const signer = new TokenSigner(secret, accessKey);
    const { token, expiresAt } = await signer.accessToken({ userId: 'u1', type: 4, sessionId: 's1' });
    expect(await signer.verifyAccessToken(token)).toEqual({ userId: 'u1', type: 4, sessionId: 's1' });
    // An instructor's token names the instructor profile it speaks for.
    const teacher = await signer.accessToken({ userId: 'u2', type: 3, sessionId: 's2', instructor: 'profile-1' });
    expect(await signer.verifyAccessToken(teacher.token)).toEqual({ userId: 'u2', type: 3, sessionId: 's2', instructor: 'profile-1' });
    expect(expiresAt.getTime() - Date.now()).toBeGreaterThan(14 * 60_000);
    expect(await signer.verifyVerifyEmailToken(token)).toBeNull();
    expect(await signer.verifyPasswordResetToken(token)).toBeNull();
    const verify = await signer.verifyEmailToken('u1', 'a@b.co');
    expect(await signer.verifyAccessToken(verify)).toBeNull();
    expect(await signer.verifyVerifyEmailToken(verify)).toEqual({ userId: 'u1', email: 'a@b.co' });
  });

  it('refuses expired tokens, other secrets and garbage', async () => {
    let now = Date.now();
    const signer = new TokenSigner(secret, accessKey, () => now);
    const { token } = await signer.accessToken({ userId: 'u1', type: 1, sessionId: 's1' });
    now += 16 * 60_000;
    expect(await signer.verifyAccessToken(token)).toBeNull();
    const other = new TokenSigner('another-secret-that-is-long-enough-456', generateSigningKey('another'));
    expect(await other.verifyAccessToken((await new TokenSigner(secret, accessKey).accessToken({ userId: 'u', type: 1, sessionId: 's' })).token)).toBeNull();
    expect(await signer.verifyAccessToken('not.a.jwt')).toBeNull();
    expect(() => new TokenSigner('short', accessKey)).toThrow();
  });

  it("makes the guardian's approval token for that purpose only, valid 7 days (decision 0047)", async () => {
    let now = Date.now();
    const signer = new TokenSigner(secret, accessKey, () => now);
    const token = await signer.guardianApprovalToken('u1', 'mum@example.com', 'n0nce');
    expect(await signer.verifyGuardianApprovalToken(token)).toEqual({ userId: 'u1', guardianEmail: 'mum@example.com', nonce: 'n0nce' });
    expect(await signer.verifyVerifyEmailToken(token)).toBeNull();
    expect(await signer.verifyAccessToken(token)).toBeNull();
    expect(await signer.verifyGuardianApprovalToken(await signer.verifyEmailToken('u1', 'mum@example.com'))).toBeNull();
    now += 7 * 24 * 3600_000 - 60_000;
    expect(await signer.verifyGuardianApprovalToken(token)).not.toBeNull();
    now += 2 * 60_000;
    expect(await signer.verifyGuardianApprovalToken(token)).toBeNull();
  });
});
