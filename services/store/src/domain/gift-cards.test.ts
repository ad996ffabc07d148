import { randomBytes } from 'node:crypto';
import {
  CODE_BITS,
  codeFromBytes,
  dayOf,
  hashCode,
  isWellFormedCode,
  normaliseCode,
  orderProblems,
  orderTotal,
  redeemRefusal,
  validityOf,
} from './gift-cards';

describe('gift-card codes', () => {
  it('carry at least 80 random bits and are read back however they are typed', () => {
    expect(CODE_BITS).toBeGreaterThanOrEqual(80);
    const code = codeFromBytes(randomBytes(13));
    expect(code).toMatch(/^[0-9A-Z]{4}(-[0-9A-Z]{4}){4}$/);
    expect(isWellFormedCode(code)).toBe(true);
    const typed = ` ${code.toLowerCase().replace(/-/g, ' ')} `;
    expect(hashCode(typed)).toBe(hashCode(code));
    expect(normaliseCode('oIl0')).toBe('0110');
    expect(isWellFormedCode('nope')).toBe(false);
  });

  it('differ for different random bytes and never store the code itself', () => {
    const codes = new Set(Array.from({ length: 1000 }, () => codeFromBytes(randomBytes(13))));
    expect(codes.size).toBe(1000);
    const [one] = codes;
    expect(hashCode(one!)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashCode(one!)).not.toContain(normaliseCode(one!));
  });
});

describe('redeeming', () => {
  const now = new Date('2026-11-23T00:00:00Z');
  const { validFrom, validTo } = validityOf(new Date('2026-01-01T00:00:00Z'));
  it('is valid 365 days from purchase', () => {
    expect((validTo.getTime() - validFrom.getTime()) / 86_400_000).toBe(365);
  });
  it('refuses unknown, used and expired cards, each for its own reason', () => {
    expect(redeemRefusal(null, now)).toBe('unknown');
    expect(redeemRefusal({ used: true, validFrom, validTo }, now)).toBe('used');
    expect(redeemRefusal({ used: false, validFrom, validTo }, new Date('2027-01-02T00:00:00Z'))).toBe('expired');
    expect(redeemRefusal({ used: false, validFrom, validTo }, now)).toBeNull();
  });
});

describe('store orders', () => {
  it('total price × quantity', () => {
    expect(orderTotal(50000, 3)).toBe(150000);
    expect(() => orderTotal(50000, 0)).toThrow();
  });
  it('apply §5: phones of 11 characters, a valid e-mail, required names', () => {
    const base = { quantity: 1, userPhone: '', giftCardFrom: '', shipping: { name: '', email: '', phone: '' } };
    expect(orderProblems({ ...base, forMyself: true })).toEqual({ userPhone: 'This is required' });
    expect(orderProblems({ ...base, forMyself: true, userPhone: '0171' })).toEqual({ userPhone: 'Too Short!' });
    expect(orderProblems({ ...base, forMyself: false, shipping: { name: 'R', email: 'x@', phone: '01712345678' }, giftCardFrom: 'A' })).toEqual({
      shippingAddressEmail: 'Enter a valid email address',
    });
    expect(orderProblems({ ...base, forMyself: false, quantity: 0 })).toMatchObject({
      quantity: 'Quantity must be at least 1',
      shippingAddressName: 'This is required',
      giftCardFrom: 'This is required',
    });
  });
});

describe('the code mail', () => {
  it('names the last day in the reader’s digits', () => {
    expect(dayOf(new Date('2027-11-23T00:00:00Z'), 'en')).toBe('2027-11-23');
    expect(dayOf(new Date('2027-11-23T00:00:00Z'), 'bn')).toBe('২০২৭-১১-২৩');
  });
});
