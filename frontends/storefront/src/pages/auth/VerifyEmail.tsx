// /verify-email: the notice with a resend button (spec §2, §8). With a token
// (/verify-email?token=… or /verify-email/{token}, as a verification e-mail may link) it
// verifies the address first.
import { useEffect, useState, type FormEvent } from 'react';
import { Link, useLocation, useParams, useSearchParams } from 'react-router-dom';
import { useTranslation } from '@taal/web-shared/i18n';
import { answer, publicApi } from '@taal/web-shared/api';
import { storedUser } from '@taal/web-shared/session';
import { toast } from '@taal/web-shared/toast';
import { AuthCard, isEmail, errorMessage, Field, tr } from './common';
import { linkTo } from '@taal/web-shared/routes';

type Check = { state: 'idle' } | { state: 'checking' } | { state: 'verified' } | { state: 'failed'; message: string };

function Resend({ initialEmail }: { initialEmail: string }) {
  const { t } = useTranslation();
  const [email, setEmail] = useState(initialEmail);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const userId = storedUser()?._id;
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const who = email.trim() || userId || '';
    if (!who) {
      setError('refusals:EMAIL_REQUIRED');
      return;
    }
    if (who.includes('@') && !isEmail(who)) {
      setError('refusals:INVALID_EMAIL');
      return;
    }
    setError(null);
    setBusy(true);
    try {
      await answer(publicApi.GET('/api/v1/user/re-verify/{id}', { params: { path: { id: who } } }));
      toast(t('auth.verify.notice'), 'success');
    } catch (err) {
      toast(errorMessage(t, err), 'error');
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="auth-form" onSubmit={(e) => void submit(e)} noValidate>
      {!initialEmail && (
        <Field name="email" label={t('auth.fields.email')} error={tr(t, error ?? undefined)}>
          <input id="f-email" name="email" type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} />
        </Field>
      )}
      <button className="btn btn-primary" type="submit" disabled={busy} data-testid="resend-verification">
        {t('auth.verify.resend')}
      </button>
    </form>
  );
}

export default function VerifyEmail() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const { token: pathToken } = useParams();
  const location = useLocation();
  const token = pathToken ?? params.get('token') ?? '';
  const email = (location.state as { email?: string } | null)?.email ?? params.get('email') ?? '';
  const [check, setCheck] = useState<Check>(token ? { state: 'checking' } : { state: 'idle' });

  useEffect(() => {
    if (!token) {
      setCheck({ state: 'idle' });
      return;
    }
    let live = true;
    setCheck({ state: 'checking' });
    answer(publicApi.GET('/api/v1/user/verify-email/{token}', { params: { path: { token } } })).then(
      () => live && setCheck({ state: 'verified' }),
      (err: unknown) => live && setCheck({ state: 'failed', message: errorMessage(t, err) }),
    );
    return () => {
      live = false;
    };
  }, [token]);

  return (
    <AuthCard title={t('auth.verify.title')} testId="verify-email">
      <div className="auth-notice">
        {check.state === 'checking' && <p aria-busy="true">{t('auth.verify.checking')}</p>}
        {check.state === 'verified' && (
          <>
            <p className="alert alert-success" data-testid="verify-result">
              {t('auth.verify.verified')}
            </p>
            <Link className="btn btn-primary" to={linkTo('/login')}>
              {t('auth.login.submit')}
            </Link>
          </>
        )}
        {check.state === 'failed' && (
          <p className="alert alert-error" role="alert" data-testid="verify-result">
            {check.message}
          </p>
        )}
        {(check.state === 'idle' || check.state === 'failed') && (
          <>
            <span className="big" aria-hidden="true">
              ✉
            </span>
            <p data-testid="verify-notice">{t('auth.verify.notice')}</p>
            <Resend initialEmail={email} />
            <Link to={linkTo('/login')}>{t('auth.forget.backToLogin')}</Link>
          </>
        )}
      </div>
    </AuthCard>
  );
}
