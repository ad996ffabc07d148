import {
  analyticsRange,
  formatStudentId,
  isEmail,
  referralCodeFrom,
  validateCreateAccount,
  validateInstructorAccount,
  validateLogin,
  validateNewPassword,
  validateProfileDetails,
  validateSignUp,
  type SignUpInput,
} from './user';
import { normalisePhone } from '@taal/contracts';

const good: SignUpInput = {
  name: 'Rumi',
  email: 'rumi@example.com',
  password: 'secret1',
  confirmPassword: 'secret1',
  photo: { present: true, isImage: true },
  dob: '2001-02-03',
  phone: '01711111111',
  address: 'Dhaka',
};

describe('sign-up rules (storefront §5)', () => {
  it('accepts a complete form', () => {
    expect(validateSignUp(good, '2024-01-01')).toEqual({ ok: true, fields: {} });
  });

  it.each([
    ['name', { name: ' ' }, 'NAME_REQUIRED'],
    ['email', { email: '' }, 'EMAIL_REQUIRED'],
    ['email', { email: 'not-an-email' }, 'INVALID_EMAIL'],
    ['password', { password: '' }, 'PASSWORD_REQUIRED'],
    ['confirmPassword', { confirmPassword: '' }, 'CONFIRM_PASSWORD_REQUIRED'],
    ['confirmPassword', { confirmPassword: 'secret2' }, 'PASSWORD_MISMATCH'],
    ['password', { password: '12345', confirmPassword: '12345' }, 'PASSWORD_TOO_SHORT'],
    ['photo', { photo: { present: false, isImage: false } }, 'PHOTO_REQUIRED'],
    ['photo', { photo: { present: true, isImage: false } }, 'PHOTO_NOT_IMAGE'],
    ['dob', { dob: '' }, 'DOB_REQUIRED'],
    ['dob', { dob: '2024-01-02' }, 'DOB_IN_FUTURE'],
    ['dob', { dob: '2023-02-30' }, 'DOB_INVALID'],
    ['phone', { phone: '' }, 'PHONE_REQUIRED'],
    ['phone', { phone: '+880 17' }, 'PHONE_DIGITS_ONLY'],
    ['address', { address: '' }, 'ADDRESS_REQUIRED'],
    // Over-long fields get their own refusal, never the '… required' one.
    ['name', { name: 'n'.repeat(101) }, 'NAME_TOO_LONG'],
    ['name', { name: 'Rumi\u0000' }, 'NAME_INVALID'],
    ['name', { name: 'Ru\nmi' }, 'NAME_INVALID'],
    ['name', { name: 'Rumi\u202e' }, 'NAME_INVALID'],
    ['email', { email: `${'a'.repeat(250)}@b.co` }, 'EMAIL_TOO_LONG'],
    ['email', { email: 'a@example.org,b' }, 'INVALID_EMAIL'],
    ['email', { email: 'Name <a@example.org>' }, 'INVALID_EMAIL'],
    ['password', { password: 'p'.repeat(201), confirmPassword: 'p'.repeat(201) }, 'PASSWORD_TOO_LONG'],
    ['phone', { phone: '1'.repeat(21) }, 'PHONE_TOO_LONG'],
    ['address', { address: 'a'.repeat(501) }, 'ADDRESS_TOO_LONG'],
    // PostgreSQL text cannot hold U+0000: refused before it reaches the database (was a 500).
    ['address', { address: 'Road 1\u0000' }, 'ADDRESS_INVALID'],
    ['address', { address: 'Road 1\nDhaka' }, 'ADDRESS_INVALID'],
    ['refercode', { referCode: 'R'.repeat(33) }, 'REFER_CODE_TOO_LONG'],
  ])('%s: %j gives %s', (field, change, message) => {
    const r = validateSignUp({ ...good, ...change }, '2024-01-01');
    expect(r).toMatchObject({ ok: false, headline: message, fields: { [field]: message } });
  });

  it('trims, and accepts fields at their longest', () => {
    const longest = {
      ...good,
      name: `  ${'n'.repeat(100)}  `,
      email: ` ${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(57)}.org `,
      phone: '1'.repeat(20),
      address: 'a'.repeat(500),
      referCode: 'R'.repeat(32),
    };
    expect(longest.email.trim()).toHaveLength(254);
    expect(validateSignUp(longest, '2024-01-01')).toMatchObject({ ok: true });
  });

  it('reports every problem, the first in form order as the message', () => {
    const r = validateSignUp({}, '2024-01-01');
    expect(r.headline).toBe('NAME_REQUIRED');
    expect(Object.keys(r.fields)).toEqual(['name', 'email', 'password', 'confirmPassword', 'photo', 'dob', 'phone', 'address']);
  });
});

