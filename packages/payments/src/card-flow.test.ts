import {
  failureCancelsOrder,
  isTranIdOf,
  MAX_OPEN_SESSIONS_PER_ORDER,
  mayOpenSession,
  newTranId,
  OPEN_SESSIONS_WINDOW_MS,
  reconciliationFor,
  repeatsSettled,
  settlementFor,
} from './card-flow';

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

  it('reconciles from what the gateway reports of our tran_id only: payments first, a failure only when every session ended unpaid', () => {
    const T = 'T0123456789ABCDEF01234567';
    expect(reconciliationFor(T, [])).toEqual({ kind: 'wait' });
    expect(reconciliationFor(T, [{ status: 'UNATTEMPTED', tranId: T, valId: '' }])).toEqual({ kind: 'wait' });
    expect(reconciliationFor(T, [{ status: 'VALID', tranId: T, valId: 'V1' }])).toEqual({ kind: 'settle', valIds: ['V1'] });
    // Every payment is tried (a forged session for our tran_id must not hide the real one).
    expect(
      reconciliationFor(T, [
        { status: 'VALIDATED', tranId: T, valId: 'V1' },
        { status: 'FAILED', tranId: T, valId: '' },
        { status: 'VALID', tranId: T, valId: 'V2' },
      ]),
    ).toEqual({ kind: 'settle', valIds: ['V1', 'V2'] });
    expect(reconciliationFor(T, [{ status: 'FAILED', tranId: T }, { status: 'CANCELLED', tranId: T }])).toEqual({ kind: 'failed', status: 'FAILED' });
    // A session still open keeps the attempt waiting; a paid status without a val_id proves nothing.
    expect(reconciliationFor(T, [{ status: 'FAILED', tranId: T }, { status: 'UNATTEMPTED', tranId: T }])).toEqual({ kind: 'wait' });
    expect(reconciliationFor(T, [{ status: 'VALID', tranId: T, valId: '' }])).toEqual({ kind: 'wait' });
    // Another tran_id's records are not ours.
    expect(reconciliationFor(T, [{ status: 'VALID', tranId: 'T-other', valId: 'V9' }])).toEqual({ kind: 'wait' });
  });
  it('lets an order have at most 5 sessions open at a time, counted over the reconciler’s quiet time (issue 36)', () => {
    expect(MAX_OPEN_SESSIONS_PER_ORDER).toBe(5);
    expect(OPEN_SESSIONS_WINDOW_MS).toBe(120_000);
    for (let open = 0; open < MAX_OPEN_SESSIONS_PER_ORDER; open++) expect(mayOpenSession(open)).toBe(true);
    expect(mayOpenSession(MAX_OPEN_SESSIONS_PER_ORDER)).toBe(false);
    expect(mayOpenSession(100)).toBe(false);
    expect(mayOpenSession(1, 1)).toBe(false);
  });
});
