import { moneyText, takaText, takaToPoisha } from './taka';

describe('takaToPoisha: an amount typed in taka, read exactly', () => {
  it.each([
    ['15', 1500],
    ['1500.5', 150050],
    ['1500.50', 150050],
    ['0.07', 7],
    [' 42 ', 4200],
    ['99999999999.99', 9999999999999],
  ])('%s taka is %d poisha', (text, poisha) => {
    expect(takaToPoisha(text)).toBe(poisha);
  });

  it.each(['', '-5', '+5', '1e3', '1.234', '.5', '5.', '1,500', '100000000000', 'NaN'])('refuses %j', (text) => {
    expect(takaToPoisha(text)).toBeNull();
  });

  it('never drifts like floating point does', () => {
    expect(takaToPoisha('1.15')).toBe(115);
    expect(Math.floor(Number('1.15') * 100)).toBe(114);
  });
});

describe('money as screens and PDFs write it (issue 55: one formatter)', () => {
  it('groups thousands, two decimals, in the language’s digits and with its unit', () => {
    expect(takaText(250_000, 'en')).toBe('2,500.00');
    expect(takaText(250_000, 'bn')).toBe('২,৫০০.০০');
    expect(moneyText(250_000, 'en')).toBe('BDT 2,500.00');
    expect(moneyText(250_000, 'bn')).toBe('২,৫০০.০০ টাকা');
    // Three by three in Bengali too (the receipts' form, not Intl's lakh grouping).
    expect(moneyText(123_456_789, 'bn')).toBe('১,২৩৪,৫৬৭.৮৯ টাকা');
    expect(moneyText(5, 'en')).toBe('BDT 0.05');
    expect(moneyText(0, 'bn-BD')).toBe('০.০০ টাকা');
  });
});
