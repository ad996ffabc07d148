// The sign-up form's own checks, in the order the spec toasts them, and the e-mail look-up before sending.
import { answer, ApiError, publicApi } from '@taal/web-shared/api';
import { ageRule, guardianEmailRefusal, isIsoDay, phoneRefusal } from '@taal/contracts/web';
import { isEmail, todayIso } from './common';

const FIELDS = ['name', 'email', 'password', 'confirmPassword', 'photo', 'dob', 'phone', 'address', 'guardianEmail'] as const;
type FieldName = (typeof FIELDS)[number];
export type Errors = Partial<Record<FieldName, string>>;
export type Values = Record<Exclude<FieldName, 'photo'>, string>;

export const EMPTY: Values = { name: '', email: '', password: '', confirmPassword: '', dob: '', phone: '', address: '', guardianEmail: '' };
const REQUIRED_KEYS: Record<FieldName, string> = {
  name: 'refusals:NAME_REQUIRED',
  email: 'refusals:EMAIL_REQUIRED',
  password: 'refusals:PASSWORD_REQUIRED',
  confirmPassword: 'refusals:CONFIRM_PASSWORD_REQUIRED',
  photo: 'refusals:PHOTO_REQUIRED',
  dob: 'refusals:DOB_REQUIRED',
  phone: 'refusals:PHONE_REQUIRED',
  address: 'refusals:ADDRESS_REQUIRED',
  guardianEmail: 'refusals:GUARDIAN_EMAIL_REQUIRED',
};

/** What the terms' age rule asks of the date of birth as typed today (decision 0047; the server decides again). */
export const ageOf = (dob: string) => (isIsoDay(dob) && dob <= todayIso() ? ageRule(dob, todayIso()) : 'none');

/** GET user/checkemail/{email}: success means the address is registered, a 404 means it is free. */
export async function emailIsTaken(email: string): Promise<boolean> {
  try {
    await answer(publicApi.GET('/api/v1/user/checkemail/{email}', { params: { path: { email } } }));
    return true;
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return false;
    throw err;
  }
}

/** The form's problems as refusal keys per field, and the one key to toast (null: nothing to fix). A photo that
 *  is not an image keeps its own message (`photoError`). */
export function validateSignup(values: Values, photo: File | null, photoError: string | undefined): { errors: Errors; toastKey: string | null } {
  const next: Errors = {};
  for (const f of FIELDS) {
    if (f === 'photo') {
      // A file that is not an image keeps its own message.
      if (!photo) next.photo = photoError ?? REQUIRED_KEYS.photo;
    } else if (f === 'guardianEmail') {
      // Asked only of 13-17-year-olds (below).
    } else if (values[f].trim() === '' && !((f === 'password' || f === 'confirmPassword') && values[f] !== '')) next[f] = REQUIRED_KEYS[f];
  }
  if (!next.email && !isEmail(values.email.trim())) next.email = 'refusals:INVALID_EMAIL';
  if (Object.keys(next).length) return { errors: next, toastKey: 'refusals:FILL_REQUIRED' };
  if (values.password !== values.confirmPassword) return { errors: { confirmPassword: 'refusals:PASSWORD_MISMATCH' }, toastKey: 'refusals:PASSWORD_MISMATCH' };
  if (values.password.length < 6) return { errors: { password: 'refusals:PASSWORD_TOO_SHORT' }, toastKey: 'refusals:PASSWORD_TOO_SHORT' };
  if (values.dob > todayIso()) return { errors: { dob: 'refusals:DOB_IN_FUTURE' }, toastKey: 'refusals:DOB_IN_FUTURE' };
  if (ageOf(values.dob) === 'tooYoung') return { errors: { dob: 'refusals:TOO_YOUNG' }, toastKey: 'refusals:TOO_YOUNG' };
  const phoneProblem = phoneRefusal(values.phone);
  if (phoneProblem) return { errors: { phone: `refusals:${phoneProblem}` }, toastKey: `refusals:${phoneProblem}` };
  const guardianProblem = ageOf(values.dob) === 'guardian' ? guardianEmailRefusal(values.guardianEmail, values.email) : null;
  if (guardianProblem) return { errors: { guardianEmail: `refusals:${guardianProblem}` }, toastKey: `refusals:${guardianProblem}` };
  return { errors: {}, toastKey: null };
}
