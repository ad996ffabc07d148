import { accessFromPurchases, purchaseKind, RENEWAL_WINDOW_DAYS } from './course-access';

const now = new Date('2026-11-23T10:00:00Z');
const inDays = (d: number) => new Date(now.getTime() + d * 86_400_000);

describe('buying a course one may already own (issue 28)', () => {
  it('a course not owned is bought at any tier', () => {
    expect(purchaseKind(null, 'silver', now)).toBe('buy');
  });

  it('active access at the same or a higher tier is owned: buying it again is refused', () => {
    expect(purchaseKind({ tier: 'gold', expiresAt: inDays(60) }, 'silver', now)).toBe('owned');
    expect(purchaseKind({ tier: 'gold', expiresAt: inDays(60) }, 'gold', now)).toBe('owned');
  });

  it('a higher tier upgrades active access', () => {
    expect(purchaseKind({ tier: 'silver', expiresAt: inDays(20) }, 'gold', now)).toBe('upgrade');
    expect(purchaseKind({ tier: 'gold', expiresAt: inDays(20) }, 'diamond', now)).toBe('upgrade');
  });

  it(`access ending within ${RENEWAL_WINDOW_DAYS} days, or ended, is renewed at any tier`, () => {
    expect(purchaseKind({ tier: 'diamond', expiresAt: inDays(RENEWAL_WINDOW_DAYS) }, 'silver', now)).toBe('renew');
    expect(purchaseKind({ tier: 'diamond', expiresAt: inDays(RENEWAL_WINDOW_DAYS + 0.01) }, 'silver', now)).toBe('owned');
    expect(purchaseKind({ tier: 'gold', expiresAt: inDays(-3) }, 'gold', now)).toBe('renew');
  });

  it('paid purchases add up as learning grants them: each from the end of the last while it runs, else from its payment', () => {
    expect(accessFromPurchases([])).toBeNull();
    const owned = accessFromPurchases([
      { tier: 'silver', validityDays: 30, paidAt: new Date('2026-01-01T00:00:00Z') },
      { tier: 'gold', validityDays: 90, paidAt: new Date('2026-01-20T00:00:00Z') },
      { tier: 'silver', validityDays: 30, paidAt: new Date('2026-10-01T00:00:00Z') },
    ]);
    // 01-01 + 30 = 01-31; + 90 = 05-01; ended, so 10-01 + 30 = 10-31.
    expect(owned).toEqual({ tier: 'silver', expiresAt: new Date('2026-10-31T00:00:00Z') });
  });
});
