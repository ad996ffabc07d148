import { ageOn, ageRule, guardianEmailRefusal } from './account-rules';

describe('the age rule (decision 0047)', () => {
  it('counts whole years, a birthday from its own day', () => {
    expect(ageOn('2013-06-15', '2026-06-14')).toBe(12);
    expect(ageOn('2013-06-15', '2026-06-15')).toBe(13);
    // 29 February: a year older on 1 March of other years.
    expect(ageOn('2008-02-29', '2026-02-28')).toBe(17);
    expect(ageOn('2008-02-29', '2026-03-01')).toBe(18);
  });

  it('refuses under 13, asks a guardian from 13 to 17, nothing from 18', () => {
    expect(ageRule('2013-06-16', '2026-06-15')).toBe('tooYoung');
    expect(ageRule('2013-06-15', '2026-06-15')).toBe('guardian');
    expect(ageRule('2008-06-16', '2026-06-15')).toBe('guardian');
    expect(ageRule('2008-06-15', '2026-06-15')).toBe('none');
  });

  it("wants a valid guardian address that is not the student's own", () => {
    expect(guardianEmailRefusal('', 'me@example.com')).toBe('GUARDIAN_EMAIL_REQUIRED');
    expect(guardianEmailRefusal('mum@', 'me@example.com')).toBe('GUARDIAN_EMAIL_INVALID');
    expect(guardianEmailRefusal(' ME@example.com ', 'me@example.com')).toBe('GUARDIAN_EMAIL_SAME');
    expect(guardianEmailRefusal('mum@example.com', 'me@example.com')).toBeNull();
    // Another spelling of the student's own mailbox (normaliseMailbox, as referrals): a +alias, gmail's dots.
    expect(guardianEmailRefusal('t1-x+mum@example.com', 't1-x@example.com')).toBe('GUARDIAN_EMAIL_SAME');
    expect(guardianEmailRefusal('t1-x@example.com', 'T1-X+me@Example.com')).toBe('GUARDIAN_EMAIL_SAME');
    expect(guardianEmailRefusal('r.a.f.i+mum@googlemail.com', 'rafi@gmail.com')).toBe('GUARDIAN_EMAIL_SAME');
    expect(guardianEmailRefusal('r.a.f.i@example.com', 'rafi@example.com')).toBeNull();
    expect(guardianEmailRefusal('mum@example.com', '')).toBeNull();
  });
});
