// /admincertificatelist (back office §2, §3, §4): the certificate requests in the one DataTable, the
// pending or the provided ones (?status=provided), newest request first, a keyset page of 20 at a time
// from GET user/certificatelist/page (decision 0084: the cursor in the address, so a copied link opens
// that page; no count of every request), with the user's name and e-mail, the course, when it was asked
// and whether it is provided. A pending row has "Mark provided" (GET user/certificate/{id}: the
// server makes the PDF; 'Cetificate Provided Successfully!!'); the row then reads Provided, with
// links to its PDF and to its public verification page /certificate/{id} (the storefront's).
// A refusal shows the server's message as an error (§9).
import { useMemo, useState } from 'react';
import type { TFunction } from 'i18next';
import { useSearchParams } from 'react-router-dom';
import { answer, authApi } from '@taal/web-shared/api';
import { translateApiError } from '@taal/web-shared/errors';
import { formatDate, formatDateTime, formatNumber } from '@taal/web-shared/format';
import { useTranslation } from '@taal/web-shared/i18n';
import { toast } from '@taal/web-shared/toast';
import { useAdminGet } from '../components/data';
import type { Data } from '../components/commerce';
import { AdminPage } from '../components/States';
import { shortDateTime } from './order-columns';
import { type Column, DataTable, PillTabs } from '@taal/web-shared/ui';
import { KeysetError, KeysetPager, useKeysetPosition, type KeysetPage } from '../components/keyset';
import { linkTo } from '@taal/web-shared/routes';

/** Back office §9: the certificate table shows 20 rows a page (the server cuts them). */
export const CERTIFICATE_PAGE_SIZE = 20;

export type CertificateRequest = Data<'/api/v1/user/certificatelist/page', 'get'>['items'][number];
const STATUSES = ['pending', 'provided'] as const;

/** The public verification page (storefront) and the PDF of a provided certificate. */
export const certificatePage = (id: string) => linkTo('/certificate/:id', { id });
export const certificatePdf = (id: string) => `/api/v1/certificate/${encodeURIComponent(id)}/pdf`;

function DateCell({ iso, lng }: { iso: string; lng: string }) {
  const { day, time } = shortDateTime(iso);
  if (!day) return null;
  return (
    <time className="date-cell" dateTime={iso} title={formatDateTime(iso, lng)}>
      <span>{day}</span> <span className="muted">{time}</span>
    </time>
  );
}

/** Each exam passed: its kind, score and Dhaka day ('—' for a course that set none). */
const examsText = (t: TFunction, c: CertificateRequest, lng: string) =>
  c.exams.length
    ? c.exams
        .map((e) =>
          // A practical is graded pass or fail (decision 0079): its day, no score.
          e.kind === 'practical'
            ? t('exam.adminPassedPractical', { date: formatDate(e.passedAt, lng) })
            : t('exam.adminPassed', { exam: t(`exam.kind_${e.kind}`), score: formatNumber(e.scorePercent, lng), date: formatDate(e.passedAt, lng) }),
        )
        .join('; ')
    : '—';

function ProvideButton({
  request,
  onDone,
}: {
  request: CertificateRequest;
  onDone: (c: CertificateRequest) => void;
}) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const provide = async () => {
    setBusy(true);
    try {
      const { data } = await answer(
        authApi.GET('/api/v1/user/certificate/{id}', { params: { path: { id: request._id } } }),
      );
      toast(t('adminCertificates.provided'), 'success');
      onDone(data);
    } catch (err) {
      toast(translateApiError(t, err, 'refusals:CERTIFICATE_PROVIDE_FAILED'), 'error');
      setBusy(false);
    }
  };
  return (
    <button
      type="button"
      className="btn btn-primary btn-sm"
      disabled={busy}
      onClick={() => void provide()}
      data-testid="certificate-provide"
    >
      {t(busy ? 'adminCertificates.providing' : 'adminCertificates.markProvided')}
    </button>
  );
}

function Status({ request, lng }: { request: CertificateRequest; lng: string }) {
  const { t } = useTranslation();
  if (!request.provided)
    return (
      <span className="badge badge-hold" data-testid="certificate-status">
        {t('adminCertificates.status.pending')}
      </span>
    );
  return (
    <span className="certificate-status">
      <span className="badge badge-ok" data-testid="certificate-status">
        {t('adminCertificates.status.provided')}
      </span>
      {request.providedAt && (
        <time
          className="muted certificate-provided-at"
          dateTime={request.providedAt}
          title={formatDateTime(request.providedAt, lng)}
          data-testid="certificate-provided-at"
        >
          {shortDateTime(request.providedAt).text}
        </time>
      )}
    </span>
  );
}

