import pg from 'pg';
import { dateColumn } from './pool';

describe('dateColumn', () => {
  const zone = process.env.TZ;
  afterEach(() => {
    if (zone === undefined) delete process.env.TZ;
    else process.env.TZ = zone;
  });

  it('reads a date column as the day stored, in a zone east of UTC (Dhaka) as in UTC', () => {
    const parse = pg.types.getTypeParser(pg.types.builtins.DATE);
    for (const tz of ['UTC', 'Asia/Dhaka', 'America/New_York']) {
      process.env.TZ = tz; // Node applies a new TZ at once
      expect([tz, dateColumn(parse('2026-11-25'))]).toEqual([tz, '2026-11-25']);
    }
  });

  it('keeps a day that arrives as text', () => {
    expect(dateColumn('2026-03-01')).toBe('2026-03-01');
  });
});
