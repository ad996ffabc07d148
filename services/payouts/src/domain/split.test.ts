import { dueOf, payoutRefusal, roundHalfUp, splitSale } from './split';
import { monthRange, parseDay } from './days';

describe('splitting a sale', () => {
  it('takes 2.5% for orders paid from 22-5-2022 on, and none before', () => {
    expect(splitSale(100_000, '2022-05-22', 70)).toEqual({
      amountPaid: 100_000,
      gatewayCut: 2_500,
      receivedAmount: 97_500,
      instructorEarning: 68_250,
      productCut: 29_250,
    });
    expect(splitSale(100_000, '2022-05-21', 70).gatewayCut).toBe(0);
  });

  it('rounds half up and lets the product cut take the remainder', () => {
    // 2.5% of 1_020 = 25.5 → 26; 994 × 33% = 328.02 → 328; the rest 666.
    expect(splitSale(1_020, '2024-01-01', 33)).toEqual({
      amountPaid: 1_020,
      gatewayCut: 26,
      receivedAmount: 994,
      instructorEarning: 328,
      productCut: 666,
    });
    expect(roundHalfUp(5, 10)).toBe(1);
    expect(roundHalfUp(4, 10)).toBe(0);
  });

  it('always adds up to the amount paid', () => {
    for (let i = 0; i < 5000; i++) {
      const amount = Math.floor(Math.random() * 10_000_000);
      const pct = Math.floor(Math.random() * 101);
      const s = splitSale(amount, Math.random() < 0.5 ? '2021-01-01' : '2025-06-30', pct);
      expect(s.gatewayCut + s.instructorEarning + s.productCut).toBe(amount);
      expect(Math.min(s.gatewayCut, s.instructorEarning, s.productCut)).toBeGreaterThanOrEqual(0);
    }
  });

  it('refuses payouts above the due or not positive', () => {
    expect(dueOf(1000, 400)).toBe(600);
    expect(payoutRefusal(600, 600)).toBeNull();
    expect(payoutRefusal(601, 600)).toBe('ABOVE_DUE');
    expect(payoutRefusal(0, 600)).toBe('AMOUNT_NOT_POSITIVE');
  });
});

describe('days', () => {
  it('reads day-month-year and YYYY-MM-DD, refusing impossible days; months', () => {
    expect(parseDay('22-5-2022')).toBe('2022-05-22');
    expect(parseDay('2022-05-22')).toBe('2022-05-22');
    expect(parseDay('31-2-2022')).toBeNull();
    expect(parseDay('yesterday')).toBeNull();
    expect(monthRange('2024-02')).toEqual({ from: '2024-02-01', to: '2024-02-29', month: '2024-02' });
    expect(monthRange('13-2024')).toBeNull();
  });
});
