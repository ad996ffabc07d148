import { failureCancelsOrder, isTranIdOf, newTranId, repeatsSettled, settlementFor } from './card-flow';

describe('the card-payment state machine', () => {
  it('pays an order that can be paid, holds risky money and never settles an attempt twice', () => {
    expect(settlementFor('initiated', true, 'paid')).toBe('pay');
    expect(settlementFor('initiated', true, 'hold')).toBe('hold');
    // A failed attempt's order may have been cancelled: money that still comes is late, never lost.
    expect(settlementFor('failed', false, 'paid')).toBe('late');
    expect(settlementFor('failed', true, 'paid')).toBe('pay');
    for (const settled of ['paid', 'held', 'credited', 'refused'] as const) {
      expect(settlementFor(settled, true, 'paid')).toBe('duplicate');
      expect(settlementFor(settled, false, 'hold')).toBe('duplicate');
    }
  });

  it('cancels an order on a failure only while nothing was paid for it', () => {
    expect(failureCancelsOrder('initiated', 'unpaid')).toBe(true);
    expect(failureCancelsOrder('paid', 'paid')).toBe(false);
    expect(failureCancelsOrder('held', 'held')).toBe(false);
    expect(failureCancelsOrder('initiated', 'cancelled')).toBe(false);
    expect(failureCancelsOrder('failed', 'unpaid')).toBe(false);
  });

  it('skips the validation call only for a repeat of a settled payment with the same val_id', () => {
    expect(repeatsSettled({ status: 'paid', val_id: 'V1' }, 'V1')).toBe(true);
    expect(repeatsSettled({ status: 'refused', val_id: 'V1' }, 'V1')).toBe(true);
    expect(repeatsSettled({ status: 'paid', val_id: 'V1' }, 'V2')).toBe(false);
    expect(repeatsSettled({ status: 'initiated', val_id: null }, '')).toBe(false);
    expect(repeatsSettled({ status: 'failed', val_id: null }, 'V1')).toBe(false);
  });

  it("tells one service's tran_ids from another's", () => {
    const course = newTranId('T');
    expect(course).toMatch(/^T[0-9A-F]{24}$/);
    expect(isTranIdOf('T', course)).toBe(true);
    expect(isTranIdOf('S', course)).toBe(false);
    expect(isTranIdOf('S', `S${course.slice(1)}`)).toBe(true);
    expect(isTranIdOf('T', `${course}0`)).toBe(false);
    expect(isTranIdOf('T', course.toLowerCase())).toBe(false);
  });
});
