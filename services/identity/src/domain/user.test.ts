import { Messages } from './messages';
import {
  analyticsRange,
  formatStudentId,
  isAcceptablePhoto,
  referralCodeFrom,
  sniffImageType,
  validateCreateAccount,
  validateInstructorAccount,
  validateLogin,
  validateNewPassword,
  validateSignUp,
  type SignUpInput,
} from './user';

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]);
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
    expect(validateSignUp(good, '2024-01-01')).toEqual({ ok: true, message: '', fields: {} });
  });

  it.each([
    ['name', { name: ' ' }, Messages.nameRequired],
    ['email', { email: '' }, '*Email required'],
    ['email', { email: 'not-an-email' }, '*Invalid email'],
    ['password', { password: '' }, '*Password required'],
    ['confirmPassword', { confirmPassword: '' }, '*Confirm password required'],
    ['confirmPassword', { confirmPassword: 'secret2' }, "password didn't match"],
    ['password', { password: '12345', confirmPassword: '12345' }, 'password should be more than 5 character'],
    ['photo', { photo: { present: false, isImage: false } }, '*Photo required'],
    ['photo', { photo: { present: true, isImage: false } }, Messages.photoNotImage],
    ['dob', { dob: '' }, '*Date of birth required'],
    ['dob', { dob: '2024-01-02' }, Messages.dobInFuture],
    ['dob', { dob: '2023-02-30' }, Messages.dobInvalid],
    ['phone', { phone: '' }, '*Phone number required'],
    ['phone', { phone: '+880 17' }, Messages.phoneDigitsOnly],
    ['address', { address: '' }, '*Address required'],
  ])('%s: %j gives %s', (field, change, message) => {
    const r = validateSignUp({ ...good, ...change }, '2024-01-01');
    expect(r).toMatchObject({ ok: false, message, fields: { [field]: message } });
  });

  it('reports every problem, the first in form order as the message', () => {
    const r = validateSignUp({}, '2024-01-01');
    expect(r.message).toBe('*Name required');
    expect(Object.keys(r.fields)).toEqual(['name', 'email', 'password', 'confirmPassword', 'photo', 'dob', 'phone', 'address']);
  });
});

describe('login, account and password rules', () => {
  it('answers one message for any missing or malformed login field', () => {
    expect(validateLogin({ email: 'a@b.co', password: 'x' }).ok).toBe(true);
    for (const input of [{}, { email: 'a@b.co' }, { password: 'x' }, { email: 'nope', password: 'x' }]) {
      expect(validateLogin(input).message).toBe('Email or password is missing!');
    }
  });

  it('create account needs every field and type 1 or 2', () => {
    const ok = { name: 'A', email: 'a@b.co', password: 'secret1', type: 1 };
    expect(validateCreateAccount(ok).ok).toBe(true);
    for (const missing of ['name', 'email', 'password', 'type']) {
      expect(validateCreateAccount({ ...ok, [missing]: undefined }).message).toBe('Some field is not fillup!!!');
    }
    expect(validateCreateAccount({ ...ok, type: 3 }).message).toBe(Messages.invalidAccountType);
  });

  it('instructor account needs name, email and a 6-character password', () => {
    const ok = { name: 'A', email: 'a@b.co', password: 'secret1' };
    expect(validateInstructorAccount(ok).ok).toBe(true);
    expect(validateInstructorAccount({ ...ok, name: '' }).message).toBe('any of the field is missing');
    expect(validateInstructorAccount({ ...ok, password: '12345' }).message).toBe('password should be more than 5 character');
  });

  it('a new password must be given twice, match and be long enough', () => {
    expect(validateNewPassword({ token: 't', password: 'secret1', confirmPassword: 'secret1' }).ok).toBe(true);
    expect(validateNewPassword({ token: 't', password: 'secret1' }).message).toBe('any of the field is missing');
    expect(validateNewPassword({ token: 't', password: 'secret1', confirmPassword: 'secret2' }).message).toBe("password didn't match");
    expect(validateNewPassword({ token: 't', password: '12345', confirmPassword: '12345' }).message).toBe(
      'password should be more than 5 character',
    );
  });
});

describe('photos, ids and dates', () => {
  it('recognises images by their bytes and caps them at 5 MB', () => {
    expect(sniffImageType(PNG)).toBe('image/png');
    expect(sniffImageType(new Uint8Array([0xff, 0xd8, 0xff, 0xe0]))).toBe('image/jpeg');
    expect(sniffImageType(Buffer.from('GIF89a..'))).toBe('image/gif');
    expect(sniffImageType(Buffer.from('RIFF\0\0\0\0WEBPVP8 '))).toBe('image/webp');
    expect(sniffImageType(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(isAcceptablePhoto(PNG)).toBe(true);
    const big = new Uint8Array(5 * 1024 * 1024 + 1);
    big.set(PNG);
    expect(isAcceptablePhoto(big)).toBe(false);
  });

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
  });
});
