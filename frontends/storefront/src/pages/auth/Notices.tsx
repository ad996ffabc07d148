// /registration-successful and /password-change-successful (spec §2). A password is changed
// through an e-mailed link (docs/decisions/0006), so the latter says to look for that link.
import { Link } from 'react-router-dom';
import { useTranslation } from '@taal/web-shared/i18n';
import { AuthCard } from './common';
import { linkTo } from '@taal/web-shared/routes';

export function RegistrationSuccessful() {
  const { t } = useTranslation();
  return (
    <AuthCard title={t('auth.registered.title')} testId="registration-successful">
      <div className="auth-notice">
        <span className="big" aria-hidden="true">
          ✉
        </span>
        <p>{t('auth.registered.text')}</p>
        <Link className="btn btn-primary" to={linkTo('/login')}>
          {t('auth.login.submit')}
        </Link>
      </div>
    </AuthCard>
  );
}

export function PasswordChangeSuccessful() {
  const { t } = useTranslation();
  return (
    <AuthCard title={t('auth.passwordChanged.title')} testId="password-change-successful">
      <div className="auth-notice">
        <span className="big" aria-hidden="true">
          ✉
        </span>
        <p>{t('auth.passwordChanged.text')}</p>
        <Link className="btn btn-primary" to={linkTo('/login')}>
          {t('auth.login.submit')}
        </Link>
      </div>
    </AuthCard>
  );
}