describe('profile details (the Profile tab): the sign-up rule of each field given', () => {
  it('checks only the fields sent, so a photo-only change needs none of them', () => {
    expect(validateProfileDetails({}, '2024-01-01')).toEqual({ ok: true, fields: {} });
    expect(validateProfileDetails({ phone: '01811111111' }, '2024-01-01')).toEqual({ ok: true, fields: {} });
  });

  it('takes Bengali digits as digits and keeps a leading + (issue 40)', () => {
    expect(validateProfileDetails({ phone: '০১৭১২৩৪৫৬৭৮' }, '2024-01-01')).toEqual({ ok: true, fields: {} });
    expect(validateProfileDetails({ phone: '+8801712345678' }, '2024-01-01')).toEqual({ ok: true, fields: {} });
    expect(normalisePhone(' ০১৭১২৩৪৫৬৭৮ ')).toBe('01712345678');
    expect(normalisePhone('+৮৮০১৭১২৩৪৫৬৭৮')).toBe('+8801712345678');
    expect(validateProfileDetails({ phone: '017+12' }, '2024-01-01').fields).toEqual({ phone: 'PHONE_DIGITS_ONLY' });
  });

  it.each([
    ['name', { name: '' }, 'NAME_REQUIRED'],
    ['name', { name: 'Ru\nmi' }, 'NAME_INVALID'],
    ['phone', { phone: '' }, 'PHONE_REQUIRED'],
    ['phone', { phone: '017-1111' }, 'PHONE_DIGITS_ONLY'],
    ['phone', { phone: '1'.repeat(21) }, 'PHONE_TOO_LONG'],
    ['address', { address: ' ' }, 'ADDRESS_REQUIRED'],
    ['dob', { dob: '2024-01-02' }, 'DOB_IN_FUTURE'],
    ['dob', { dob: '02-01-2001' }, 'DOB_INVALID'],
  ])('%s: %j gives the sign-up refusal %s', (field, change, key) => {
    expect(validateProfileDetails(change, '2024-01-01')).toMatchObject({ ok: false, headline: key, fields: { [field]: key } });
    // The same key sign-up gives for the same value.
    expect(validateSignUp({ ...good, ...change }, '2024-01-01').fields[field]).toBe(key);
  });
});

describe('names: one rule in every form (decision 0039)', () => {
  // Each form that takes a name: the field's refusal key, or null when it is accepted.
  const forms: [string, (name: string) => string | undefined][] = [
    ['sign-up', (name) => validateSignUp({ ...good, name }, '2024-01-01').fields.name],
    ['profile', (name) => validateProfileDetails({ name }, '2024-01-01').fields.name],
    ['create account', (name) => validateCreateAccount({ name, email: 'a@b.co', password: 'secret1', type: 1 }).fields.name],
    ['instructor account', (name) => validateInstructorAccount({ name, email: 'a@b.co', password: 'secret1' }).fields.name],
  ];

  it.each(forms)('%s refuses invisible and formatting characters, and names made only of them', (_form, nameKey) => {
    for (const name of ['Rafi\u200bAhmed', 'Rafi\u200f', '\ufeffRafi', '\u3164', '\u200b\u200b', '\u2800 \u115f', 'Ra\u200dfi', '\u200c', 'Rumi\u202e']) {
      expect({ name, key: nameKey(name) }).toEqual({ name, key: 'NAME_INVALID' });
    }
  });

  it.each(forms)('%s keeps Bengali names, with a joiner inside a word', (_form, nameKey) => {
    for (const name of ['রাফি আহমেদ', 'ক্\u200cষমা', 'র\u200d্যাব', 'Rafi Ahmed']) expect({ name, key: nameKey(name) }).toEqual({ name, key: undefined });
  });
});

describe('e-mail addresses: one address in a strict form', () => {
  it.each([
    'a@example.org',
    'First.Last+tag@mail.example.co.uk',
    "o'brien@example.com",
    'x_y-z@sub-domain.example.travel',
    'user@xn--p1ai.xn--p1ai',
    `${'a'.repeat(64)}@example.org`,
  ])('accepts %s', (email) => expect(isEmail(email)).toBe(true));

  it.each([
    'a@example.org,b',
    'a@example.org, b@example.org',
    'a@example.org;b@example.org',
    'Name <a@example.org>',
    '<a@example.org>',
    '"quoted"@example.org',
    'a@[127.0.0.1]',
    'a@localhost',
    'a@example',
    'a@example.c0m',
    'a@-example.org',
    'a@example-.org',
    'a..b@example.org',
    '.a@example.org',
    'a.@example.org',
    'a b@example.org',
    'a@exa mple.org',
    'a\r\nBcc: x@example.org@example.org',
    'a@example.org\n',
    'a\u0000@example.org',
    'a@@example.org',
    '@example.org',
    'a@',
    `${'a'.repeat(65)}@example.org`,
    `a@${'b'.repeat(64)}.org`,
  ])('refuses %j', (email) => expect(isEmail(email)).toBe(false));
});

