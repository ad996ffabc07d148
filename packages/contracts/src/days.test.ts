import { API_DAY_PATTERN, dayStartUtc, isIsoDay, ISO_MONTH_PATTERN, parseDay, parseDayRange } from './days';

/** The calendar's own answer: whether y-m-d (numbers) names a real day of the years 1000-9999. */
function realDay(y: number, m: number, d: number): boolean {
  if (y < 1000 || y > 9999) return false;
  const date = new Date(0);
  date.setUTCFullYear(y, m - 1, d);
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

const p2 = (n: number) => String(n).padStart(2, '0');
const p4 = (n: number) => String(n).padStart(4, '0');

describe('days (the one day rule)', () => {
  // Years around every leap-year rule (4, 100, 400), the first and last years, and year 0.
  const years = [0, 1, 4, 100, 400, 999, 1000, 1004, 1200, 1300, 1582, 1600, 1900, 1999, 2000, 2023, 2024, 2100, 2400, 9996, 9999];

  it('accepts exactly the real calendar days of four-digit years, in both forms, and refuses year 0', () => {
    const apiDay = new RegExp(API_DAY_PATTERN);
    const wrong: string[] = [];
    for (const y of years) {
      for (let m = 0; m <= 13; m++) {
        for (let d = 0; d <= 32; d++) {
          const real = realDay(y, m, d);
          const iso = `${p4(y)}-${p2(m)}-${p2(d)}`;
          if (isIsoDay(iso) !== real || parseDay(iso) !== (real ? iso : null)) wrong.push(iso);
          for (const dmy of [`${p2(d)}-${p2(m)}-${p4(y)}`, `${d}-${m}-${p4(y)}`]) {
            if (parseDay(dmy) !== (real ? iso : null) || apiDay.test(dmy) !== real) wrong.push(dmy);
          }
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it('refuses other shapes', () => {
    for (const text of ['', 'yesterday', '2024-1-05x', '22/5/2022', '20240105', '2024-001-05', '123-05-01', '12024-01-05', '22-5-22', '0000-01-01', '01-01-0000', '29-2-1900', '2023-02-29', '029-2-2024', '1-012-2024', '001-1-2024']) {
      expect([text, parseDay(text)]).toEqual([text, null]);
    }
    expect(isIsoDay('22-5-2022')).toBe(false);
    expect(parseDay(' 22-5-2022 ')).toBe('2022-05-22');
  });

  it('reads a range: both real days, the last not before the first', () => {
    expect(parseDayRange('22-5-2022', '2022-06-01')).toEqual({ from: '2022-05-22', to: '2022-06-01' });
    expect(parseDayRange('2022-05-22', '22-5-2022')).toEqual({ from: '2022-05-22', to: '2022-05-22' });
    expect(parseDayRange('2022-06-01', '2022-05-22')).toBeNull();
    expect(parseDayRange('0000-01-01', '0000-01-01')).toBeNull();
    expect(parseDayRange('0001-01-01', '2024-01-01')).toBeNull();
  });

  it('months are YYYY-MM of the years 1000-9999', () => {
    const month = new RegExp(ISO_MONTH_PATTERN);
    expect(['2024-05', '1000-12', '9999-01'].every((m) => month.test(m))).toBe(true);
    expect(['0000-01', '0001-01', '2024-00', '2024-13', '2024-5', '05-2024'].some((m) => month.test(m))).toBe(false);
  });

  it('a day starts at its UTC midnight', () => {
    expect(dayStartUtc('2024-02-29').toISOString()).toBe('2024-02-29T00:00:00.000Z');
    expect(dayStartUtc('1004-02-29').toISOString()).toBe('1004-02-29T00:00:00.000Z');
  });
});
