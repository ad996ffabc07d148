import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { useTranslation } from '@taal/web-shared/i18n';
import { answer, ApiError, multipart, publicApi } from '@taal/web-shared/api';
import { hasReason } from '@taal/web-shared/errors';
import { GuestOnly } from '@taal/web-shared/guard';
import { toast } from '@taal/web-shared/toast';
import { AuthCard, isEmail, Field, errorMessage, fieldErrors, PasswordInput, todayIso, tr } from './common';
import { compressPhoto } from '@taal/web-shared/photo';
import { ageRule, guardianEmailRefusal, isIsoDay, normalisePhone, phoneRefusal } from '@taal/contracts/web';

const FIELDS = ['name', 'email', 'password', 'confirmPassword', 'photo', 'dob', 'phone', 'address', 'guardianEmail'] as const;
type FieldName = (typeof FIELDS)[number];
type Errors = Partial<Record<FieldName, string>>;
type Values = Record<Exclude<FieldName, 'photo'>, string>;

const EMPTY: Values = { name: '', email: '', password: '', confirmPassword: '', dob: '', phone: '', address: '', guardianEmail: '' };
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
const ageOf = (dob: string) => (isIsoDay(dob) && dob <= todayIso() ? ageRule(dob, todayIso()) : 'none');

/** GET user/checkemail/{email}: success means the address is registered, a 404 means it is free. */
async function emailIsTaken(email: string): Promise<boolean> {
  try {
    await answer(publicApi.GET('/api/v1/user/checkemail/{email}', { params: { path: { email } } }));
    return true;
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return false;
    throw err;
  }
}

