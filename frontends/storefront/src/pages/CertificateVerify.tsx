// /certificate/{id}: the public check of a certificate (beyond the spec; anyone with the link,
// logged in or not). GET certificate/{id} answers the name, course and date of a provided
// certificate ("Certificate verified", with its PDF from GET certificate/{id}/pdf), or 404 for
// an id that is unknown or not provided yet ("Certificate not found"). Other failures (a
// service down, offline) say the check could not be made, with a retry: never "not found".
import { Link, useParams } from 'react-router-dom';
import { answer, ApiError, publicApi, type ApiPaths } from '@taal/web-shared/api';
import { formatDate, formatNumber } from '@taal/web-shared/format';
import { useTranslation } from '@taal/web-shared/i18n';
import { useAsync } from '@taal/web-shared/useAsync';
import { Loading } from '@taal/web-shared/ui';
import { linkTo } from '@taal/web-shared/routes';

type Verified =
  ApiPaths['/api/v1/certificate/{id}']['get']['responses'][200]['content']['application/json']['data'];
type Check = { state: 'verified'; certificate: Verified } | { state: 'notFound' } | { state: 'failed' };

const pdfUrl = (id: string) => `/api/v1/certificate/${encodeURIComponent(id)}/pdf`;

async function check(id: string): Promise<Check> {
  try {
    const { data } = await answer(publicApi.GET('/api/v1/certificate/{id}', { params: { path: { id } } }));
    return { state: 'verified', certificate: data };
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return { state: 'notFound' };
    return { state: 'failed' };
  }
}

export default function CertificateVerify() {
  const { t, i18n } = useTranslation();
  const { id = '' } = useParams();
  const result = useAsync<Check>(() => check(id), [id]);
  const found = result.data;
  if (!found || result.loading) return <Loading />;

  if (found.state === 'verified') {
    const c = found.certificate;
    return (
      <div className="card payment-return" data-testid="certificate-verified">
        <div className="payment-icon ok" aria-hidden="true">
          ✓
        </div>
        <h1>{t('certificates.verified')}</h1>
        <p className="muted">{t('certificates.certifies')}</p>
        <p>
          <strong data-testid="certificate-name">{c.userName}</strong>
        </p>
        <p className="muted">{t('certificates.completed')}</p>
        <p>
          <strong data-testid="certificate-course">{c.courseName}</strong>
        </p>
        <p data-testid="certificate-date">
          {t('certificates.issuedOn', { date: formatDate(c.providedAt, i18n.resolvedLanguage) })}
        </p>
        {(c.exams ?? []).map((e) => (
          <p key={e.kind} data-testid="certificate-exam">
            {e.kind === 'practical'
              ? t('exam.certificatePassedPractical', { date: formatDate(e.passedAt, i18n.resolvedLanguage) })
              : t('exam.certificatePassed', { exam: t(`exam.kind_${e.kind}`), date: formatDate(e.passedAt, i18n.resolvedLanguage), score: formatNumber(e.scorePercent) })}
          </p>
        ))}
        <p className="muted" data-testid="certificate-id">
          {t('certificates.id', { id: c.id })}
        </p>
        <div className="actions centered">
          <a
            className="btn btn-primary"
            href={pdfUrl(c.id)}
            target="_blank"
            rel="noopener"
            data-testid="certificate-download"
          >
            {t('certificates.download')}
          </a>
          <Link className="btn btn-outline" to={linkTo('/allcourses')}>
            {t('certificates.browse')}
          </Link>
        </div>
      </div>
    );
  }

  if (found.state === 'notFound')
    return (
      <div className="card payment-return" data-testid="certificate-not-found">
        <div className="payment-icon bad" aria-hidden="true">
          ✕
        </div>
        <h1>{t('certificates.notFound')}</h1>
        <p>{t('certificates.notFoundText')}</p>
        <p className="muted" data-testid="certificate-id">
          {t('certificates.id', { id })}
        </p>
        <div className="actions centered">
          <Link className="btn btn-outline" to={linkTo('/')}>
            {t('certificates.home')}
          </Link>
        </div>
      </div>
    );

  return (
    <div className="card payment-return" data-testid="certificate-failed">
      <h1>{t('certificates.failed')}</h1>
      <p className="alert-error" role="alert">
        {t('common.loadFailed')}
      </p>
      <div className="actions centered">
        <button type="button" className="btn btn-primary" onClick={result.reload}>
          {t('remote.retry')}
        </button>
      </div>
    </div>
  );
}
