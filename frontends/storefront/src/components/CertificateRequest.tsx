import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useTranslation } from '@taal/web-shared/i18n';
import { answer, authApi, type ApiPaths } from '@taal/web-shared/api';
import { translateApiError } from '@taal/web-shared/errors';
import { formatDate, formatNumber } from '@taal/web-shared/format';
import { toast } from '@taal/web-shared/toast';
import { currentStudent } from '../commerce';
import type { Completion } from './player/CourseLessons';
import { linkTo } from '@taal/web-shared/routes';

type Asked = ApiPaths['/api/v1/course/certificate/{userEmail}/{courseId}/{courseName}']['get']['responses'][200]['content']['application/json']['data'];

/**
 * The course view's "certificate apply" (storefront §2, §6; issues 27 and 40, decision 0042): an
 * enrolled student who completed every lesson asks through
 * `GET course/certificate/{userEmail}/{courseId}/{courseName}`; asking again answers the request's
 * state instead of a second request. A student who asked before sees where it stands at once (their
 * certificates from `GET certificates/mine`): asked (pending) or provided, with a link to the public
 * verification page /certificate/{id}. Before the last lesson is done the box says how many are left
 * and offers no request (the server refuses one too). Logged out: 'Please login first' and
 * /login?redirect=cart; without an enrolment the server's 'Purchase the course First!!' in the
 * reader's language.
 */
export function CertificateRequest({ courseId, courseName, completion }: { courseId: string; courseName: string; completion?: Completion | null }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const [asked, setAsked] = useState<Asked | null>(null);
  const [busy, setBusy] = useState(false);
  const student = currentStudent();
  const studentId = student?._id ?? '';
  // Asked before (in the panel, another tab, a notification): show it without a second press.
  useEffect(() => {
    setAsked(null);
    if (!studentId) return;
    let live = true;
    answer(authApi.GET('/api/v1/certificates/mine'))
      .then(({ data }) => {
        const mine = data.find((c) => c.courseId === courseId);
        if (live && mine) setAsked({ status: mine.provided ? 'provided' : 'pending', certificate: mine });
      })
      .catch(() => undefined); // the box still offers the request, which answers the state
    return () => {
      live = false;
    };
  }, [courseId, studentId]);
  const ask = async () => {
    const user = currentStudent();
    if (!user) {
      toast(t('errors.loginFirst'), 'error');
      navigate(linkTo('/login', { redirect: 'cart' }));
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
  const unfinished = !!student && !!completion && completion.completed < completion.lessons;
  return (
    <section className="section card" data-testid="certificate-apply">
      <h2>{t('certificates.apply')}</h2>
      {!asked ? (
        unfinished ? (
          <p className="muted" data-testid="certificate-not-yet">
            {t('certificates.notYet', { done: formatNumber(completion.completed), total: formatNumber(completion.lessons) })}
          </p>
        ) : (
          <>
            <p className="muted">{t(student && completion ? 'certificates.ready' : 'certificates.applyText')}</p>
            <button type="button" className="btn btn-outline" disabled={busy} onClick={() => void ask()} data-testid="certificate-ask">
              {t('certificates.ask')}
            </button>
          </>
        )
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
              <Link to={linkTo('/certificate/:id', { id: c._id })} data-testid="certificate-view">
                {t('certificates.view')}
              </Link>
            </p>
          ) : null}
        </div>
      )}
    </section>
  );
}
