import { extendedExpiry, isActive, isVideoFilename, lessonTitleOk, mayPlay } from './access';

describe('who may play a lesson', () => {
  const student = { userType: 4 };
  it('plays open lessons for everyone, login lessons for any user, paid lessons for the enrolled and staff', () => {
    expect(mayPlay('open', null, false)).toBe('play');
    expect(mayPlay('login', null, false)).toBe('login');
    expect(mayPlay('login', student, false)).toBe('play');
    expect(mayPlay('paid', null, false)).toBe('purchase');
    expect(mayPlay('paid', student, false)).toBe('purchase');
    expect(mayPlay('paid', student, true)).toBe('play');
    expect(mayPlay('paid', { userType: 1 }, false)).toBe('play');
    expect(mayPlay('paid', { userType: 2 }, false)).toBe('play');
    expect(mayPlay('paid', { userType: 3 }, false)).toBe('purchase');
    // The course's own instructor plays its paid lessons; another instructor does not.
    expect(mayPlay('paid', { userType: 3 }, false, true)).toBe('play');
    expect(mayPlay('paid', { userType: 4 }, false, true)).toBe('purchase');
  });
});

describe('access expiry', () => {
  const now = new Date('2026-11-22T10:00:00Z');
  it('counts a first purchase from now and a renewal from the current expiry', () => {
    expect(extendedExpiry(null, now, 30).toISOString()).toBe('2026-12-22T10:00:00.000Z');
    expect(extendedExpiry(new Date('2026-12-01T00:00:00Z'), now, 30).toISOString()).toBe('2026-12-31T00:00:00.000Z');
    // An expired enrolment starts again from now.
    expect(extendedExpiry(new Date('2026-01-01T00:00:00Z'), now, 1).toISOString()).toBe('2026-11-23T10:00:00.000Z');
    expect(() => extendedExpiry(null, now, 0)).toThrow(RangeError);
  });
  it('is active until its expiry only', () => {
    expect(isActive(new Date(now.getTime() + 1), now)).toBe(true);
    expect(isActive(now, now)).toBe(false);
  });
  it('checks lesson titles and stored video names', () => {
    expect(lessonTitleOk(' a ')).toBe(false);
    expect(lessonTitleOk('Intro')).toBe(true);
    expect(isVideoFilename('3f2a9c1e-aaaa-bbbb-cccc-123456789abc.mp4')).toBe(true);
    expect(isVideoFilename('../etc/passwd')).toBe(false);
    expect(isVideoFilename('x.mp4')).toBe(false);
  });
});
