import { orderTotals } from '../../../../commerce/src/domain/pricing';
import { payableOf } from '.';

describe('POST order amount check', () => {
  it('computes the payable exactly as commerce does (wallet first, voucher rounded up, never below 0)', () => {
    for (const subtotal of [0, 1, 99, 150_000, 333_333]) {
      for (const walletBalance of [0, 1, 50_000, 150_000, 1_000_000]) {
        for (const useWallet of [true, false]) {
          for (const voucherPercent of [0, 1, 33, 50, 99, 100]) {
            expect(payableOf(subtotal, walletBalance, useWallet, voucherPercent)).toBe(
              orderTotals({ subtotal, walletBalance, useWallet, voucherPercent }).payable,
            );
          }
        }
      }
    }
  });
});
