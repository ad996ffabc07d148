import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { useTranslation } from '@taal/web-shared/i18n';
import { answer, multipart, publicApi } from '@taal/web-shared/api';
import { hasReason } from '@taal/web-shared/errors';
import { GuestOnly } from '@taal/web-shared/guard';
import { toast } from '@taal/web-shared/toast';
import { AuthCard, Field, errorMessage, fieldErrors, PasswordInput, todayIso, tr } from './common';
import { compressPhoto } from '@taal/web-shared/photo';
import { normalisePhone } from '@taal/contracts/web';
import { ageOf, EMPTY, emailIsTaken, validateSignup, type Errors, type Values } from './signup-rules';
import { linkTo } from '@taal/web-shared/routes';

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

  const validate = () => validateSignup(values, photo, errors.photo);

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
      navigate(linkTo('/registration-successful'), { state: { email } });
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
            {t('auth.signup.haveAccount')} <Link to={linkTo('/login')}>{t('auth.signup.login')}</Link>
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
