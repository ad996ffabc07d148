import {
  allocate,
  balanceOf,
  isIsoDay,
  ledgerAmount,
  orderTotals,
  priceOf,
  tierOffering,
  pricesPaid,
  subtotalOf,
  voucherProblems,
  voucherUsable,
} from './pricing';

const course = {
  id: 'c1',
  title: 'Guitar',
  published: true,
  silver: { price: 150000, validityDays: 30 },
  gold: { price: 250000, validityDays: 90 },
  diamond: { price: 400000, validityDays: 365 },
};

describe('pricing', () => {
  it("names the tier of the spec's cart item {price, validity} by its exact offer, never a taka price", () => {
    expect(tierOffering(course, 250000, 90)).toBe('gold');
    expect(tierOffering(course, 150000, 30)).toBe('silver');
    // 2500 taka written as taka, or the right price with another validity: no tier.
    expect(tierOffering(course, 2500, 90)).toBeNull();
    expect(tierOffering(course, 250000, 30)).toBeNull();
  });
  it('prices a tier from the catalogue record and refuses unpublished courses', () => {
    expect(priceOf(course, 'gold')).toEqual({ courseId: 'c1', tier: 'gold', title: 'Guitar', price: 250000, validityDays: 90 });
    expect(priceOf({ ...course, published: false }, 'gold')).toBeNull();
    expect(priceOf({ ...course, diamond: undefined }, 'diamond')).toBeNull();
    expect(subtotalOf([{ price: 1 }, { price: 2 }])).toBe(3);
    expect(() => subtotalOf([{ price: 1.5 }])).toThrow(RangeError);
  });

  it('takes the wallet first, then the voucher on the remainder, rounding the discount up', () => {
    expect(orderTotals({ subtotal: 100000, walletBalance: 20000, useWallet: true, voucherPercent: 10 })).toEqual({
      subtotal: 100000, walletUsed: 20000, discount: 8000, payable: 72000, balanceUsed: 28000,
    });
    // 333 * 15% = 49.95 → 50 off (customer's favour).
    expect(orderTotals({ subtotal: 333, walletBalance: 0, useWallet: true, voucherPercent: 15 })).toMatchObject({ discount: 50, payable: 283 });
    // The wallet covers everything: the voucher has nothing left to discount.
    expect(orderTotals({ subtotal: 5000, walletBalance: 9000, useWallet: true, voucherPercent: 50 })).toEqual({
      subtotal: 5000, walletUsed: 5000, discount: 0, payable: 0, balanceUsed: 5000,
    });
    expect(orderTotals({ subtotal: 5000, walletBalance: 9000, useWallet: false, voucherPercent: 100 })).toMatchObject({ walletUsed: 0, discount: 5000, payable: 0 });
    expect(() => orderTotals({ subtotal: 1, walletBalance: 0, useWallet: false, voucherPercent: 101 })).toThrow(RangeError);
  });

  it('never makes the payable negative nor uses more wallet than the balance', () => {
    for (let s = 0; s < 2000; s += 37) {
      for (const w of [0, 1, 500, 5000]) {
        for (const p of [0, 1, 33, 99, 100]) {
          const t = orderTotals({ subtotal: s, walletBalance: w, useWallet: true, voucherPercent: p });
          expect(t.payable).toBeGreaterThanOrEqual(0);
          expect(t.walletUsed).toBeLessThanOrEqual(w);
          expect(t.walletUsed + t.discount + t.payable).toBe(s);
        }
      }
    }
  });

  it('allocates a discount over items exactly', () => {
    expect(allocate(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(allocate(0, [5, 5])).toEqual([0, 0]);
    expect(pricesPaid([{ price: 150000 }, { price: 250000 }], 40001)).toEqual([135000, 224999]);
    expect(pricesPaid([{ price: 10 }, { price: 20 }], 30).reduce((a, b) => a + b, 0)).toBe(0);
  });
});

describe('vouchers', () => {
  it('checks a new voucher field by field', () => {
    expect(voucherProblems({ code: 'EID25', percent: 25, useLimit: 5, expireDate: '2026-12-31' })).toEqual({});
    expect(Object.keys(voucherProblems({ code: '', percent: 0, useLimit: 0, expireDate: '2026-02-30' })).sort()).toEqual([
      'code', 'expireDate', 'percent', 'useLimit',
    ]);
    expect(voucherProblems({ code: 'X', percent: 101, useLimit: 1, expireDate: '2026-01-01' })).toHaveProperty('percent');
    expect(isIsoDay('2026-02-28')).toBe(true);
    // Year 0 does not exist (the database refuses it): a voucher expiring on 0000-01-01 is refused here.
    expect(voucherProblems({ code: 'X', percent: 10, useLimit: 1, expireDate: '0000-01-01' })).toHaveProperty('expireDate');
  });

  it('is usable through its expiry day and until the limit of paid uses', () => {
    const v = { percent: 10, useLimit: 2, timesUsed: 1, expireDate: '2026-05-01' };
    expect(voucherUsable(v, '2026-05-01')).toBe(true);
    expect(voucherUsable(v, '2026-05-02')).toBe(false);
    expect(voucherUsable({ ...v, timesUsed: 2 }, '2026-04-01')).toBe(false);
  });
});

describe('wallet ledger', () => {
  it('signs credits and debits, and the balance is the sum', () => {
    expect(ledgerAmount('referral_bonus', 20000)).toBe(20000);
    expect(ledgerAmount('reservation', 500)).toBe(-500);
    expect(ledgerAmount('checkout', 500)).toBe(-500);
    expect(ledgerAmount('release', 500)).toBe(500);
    expect(() => ledgerAmount('refund', -1)).toThrow(RangeError);
    expect(balanceOf([{ amount: 20000 }, { amount: -500 }, { amount: 500 }, { amount: -500 }])).toBe(19500);
  });
});
