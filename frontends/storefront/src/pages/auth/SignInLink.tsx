// Opened from the sign-in link e-mail (/signin-link?token=…): signs the user in, then home.
import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { useTranslation } from '@taal/web-shared/i18n';
import { signInWithLink } from '@taal/web-shared/auth';
import type { LoginResult } from '@taal/web-shared/session';
import { AuthCard, errorMessage } from './common';
import { pendingCartItem } from '../../commerce';
import { linkTo } from '@taal/web-shared/routes';

// A link works once: one request per token, however often the page renders its effect.
const attempts = new Map<string, Promise<LoginResult>>();
const signInOnce = (token: string) => {
  if (!attempts.has(token)) attempts.set(token, signInWithLink(token));
  return attempts.get(token)!;
};

export default function SignInLink() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [failure, setFailure] = useState<unknown>(token ? null : new Error('no token'));

  useEffect(() => {
    if (!token) return;
    let live = true;
    signInOnce(token).then(
      () => live && navigate(pendingCartItem() ? linkTo('/cart') : linkTo('/'), { replace: true }),
      (err: unknown) => live && setFailure(err),
    );
    return () => {
      live = false;
    };
  }, [token]);

  return (
    <AuthCard title={t('auth.signInLink.title')} testId="signin-link-page">
      <div className="auth-notice">
        {!failure ? (
          <p aria-busy="true">{t('auth.signInLink.checking')}</p>
        ) : (
          <>
            <p className="alert alert-error" role="alert" data-testid="signin-link-result">
              {token ? errorMessage(t, failure) : t('refusals:SIGN_IN_LINK_INVALID')}
            </p>
            <Link to={linkTo('/login')}>{t('auth.signInLink.again')}</Link>
          </>
        )}
      </div>
    </AuthCard>
  );
}
