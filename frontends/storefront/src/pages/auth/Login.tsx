import { useEffect, useState, type FormEvent } from 'react';
import type { TFunction } from 'i18next';
import { Link, useNavigate } from 'react-router-dom';
import { useTranslation } from '@taal/web-shared/i18n';
import { ApiError } from '@taal/web-shared/api';
import { hasReason, refusalMessage } from '@taal/web-shared/errors';
import { login, requestSignInLink, socialLogin } from '@taal/web-shared/auth';
import { GuestOnly } from '@taal/web-shared/guard';
import { clearSession, getSession, notifySession } from '@taal/web-shared/session';
import { facebookAccessToken, googleIdToken, socialLoginConfig, type SocialLoginConfig } from '@taal/web-shared/social';
import { pendingCartItem } from '../../commerce';
import { AuthCard, isEmail, Field, errorMessage, PasswordInput, tr } from './common';
import { linkTo } from '@taal/web-shared/routes';
import { returnPath } from '@taal/web-shared/guard';
import { UserRoles } from '@taal/contracts/web';

type Errors = Partial<Record<'email' | 'password', string>>;

function SocialButtons({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const [config, setConfig] = useState<SocialLoginConfig | null>(null);
  const [busy, setBusy] = useState<'google' | 'facebook' | null>(null);
  useEffect(() => {
    let live = true;
    void socialLoginConfig().then((c) => live && setConfig(c));
    return () => {
      live = false;
    };
  }, []);
  const google = config?.google;
  const facebook = config?.facebook;

  // Spec §8: social-login failures give no message.
  const withGoogle = async () => {
    if (!google) return;
    setBusy('google');
    try {
      const tokenId = await googleIdToken(google);
      await socialLogin('google', { tokenId });
      onDone();
    } catch (err) {
      console.warn('Google sign-in did not complete', err);
    } finally {
      setBusy(null);
    }
  };
  const withFacebook = async () => {
    if (!facebook) return;
    setBusy('facebook');
    try {
      const body = await facebookAccessToken(facebook);
      await socialLogin('facebook', body);
      onDone();
    } catch (err) {
      console.warn('Facebook sign-in did not complete', err);
    } finally {
      setBusy(null);
    }
  };
  const unavailable = config !== null && (!google || !facebook);
  return (
    <div className="social-buttons">
      <button type="button" className="btn btn-social" data-testid="google-login" disabled={!google || busy !== null} onClick={() => void withGoogle()}>
        <span className="mark" aria-hidden="true">
          G
        </span>
        {t('auth.login.google')}
      </button>
      <button type="button" className="btn btn-social" data-testid="facebook-login" disabled={!facebook || busy !== null} onClick={() => void withFacebook()}>
        <span className="mark" aria-hidden="true">
          f
        </span>
        {t('auth.login.facebook')}
      </button>
      {unavailable && (
        <p className="muted" data-testid="social-unavailable">
          {!google && !facebook ? t('auth.login.socialUnavailable') : !google ? t('auth.login.googleUnavailable') : t('auth.login.facebookUnavailable')}
        </p>
      )}
    </div>
  );
}

function LoginForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  // Kept as a function of t so the alert follows a language switch.
  const [alert, setAlert] = useState<((tr: TFunction) => string) | null>(null);
  const [busy, setBusy] = useState(false);
  // Password logins of this account are held up (decision 0005): offer a mailed sign-in link.
  const [offerLink, setOfferLink] = useState(false);
  const [link, setLink] = useState<'idle' | 'sending' | 'sent'>('idle');
  // Back to the cart, or to the page that asked for the login (a deep link such as /studentpanel or
  // the gift card being bought: a page of this site only, never another site; issue 55), else to
  // the cart when a course chosen before logging in waits for it; an admin to the back office, anyone else to /.
  // The redirect is read from the address bar when the login succeeds: a deep link's guard in another
  // remote put it there, and this remote's router could still hold the location it was mounted at.
  const afterLogin = () => {
    const redirect = new URLSearchParams(window.location.search).get('redirect');
    const back = redirect === 'cart' ? linkTo('/cart') : returnPath(redirect);
    const home = getSession().type === UserRoles.admin ? linkTo('/admin') : linkTo('/');
    navigate(back ?? (pendingCartItem() ? linkTo('/cart') : home), { replace: true });
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const next: Errors = {};
    if (!email.trim()) next.email = 'refusals:EMAIL_REQUIRED';
    else if (!isEmail(email.trim())) next.email = 'refusals:INVALID_EMAIL';
    if (!password) next.password = 'refusals:PASSWORD_REQUIRED';
    setErrors(next);
    if (Object.keys(next).length) {
      setAlert(() => (tt: TFunction) => tt('refusals:LOGIN_MISSING'));
      return;
    }
    setBusy(true);
    setAlert(null);
    setOfferLink(false);
    setLink('idle');
    try {
      await login(email.trim(), password);
      afterLogin();
    } catch (err) {
      // Spec §4, §8: a failed login clears the session.
      clearSession();
      notifySession();
      if (hasReason(err, 'EMAIL_NOT_VERIFIED')) {
        navigate(linkTo('/verify-email'), { state: { email: email.trim() } });
        return;
      }
      setOfferLink(hasReason(err, 'LOGIN_DELAYED', 'TOO_MANY_LOGIN_ATTEMPTS'));
      // A refusal in the reader's language by its key (suspended, delayed, …); any other 4xx is a failed login.
      setAlert(() => (tt: TFunction) =>
        err instanceof ApiError && err.status < 500 ? (refusalMessage(tt, err.reason, err.params) ?? tt('refusals:LOGIN_FAILED')) : tt('common.loadFailed'),
      );
    } finally {
      setBusy(false);
    }
  };

  const sendLink = async () => {
    setLink('sending');
    try {
      await requestSignInLink(email.trim());
      setLink('sent');
    } catch (err) {
      setLink('idle');
      setAlert(() => (tt: TFunction) => errorMessage(tt, err));
    }
  };

  return (
    <AuthCard title={t('auth.login.title')} testId="login-page">
      {alert && (
        <div className="alert alert-error" role="alert" data-testid="login-alert">
          {alert(t)}
        </div>
      )}
      {offerLink && (
        <div className="auth-notice" data-testid="login-link-offer">
          {link === 'sent' ? (
            <p className="alert alert-success" role="status" data-testid="login-link-sent">
              {t('auth.login.linkSent')}
            </p>
          ) : (
            <button type="button" className="btn btn-outline" data-testid="login-link-request" disabled={link === 'sending'} onClick={() => void sendLink()}>
              {link === 'sending' ? t('auth.login.emailLinkBusy') : t('auth.login.emailLink')}
            </button>
          )}
        </div>
      )}
      <form className="auth-form" onSubmit={(e) => void submit(e)} noValidate>
        <Field name="email" label={t('auth.fields.email')} error={tr(t, errors.email)}>
          <input id="f-email" name="email" type="email" autoComplete="email" value={email} aria-invalid={Boolean(errors.email)} onChange={(e) => setEmail(e.target.value)} />
        </Field>
        <Field name="password" label={t('auth.fields.password')} error={tr(t, errors.password)}>
          <PasswordInput
            id="f-password"
            name="password"
            autoComplete="current-password"
            value={password}
            aria-invalid={Boolean(errors.password)}
            onChange={(e) => setPassword(e.target.value)}
            showLabel={t('auth.fields.show')}
            hideLabel={t('auth.fields.hide')}
          />
        </Field>
        <button className="btn btn-primary" type="submit" disabled={busy} data-testid="login-submit">
          {busy ? t('auth.login.busy') : t('auth.login.submit')}
        </button>
        <div className="auth-links">
          <Link to={linkTo('/forgetpassword')}>{t('auth.login.forgot')}</Link>
          <span>
            {t('auth.login.noAccount')} <Link to={linkTo('/signup')}>{t('auth.login.signup')}</Link>
          </span>
        </div>
      </form>
      <div className="auth-divider">{t('auth.login.or')}</div>
      <SocialButtons onDone={afterLogin} />
    </AuthCard>
  );
}

export default function Login() {
  return (
    <GuestOnly>
      <LoginForm />
    </GuestOnly>
  );
}
