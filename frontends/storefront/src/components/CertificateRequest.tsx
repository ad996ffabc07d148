import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useTranslation } from '@taal/web-shared/i18n';
import { answer, authApi, type ApiPaths } from '@taal/web-shared/api';
import { translateApiError } from '@taal/web-shared/errors';
import { formatDate } from '@taal/web-shared/format';
import { toast } from '@taal/web-shared/toast';
import { currentStudent } from '../commerce';

type Asked = ApiPaths['/api/v1/course/certificate/{userEmail}/{courseId}/{courseName}']['get']['responses'][200]['content']['application/json']['data'];

/**
 * The course view's "certificate apply" (storefront §2, §6; issue 27): an enrolled student asks
 * through `GET course/certificate/{userEmail}/{courseId}/{courseName}`; asking again answers the
 * request's state instead of a second request, so the button also shows where it stands: asked
 * (pending) or provided, with a link to the public verification page /certificate/{id}. Logged
 * out: 'Please login first' and /login?redirect=cart; without an enrolment the server's
 * 'Purchase the course First!!' in the reader's language.
 */
export function CertificateRequest({ courseId, courseName }: { courseId: string; courseName: string }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const [asked, setAsked] = useState<Asked | null>(null);
  const [busy, setBusy] = useState(false);
  const ask = async () => {
    const user = currentStudent();
    if (!user) {
      toast(t('errors.loginFirst'), 'error');
      navigate('/login?redirect=cart');
      return;
    }
    setBusy(true);
    try {
      const { data } = await answer(
        authApi.GET('/api/v1/course/certificate/{userEmail}/{courseId}/{courseName}', { params: { path: { userEmail: user.email, courseId, courseName } } }),
      );
      setAsked(data);
    } catch (err) {
      toast(translateApiError(t, err, 'certificates.requestFailed'), 'error');
    } finally {
      setBusy(false);
    }
  };
  const c = asked?.certificate;
  const provided = asked?.status === 'provided';
  return (
    <section className="section card" data-testid="certificate-apply">
      <h2>{t('certificates.apply')}</h2>
      {!asked ? (
        <>
          <p className="muted">{t('certificates.applyText')}</p>
          <button type="button" className="btn btn-outline" disabled={busy} onClick={() => void ask()} data-testid="certificate-ask">
            {t('certificates.ask')}
          </button>
        </>
      ) : (
        <div data-testid="certificate-state" data-state={provided ? 'provided' : 'asked'}>
          <p>
            <span className={`pill ${provided ? 'pill-ok' : ''}`} data-testid="certificate-state-label">
              {provided ? t('certificates.stateProvided') : t('certificates.stateAsked')}
            </span>{' '}
            <span data-testid="certificate-state-text">{t(asked.status === 'success' ? 'certificates.asked' : provided ? 'certificates.provided' : 'certificates.pending')}</span>
          </p>
          {provided && c ? (
            <p>
              <span className="muted">{t('certificates.issuedOn', { date: formatDate(c.providedAt, i18n.resolvedLanguage) })}</span>{' '}
              <Link to={`/certificate/${encodeURIComponent(c._id)}`} data-testid="certificate-view">
                {t('certificates.view')}
              </Link>
            </p>
          ) : null}
        </div>
      )}
    </section>
  );
}
