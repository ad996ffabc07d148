// Opened from the password-reset e-mail (/reset-password?token=…): choose a new password.
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { useTranslation } from '@taal/web-shared/i18n';
import { answer, publicApi } from '@taal/web-shared/api';
import { toast } from '@taal/web-shared/toast';
import { AuthCard, errorMessage, Field, fieldErrors, PasswordInput, tr } from './common';
import { linkTo } from '@taal/web-shared/routes';

type Errors = Partial<Record<'password' | 'confirmPassword', string>>;

export default function ResetPassword() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirm] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const next: Errors = {};
    if (!password) next.password = 'refusals:PASSWORD_REQUIRED';
    if (!confirmPassword) next.confirmPassword = 'refusals:CONFIRM_PASSWORD_REQUIRED';
    if (!next.password && !next.confirmPassword) {
      if (password !== confirmPassword) next.confirmPassword = 'refusals:PASSWORD_MISMATCH';
      else if (password.length < 6) next.password = 'refusals:PASSWORD_TOO_SHORT';
    }
    setErrors(next);
    if (Object.keys(next).length) return;
    setBusy(true);
    setAlert(null);
    try {
      await answer(publicApi.POST('/api/v1/user/password-reset', { body: { token, password, confirmPassword } }));
      toast(t('auth.reset.changed'), 'success');
      navigate(linkTo('/login'), { replace: true });
    } catch (err) {
      setErrors(fieldErrors(err));
      setAlert(errorMessage(t, err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthCard title={t('auth.reset.title')} testId="reset-page">
      {!token ? (
        <div className="alert alert-error" role="alert">
          {t('refusals:RESET_LINK_INVALID')}
        </div>
      ) : (
        <>
          {alert && (
            <div className="alert alert-error" role="alert" data-testid="reset-alert">
              {alert}
            </div>
          )}
          <form className="auth-form" onSubmit={(e) => void submit(e)} noValidate>
            <Field name="password" label={t('auth.fields.newPassword')} error={tr(t, errors.password)}>
              <PasswordInput id="f-password" name="password" autoComplete="new-password" value={password} onChange={(e) => setPassword(e.target.value)} showLabel={t('auth.fields.show')} hideLabel={t('auth.fields.hide')} />
            </Field>
            <Field name="confirmPassword" label={t('auth.fields.confirmPassword')} error={tr(t, errors.confirmPassword)}>
              <PasswordInput id="f-confirmPassword" name="confirmPassword" autoComplete="new-password" value={confirmPassword} onChange={(e) => setConfirm(e.target.value)} showLabel={t('auth.fields.show')} hideLabel={t('auth.fields.hide')} />
            </Field>
            <button className="btn btn-primary" type="submit" disabled={busy} data-testid="reset-submit">
              {t('auth.reset.submit')}
            </button>
          </form>
        </>
      )}
      <div className="auth-links">
        <Link to={linkTo('/forgetpassword')}>{t('auth.reset.again')}</Link>
        <Link to={linkTo('/login')}>{t('auth.forget.backToLogin')}</Link>
      </div>
    </AuthCard>
  );
}
