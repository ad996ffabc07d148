/**
 * How the money of one sold course is split (decision 0016). Every amount is integer poisha;
 * each part is rounded half up and the last part takes the remainder, so the parts always add
 * up to the amount paid: gatewayCut + instructorEarning + productCut = amountPaid.
 */

/** Orders paid on or after this Bangladesh day lose the payment gateway's 2.5% (spec §9). */
export const GATEWAY_CUT_FROM_DAY = '2022-05-22';
/** 2.5% as a fraction of 1000, so the arithmetic stays in integers. */
export const GATEWAY_CUT_PER_MILLE = 25;

export interface SaleSplit {
  amountPaid: number;
  gatewayCut: number;
  receivedAmount: number;
  instructorEarning: number;
  productCut: number;
}

/** round(numerator / denominator), half up, for non-negative integers. */
export function roundHalfUp(numerator: number, denominator: number): number {
  if (!Number.isSafeInteger(numerator) || !Number.isSafeInteger(denominator) || numerator < 0 || denominator <= 0) {
    throw new RangeError('roundHalfUp takes non-negative safe integers');
  }
  return Math.floor((2 * numerator + denominator) / (2 * denominator));
}

/**
 * Splits what a student paid for one course.
 * @param paidDay the Bangladesh day the order was paid (YYYY-MM-DD)
 * @param percentage the instructor's share, 0–100
 */
export function splitSale(amountPaid: number, paidDay: string, percentage: number): SaleSplit {
  if (!Number.isSafeInteger(amountPaid) || amountPaid < 0) throw new RangeError('amountPaid must be a non-negative integer');
  if (!Number.isInteger(percentage) || percentage < 0 || percentage > 100) throw new RangeError('percentage must be 0–100');
  const gatewayCut = paidDay >= GATEWAY_CUT_FROM_DAY ? roundHalfUp(amountPaid * GATEWAY_CUT_PER_MILLE, 1000) : 0;
  const receivedAmount = amountPaid - gatewayCut;
  const instructorEarning = roundHalfUp(receivedAmount * percentage, 100);
  const productCut = receivedAmount - instructorEarning;
  return { amountPaid, gatewayCut, receivedAmount, instructorEarning, productCut };
}

/** Due = lifetime earnings − everything paid out (spec §9). */
export function dueOf(earnings: number, settled: number): number {
  return earnings - settled;
}

/** Why a payout is refused (its catalogue key), or null when it may be paid. */
export function payoutRefusal(amount: number, due: number): 'AMOUNT_NOT_POSITIVE' | 'ABOVE_DUE' | null {
  if (!Number.isSafeInteger(amount) || amount <= 0) return 'AMOUNT_NOT_POSITIVE';
  if (amount > due) return 'ABOVE_DUE';
  return null;
}