function SignupForm() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { refercode = '' } = useParams();
  const [values, setValues] = useState<Values>(EMPTY);
  const [photo, setPhoto] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);

  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);

  const set = (name: keyof Values, value: string) => {
    setValues((v) => ({ ...v, [name]: value }));
    setErrors((e) => ({ ...e, [name]: undefined }));
  };

  const choosePhoto = async (file: File | undefined) => {
    setPhoto(null);
    setPreview(null);
    if (!file) return;
    try {
      const compressed = await compressPhoto(file);
      setPhoto(compressed);
      setPreview(URL.createObjectURL(compressed));
      setErrors((e) => ({ ...e, photo: undefined }));
    } catch {
      setErrors((e) => ({ ...e, photo: 'refusals:PHOTO_NOT_IMAGE' }));
    }
  };

  const validate = (): { errors: Errors; toastKey: string | null } => {
    const next: Errors = {};
    for (const f of FIELDS) {
      if (f === 'photo') {
        // A file that is not an image keeps its own message.
        if (!photo) next.photo = errors.photo ?? REQUIRED_KEYS.photo;
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
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const check = validate();
    setErrors(check.errors);
    if (check.toastKey) {
      toast(t(check.toastKey), 'error');
      return;
    }
    setBusy(true);
    try {
      const email = values.email.trim();
      if (await emailIsTaken(email)) {
        setErrors({ email: 'refusals:EMAIL_TAKEN' });
        toast(t('refusals:EMAIL_TAKEN'), 'error');
        return;
      }
      const form = {
        name: values.name.trim(),
        email,
        password: values.password,
        confirmPassword: values.confirmPassword,
        photo: photo as File,
        dob: values.dob,
        phone: normalisePhone(values.phone),
        address: values.address.trim(),
        refercode,
        ...(ageOf(values.dob) === 'guardian' ? { guardianEmail: values.guardianEmail.trim() } : {}),
        // The language the student reads the site in: their e-mails are sent in it.
        language: (i18n.language?.startsWith('bn') ? 'bn' : 'en') as 'en' | 'bn',
      };
      await answer(
        refercode
          ? publicApi.POST('/api/v1/user/signup/{refercode}', { params: { path: { refercode } }, ...multipart(form) })
          : publicApi.POST('/api/v1/user/signup/', multipart(form)),
      );
      setValues(EMPTY);
      setPhoto(null);
      setPreview(null);
      if (fileInput.current) fileInput.current.value = '';
      toast(t('auth.signup.success'), 'success');
      navigate('/registration-successful', { state: { email } });
    } catch (err) {
      const fields = fieldErrors(err);
      if (Object.keys(fields).length) setErrors(fields);
      else if (hasReason(err, 'EMAIL_TAKEN')) setErrors({ email: 'refusals:EMAIL_TAKEN' });
      toast(errorMessage(t, err), 'error');
    } finally {
      setBusy(false);
    }
  };

  const input = (name: keyof Values, type = 'text', extra: Record<string, unknown> = {}) => (
    <input
      id={`f-${name}`}
      name={name}
      type={type}
      value={values[name]}
      aria-invalid={Boolean(errors[name])}
      onChange={(e) => set(name, e.target.value)}
      {...extra}
    />
  );

  return (
    <AuthCard title={t('auth.signup.title')} testId="signup-page" wide>
      {refercode && (
        <p className="alert alert-info" data-testid="refer-code">
          {t('auth.signup.referredWith', { code: refercode })}
        </p>
      )}
      <form className="auth-form" onSubmit={(e) => void submit(e)} noValidate>
        <div className="auth-grid">
          <Field name="name" label={t('auth.fields.name')} error={tr(t, errors.name)}>
            {input('name', 'text', { autoComplete: 'name' })}
          </Field>
          <Field name="email" label={t('auth.fields.email')} error={tr(t, errors.email)}>
            {input('email', 'email', { autoComplete: 'email' })}
          </Field>
          <Field name="password" label={t('auth.fields.password')} error={tr(t, errors.password)}>
            <PasswordInput
              id="f-password"
              name="password"
              autoComplete="new-password"
              value={values.password}
              aria-invalid={Boolean(errors.password)}
              onChange={(e) => set('password', e.target.value)}
              showLabel={t('auth.fields.show')}
              hideLabel={t('auth.fields.hide')}
            />
          </Field>
          <Field name="confirmPassword" label={t('auth.fields.confirmPassword')} error={tr(t, errors.confirmPassword)}>
            <PasswordInput
              id="f-confirmPassword"
              name="confirmPassword"
              autoComplete="new-password"
              value={values.confirmPassword}
              aria-invalid={Boolean(errors.confirmPassword)}
              onChange={(e) => set('confirmPassword', e.target.value)}
              showLabel={t('auth.fields.show')}
              hideLabel={t('auth.fields.hide')}
            />
          </Field>
          <Field name="photo" label={t('auth.fields.photo')} error={tr(t, errors.photo)}>
            <span className="photo-row">
              {preview && <img src={preview} alt="" data-testid="photo-preview" />}
              <input id="f-photo" ref={fileInput} name="photo" type="file" accept="image/*" aria-invalid={Boolean(errors.photo)} onChange={(e) => void choosePhoto(e.target.files?.[0])} />
            </span>
          </Field>
          <Field name="dob" label={t('auth.fields.dob')} error={tr(t, errors.dob)}>
            {input('dob', 'date', { max: todayIso() })}
          </Field>
          <Field name="phone" label={t('auth.fields.phone')} error={tr(t, errors.phone)}>
            <input
              id="f-phone"
              name="phone"
              type="tel"
              inputMode="numeric"
              autoComplete="tel"
              value={values.phone}
              aria-invalid={Boolean(errors.phone)}
              // Digits in either script (a Bengali keyboard types ০-৯) and a leading + stay (issue 40: they were dropped).
              onChange={(e) => set('phone', e.target.value.replace(/[^0-9\u09E6-\u09EF+]+/g, ''))}
            />
          </Field>
          <Field name="address" label={t('auth.fields.address')} error={tr(t, errors.address)}>
            {input('address', 'text', { autoComplete: 'street-address' })}
          </Field>
          {ageOf(values.dob) === 'guardian' && (
            <Field name="guardianEmail" label={t('ageRule.guardianEmail')} error={tr(t, errors.guardianEmail)}>
              {input('guardianEmail', 'email', { autoComplete: 'off', 'aria-describedby': 'guardian-hint' })}
              <small id="guardian-hint" className="muted field-hint" data-testid="guardian-hint">
                {t('ageRule.guardianHint')}
              </small>
            </Field>
          )}
        </div>
        <p className="muted">{t('auth.signup.terms')}</p>
        <button className="btn btn-primary" type="submit" disabled={busy} data-testid="signup-submit">
          {busy ? t('auth.signup.busy') : t('auth.signup.submit')}
        </button>
        <p className="auth-links">
          <span>
            {t('auth.signup.haveAccount')} <Link to="/login">{t('auth.signup.login')}</Link>
          </span>
        </p>
      </form>
    </AuthCard>
  );
}

export default function Signup() {
  return (
    <GuestOnly>
      <SignupForm />
    </GuestOnly>
  );
}