describe('login, account and password rules', () => {
  it('answers one message for any missing or malformed login field', () => {
    expect(validateLogin({ email: 'a@b.co', password: 'x' }).ok).toBe(true);
    const overLong = [{ email: `${'a'.repeat(250)}@b.co`, password: 'x' }, { email: 'a@b.co', password: 'p'.repeat(201) }];
    for (const input of [{}, { email: 'a@b.co' }, { password: 'x' }, { email: 'nope', password: 'x' }, ...overLong]) {
      expect(validateLogin(input).headline).toBe('LOGIN_MISSING');
    }
  });

  it('create account needs every field and type 1 or 2', () => {
    const ok = { name: 'A', email: 'a@b.co', password: 'secret1', type: 1 };
    expect(validateCreateAccount(ok).ok).toBe(true);
    for (const missing of ['name', 'email', 'password', 'type']) {
      expect(validateCreateAccount({ ...ok, [missing]: undefined }).headline).toBe('SOME_FIELD_NOT_FILLED');
    }
    expect(validateCreateAccount({ ...ok, type: 3 }).headline).toBe('INVALID_ACCOUNT_TYPE');
    expect(validateCreateAccount({ ...ok, name: 'n'.repeat(101) }).fields).toEqual({ name: 'NAME_TOO_LONG' });
    expect(validateCreateAccount({ ...ok, name: 'A\u0007' }).fields).toEqual({ name: 'NAME_INVALID' });
    expect(validateCreateAccount({ ...ok, email: 'Name <a@b.co>' }).fields).toEqual({ email: 'INVALID_EMAIL' });
    expect(validateCreateAccount({ ...ok, email: `${'a'.repeat(260)}@b.co` }).fields).toEqual({ email: 'EMAIL_TOO_LONG' });
    expect(validateCreateAccount({ ...ok, password: 'p'.repeat(201) }).fields).toEqual({ password: 'PASSWORD_TOO_LONG' });
    expect(validateCreateAccount({ ...ok, instructor: 'i'.repeat(201) }).fields).toEqual({ instructor: 'INSTRUCTOR_TOO_LONG' });
  });

  it('instructor account needs name, email and a 6-character password', () => {
    const ok = { name: 'A', email: 'a@b.co', password: 'secret1' };
    expect(validateInstructorAccount(ok).ok).toBe(true);
    expect(validateInstructorAccount({ ...ok, name: '' }).headline).toBe('ANY_FIELD_MISSING');
    expect(validateInstructorAccount({ ...ok, password: '12345' }).headline).toBe('PASSWORD_TOO_SHORT');
    expect(validateInstructorAccount({ ...ok, name: 'n'.repeat(101) }).headline).toBe('NAME_TOO_LONG');
    expect(validateInstructorAccount({ ...ok, email: 'a@b.co,c' }).headline).toBe('INVALID_EMAIL');
  });

  it('a new password must be given twice, match and be long enough', () => {
    expect(validateNewPassword({ token: 't', password: 'secret1', confirmPassword: 'secret1' }).ok).toBe(true);
    expect(validateNewPassword({ token: 't', password: 'secret1' }).headline).toBe('ANY_FIELD_MISSING');
    expect(validateNewPassword({ token: 't', password: 'secret1', confirmPassword: 'secret2' }).headline).toBe('PASSWORD_MISMATCH');
    expect(validateNewPassword({ token: 't', password: '12345', confirmPassword: '12345' }).headline).toBe(
      'PASSWORD_TOO_SHORT',
    );
  });
});

describe('ids and dates', () => {
  it('formats student ids and makes referral codes without look-alike characters', () => {
    expect(formatStudentId(100001)).toBe('TS-100001');
    const code = referralCodeFrom(new Uint8Array([0, 1, 2, 3, 250, 251, 252, 253]));
    expect(code).toMatch(/^[A-HJKMNP-Z2-9]{8}$/);
    expect(() => referralCodeFrom(new Uint8Array(4))).toThrow(RangeError);
  });

  it('reads analytics ranges as whole Dhaka days, DD-MM-YYYY or YYYY-MM-DD', () => {
    expect(analyticsRange('01-02-2024', '2024-02-01')).toEqual({
      start: new Date('2024-01-31T18:00:00.000Z'),
      end: new Date('2024-02-01T18:00:00.000Z'),
    });
    expect(analyticsRange('2024-02-02', '2024-02-01')).toBeNull();
    expect(analyticsRange('31-02-2024', '2024-03-01')).toBeNull();
    expect(analyticsRange('yesterday', 'today')).toBeNull();
    // Year 0 does not exist (the database refuses it).
    expect(analyticsRange('01-01-0000', '01-01-0000')).toBeNull();
  });
});
