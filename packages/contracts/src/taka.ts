/**
 * An amount typed in taka (BDT), as the back office shows money: a positive or zero number with
 * at most two decimals ('1500', '1500.5', '1500.50'). Read digit by digit into whole poisha
 * (decision 0001), never through floating point; null for anything else (a sign, an exponent,
 * more decimals, more than 11 whole digits).
 */
export const TAKA_PATTERN = '^[0-9]{1,11}(?:\\.[0-9]{1,2})?$';
const TAKA = new RegExp(TAKA_PATTERN);

export function takaToPoisha(text: string): number | null {
  const value = text.trim();
  if (!TAKA.test(value)) return null;
  const [whole, fraction = ''] = value.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}
