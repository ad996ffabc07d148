// /guardian-approval/{token}: the link of the guardian's mail (decision 0047). Opening it approves
// the under-18 student's account once; the page says so, or why not (expired or invalid, already used).
import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { useTranslation } from '@taal/web-shared/i18n';
import { answer, publicApi } from '@taal/web-shared/api';
import { AuthCard, errorMessage } from './common';
import { linkTo } from '@taal/web-shared/routes';

// The refusal is kept, not its text: it is translated at render time (the refusals may load after the answer).
type Check = { state: 'checking' } | { state: 'approved'; name: string } | { state: 'failed'; error: unknown };

export default function GuardianApproval() {
  const { t } = useTranslation();
  const { token = '' } = useParams();
  const [check, setCheck] = useState<Check>({ state: 'checking' });

  useEffect(() => {
    let live = true;
    setCheck({ state: 'checking' });
    answer(publicApi.GET('/api/v1/user/guardian-approval/{token}', { params: { path: { token } } })).then(
      (res) => live && setCheck({ state: 'approved', name: res.data.name }),
      (err: unknown) => live && setCheck({ state: 'failed', error: err }),
    );
    return () => {
      live = false;
    };
  }, [token]);

  return (
    <AuthCard title={t('ageRule.title')} testId="guardian-approval">
      <div className="auth-notice">
        {check.state === 'checking' && <p aria-busy="true">{t('ageRule.checking')}</p>}
        {check.state === 'approved' && (
          <p className="alert alert-success" data-testid="guardian-result">
            {t('ageRule.approved', { name: check.name })}
          </p>
        )}
        {check.state === 'failed' && (
          <>
            <p className="muted">{t('ageRule.notApproved')}</p>
            <p className="alert alert-error" role="alert" data-testid="guardian-result">
              {errorMessage(t, check.error)}
            </p>
          </>
        )}
        {check.state !== 'checking' && <Link to={linkTo('/')}>{t('ageRule.home')}</Link>}
      </div>
    </AuthCard>
  );
}
