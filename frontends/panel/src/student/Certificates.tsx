// Student tab "My certificates" (issue 40, decision 0042): the student's certificates from
// GET certificates/mine, newest request first: the course (linking to its page), Asked or Provided,
// the dates, and for a provided one the link to its page /certificate/{id} and its PDF. The name is
// the student's current one; when it differs from the name it was issued under, that one is shown too.
import { Link } from 'react-router-dom';
import { answer, authApi, type ApiPaths } from '@taal/web-shared/api';
import { formatDate } from '@taal/web-shared/format';
import { useTranslation } from '@taal/web-shared/i18n';
import type { SessionUser } from '@taal/web-shared/session';
import { useAsync } from '@taal/web-shared/useAsync';
import { Empty, LoadError, Loading } from '@taal/web-shared/ui';
import { linkTo } from '@taal/web-shared/routes';

type Certificate = ApiPaths['/api/v1/certificates/mine']['get']['responses'][200]['content']['application/json']['data'][number];

function CertificateRow({ c }: { c: Certificate }) {
  const { t, i18n } = useTranslation();
  const lng = i18n.resolvedLanguage;
  return (
    <li className="card certificate-row" data-testid="my-certificate" data-course-id={c.courseId} data-state={c.provided ? 'provided' : 'asked'}>
      <div className="certificate-row-head">
        <Link to={linkTo('/courseview', { id: c.courseId })} data-testid="my-certificate-course">
          {c.courseName}
        </Link>
        <span className={`pill ${c.provided ? 'pill-ok' : ''}`} data-testid="my-certificate-status">
          {c.provided ? t('certificates.stateProvided') : t('certificates.stateAsked')}
        </span>
      </div>
      <p className="muted">
        <span data-testid="my-certificate-name">{c.userName}</span>
        {c.issuedName && c.issuedName !== c.userName && <> · {t('certificates.issuedAs', { name: c.issuedName })}</>}
      </p>
      <p className="muted">
        {c.provided ? t('certificates.issuedOn', { date: formatDate(c.providedAt, lng) }) : t('certificates.mineRequested', { date: formatDate(c.requestedAt, lng) })}
      </p>
      {c.provided && (
        <p className="certificate-row-links">
          <Link to={linkTo('/certificate/:id', { id: c._id })} data-testid="my-certificate-view">
            {t('certificates.view')}
          </Link>
          <a href={`/api/v1/certificate/${encodeURIComponent(c._id)}/pdf`} target="_blank" rel="noopener" data-testid="my-certificate-pdf">
            {t('certificates.download')}
          </a>
        </p>
      )}
    </li>
  );
}

export default function Certificates({ user }: { user: SessionUser }) {
  const { t } = useTranslation();
  const mine = useAsync(async () => (await answer(authApi.GET('/api/v1/certificates/mine'))).data, [user._id]);
  if (mine.error) return <LoadError onRetry={mine.reload} />;
  if (!mine.data) return <Loading />;
  if (!mine.data.length)
    return (
      <Empty
        testId="my-certificates-empty"
        action={
          <Link to={linkTo('/studentpanel', { tab: 0 })} className="btn btn-primary btn-sm">
            {t('panel.student.classroom')}
          </Link>
        }
      >
        {t('certificates.mineEmpty')}
      </Empty>
    );
  return (
    <ul className="certificate-list" data-testid="my-certificates">
      {mine.data.map((c) => (
        <CertificateRow key={c._id} c={c} />
      ))}
    </ul>
  );
}
