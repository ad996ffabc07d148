import { IdentityMessages, Refusals } from './web';
import { addDays, dhakaDay, dhakaDaysRange, todayInDhaka } from './bangladesh-time';
import { isUserRole, UserRoles } from './user-roles';

describe('identity messages', () => {
  it('IdentityMessages holds no refusal: those are the catalogue\'s (decision 0026)', () => {
    const refusals = new Set(Object.values(Refusals).map((r) => r.en as string));
    expect(Object.values(IdentityMessages).filter((message) => refusals.has(message))).toEqual([]);
  });
});

describe('Bangladesh days', () => {
  it('are UTC+6: after 18:00 UTC it is already tomorrow in Dhaka', () => {
    expect(dhakaDay('2024-03-10T17:59:59Z')).toBe('2024-03-10');
    expect(dhakaDay('2024-03-10T18:00:00Z')).toBe('2024-03-11');
    expect(todayInDhaka(new Date('2024-12-31T20:00:00Z'))).toBe('2025-01-01');
    expect(addDays('2024-03-01', -30)).toBe('2024-01-31');
  });

  it('cover whole Dhaka days in ranges', () => {
    const { start, end } = dhakaDaysRange(new Date(Date.UTC(2024, 0, 1)), new Date(Date.UTC(2024, 0, 2)));
    expect(start.toISOString()).toBe('2023-12-31T18:00:00.000Z');
    expect(end.toISOString()).toBe('2024-01-02T18:00:00.000Z');
  });
});

describe('roles', () => {
  it('are 1 admin, 2 content, 3 instructor, 4 student', () => {
    expect(UserRoles).toEqual({ admin: 1, content: 2, instructor: 3, student: 4 });
    expect([0, 1, 4, 5, 2.5].map(isUserRole)).toEqual([false, true, true, false, false]);
  });
});
