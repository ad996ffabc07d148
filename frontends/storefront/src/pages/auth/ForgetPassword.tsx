import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useTranslation } from '@taal/web-shared/i18n';
import { answer, publicApi } from '@taal/web-shared/api';
import { GuestOnly } from '@taal/web-shared/guard';
import { toast } from '@taal/web-shared/toast';
import { AuthCard, errorMessage, Field } from './common';
import { linkTo } from '@taal/web-shared/routes';

function ForgetPasswordForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    // Spec §5: an empty e-mail gives 'any of the field is missing'.
    if (!email.trim()) {
      toast(t('refusals:ANY_FIELD_MISSING'), 'error');
      return;
    }
    setBusy(true);
    try {
      await answer(publicApi.POST('/api/v1/user/passwordreset/{email}', { params: { path: { email: email.trim() } } }));
      toast(t('auth.forget.checkEmail'), 'success');
      // Spec §2: /password-change-successful says to look in inbox/spam and links to login (issue 40: it was never shown).
      navigate(linkTo('/password-change-successful'));
    } catch (err) {
      toast(errorMessage(t, err), 'error');
    } finally {
      setBusy(false);
    }
  };
  return (
    <AuthCard title={t('auth.forget.title')} testId="forget-page">
      <p className="muted">{t('auth.forget.text')}</p>
      <form className="auth-form" onSubmit={(e) => void submit(e)} noValidate>
        <Field name="email" label={t('auth.fields.email')}>
          <input id="f-email" name="email" type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} />
        </Field>
        <button className="btn btn-primary" type="submit" disabled={busy} data-testid="forget-submit">
          {t('auth.forget.submit')}
        </button>
        <div className="auth-links">
          <Link to={linkTo('/login')}>{t('auth.forget.backToLogin')}</Link>
        </div>
      </form>
    </AuthCard>
  );
}

export default function ForgetPassword() {
  return (
    <GuestOnly>
      <ForgetPasswordForm />
    </GuestOnly>
  );
}
