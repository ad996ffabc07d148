import { dayOf } from './expiry-mail';

describe('expiry notices', () => {
  const at = new Date('2026-12-01T20:00:00Z'); // 2 December in Bangladesh
  it('name the day in Bangladesh time, with Bengali digits in Bengali', () => {
    expect(dayOf(at, 'en')).toBe('02-12-2026');
    expect(dayOf(at, 'bn')).toBe('০২-১২-২০২৬');
  });
});