export default function CertificateList() {
  const { t, i18n } = useTranslation();
  const lng = i18n.language;
  const [params, setParams] = useSearchParams();
  const status = params.get('status') === 'provided' ? 'provided' : 'pending';
  const position = useKeysetPosition();
  const { cursor } = position;
  const list = useAdminGet<KeysetPage<CertificateRequest>>(`user/certificatelist/page?status=${status}&cursor=${cursor}`, () =>
    answer(authApi.GET('/api/v1/user/certificatelist/page', { params: { query: { status, limit: String(CERTIFICATE_PAGE_SIZE), ...(cursor ? { cursor } : {}) } } })),
  );
  // Another status starts at its first page.
  const setStatus = (s: (typeof STATUSES)[number]) => setParams(s === 'provided' ? { status: s } : {});
  const replace = (c: CertificateRequest) => list.setData((d) => d && { ...d, items: d.items.map((x) => (x._id === c._id ? c : x)) });

  const columns = useMemo<Column<CertificateRequest>[]>(
    () => [
      { key: 'userName', header: t('adminCertificates.columns.userName'), text: (c) => c.userName },
      { key: 'userEmail', header: t('adminCertificates.columns.userEmail'), text: (c) => c.userEmail },
      { key: 'courseName', header: t('adminCertificates.columns.courseName'), text: (c) => c.courseName },
      // The exams passed before it was asked for, with their grades (issue 53, decision 0073).
      {
        key: 'exams',
        header: t('exam.adminColumn'),
        text: (c) => examsText(t, c, lng),
        render: (c) => <span data-testid="certificate-exams">{examsText(t, c, lng)}</span>,
      },
      {
        key: 'requestedAt',
        header: t('adminCertificates.columns.requestedAt'),
        text: (c) => shortDateTime(c.requestedAt).text,
        render: (c) => <DateCell iso={c.requestedAt} lng={lng} />,
      },
      {
        key: 'status',
        header: t('adminCertificates.columns.status'),
        text: (c) => t(c.provided ? 'adminCertificates.status.provided' : 'adminCertificates.status.pending'),
        render: (c) => <Status request={c} lng={lng} />,
      },
      {
        key: 'actions',
        header: t('adminCertificates.columns.actions'),
        text: () => '',
        render: (c) =>
          c.provided ? (
            <span className="certificate-links">
              <a href={certificatePdf(c._id)} target="_blank" rel="noopener" data-testid="certificate-pdf">
                {t('adminCertificates.pdf')}
              </a>
              <a
                href={certificatePage(c._id)}
                target="_blank"
                rel="noopener"
                data-testid="certificate-public"
              >
                {t('adminCertificates.publicPage')}
              </a>
            </span>
          ) : (
            <ProvideButton request={c} onDone={replace} />
          ),
        className: 'nowrap',
      },
    ],
    // `replace` only touches state setters.
    [t, lng],
  );

  const data = list.data;
  const pending = data?.items.filter((c) => !c.provided).length ?? 0;

  return (
    <AdminPage title={t('adminCertificates.title')} testId="admin-certificates">
      <p className="muted expired-intro">{t('adminCertificates.intro')}</p>
      <PillTabs tabs={STATUSES} selected={status} onSelect={setStatus} label={(s) => t(`adminCertificates.status.${s}`)} testIdPrefix="certificate-tab" />
      {list.error ? (
        <KeysetError error={list.error} position={position} onRetry={list.reload} />
      ) : (
        <>
          {data && pending > 0 && (
            <p className="certificate-pending" data-testid="certificate-pending">
              {t('adminCertificates.pendingOnPage', { count: pending })}
            </p>
          )}
          <div className="certificate-table">
            <DataTable
              title={t('adminCertificates.title')}
              columns={columns}
              rows={data?.items}
              loading={list.loading}
              pageSize={CERTIFICATE_PAGE_SIZE}
              rowKey={(c) => c._id}
              rowClass={(c) => (c.provided ? 'row-provided' : undefined)}
              fileName={`certificate-requests-${status}-${position.page}.csv`}
              keyset={<KeysetPager position={position} next={data?.next} />}
              testId="certificates-table"
            />
          </div>
        </>
      )}
    </AdminPage>
  );
}
