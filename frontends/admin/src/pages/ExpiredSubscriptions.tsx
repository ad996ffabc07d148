// /subscription-expire-data (back office §9): the expired subscriptions of GET course-invalidate in
// the one DataTable, 5 rows a page (order, user id, name, e-mail, phone, course, purchase and expiry).
import { useMemo } from 'react';
import { Link } from 'react-router-dom';
import { answer, authApi } from '@taal/web-shared/api';
import { formatDateTime } from '@taal/web-shared/format';
import { useTranslation } from '@taal/web-shared/i18n';
import { useAdminGet } from '../components/data';
import { AdminPage } from '../components/States';
import { shortDateTime } from './order-columns';
import { type Column, DataTable, LoadError } from '@taal/web-shared/ui';
import { EXPIRY_PAGE_SIZE, type ExpiredRow } from './LessonEditors';
import { linkTo } from '@taal/web-shared/routes';

function DateCell({ iso, lng }: { iso: string; lng: string }) {
  const { day, time } = shortDateTime(iso);
  return (
    <time className="date-cell" dateTime={iso} title={formatDateTime(iso, lng)}>
      <span>{day}</span> <span className="muted">{time}</span>
    </time>
  );
}

export function ExpiredSubscriptions() {
  const { t, i18n } = useTranslation();
  const lng = i18n.language;
  const list = useAdminGet<ExpiredRow[]>('course-invalidate', () =>
    answer(authApi.GET('/api/v1/course-invalidate')),
  );
  const columns = useMemo<Column<ExpiredRow>[]>(
    () => [
      // Ids: their first 8 characters on screen (the whole id in the tooltip, copy and CSV).
      {
        key: 'orderId',
        header: t('adminLearning.expired.columns.orderId'),
        text: (r) => r.orderId,
        render: (r) => (
          <code className="order-id" title={r.orderId}>
            {r.orderId.slice(0, 8)}
          </code>
        ),
      },
      {
        key: 'userId',
        header: t('adminLearning.expired.columns.userId'),
        text: (r) => r.userId,
        render: (r) => (
          <Link
            to={linkTo('/viewuser', { id: r.userId })}
            title={r.userId}
            data-testid="expired-user-link"
          >
            <code className="order-id">{r.userId.slice(0, 8)}</code>
          </Link>
        ),
      },
      { key: 'userName', header: t('adminLearning.expired.columns.userName'), text: (r) => r.userName },
      { key: 'userEmail', header: t('adminLearning.expired.columns.userEmail'), text: (r) => r.userEmail },
      {
        key: 'userPhone',
        header: t('adminLearning.expired.columns.userPhone'),
        text: (r) => r.userPhone,
        className: 'nowrap',
      },
      {
        key: 'course',
        header: t('adminLearning.expired.columns.course'),
        text: (r) => r.courseTitle || r.course,
      },
      {
        key: 'purchaseTime',
        header: t('adminLearning.expired.columns.purchaseTime'),
        text: (r) => shortDateTime(r.purchaseTime).text,
        render: (r) => <DateCell iso={r.purchaseTime} lng={lng} />,
      },
      {
        key: 'createdAt',
        header: t('adminLearning.expired.columns.createdAt'),
        text: (r) => shortDateTime(r.createdAt).text,
        render: (r) => <DateCell iso={r.createdAt} lng={lng} />,
      },
    ],
    [t, lng],
  );
  return (
    <AdminPage title={t('adminLearning.expired.title')} testId="admin-expired">
      <p className="muted expired-intro">{t('adminLearning.expired.intro')}</p>
      {list.error ? (
        <LoadError onRetry={list.reload} />
      ) : (
        <DataTable
          title={t('adminLearning.expired.title')}
          columns={columns}
          rows={list.data}
          loading={list.loading}
          pageSize={EXPIRY_PAGE_SIZE}
          rowKey={(r) => `${r.orderId}-${r.userId}-${r.course}`}
          fileName="expired-subscriptions.csv"
          testId="expired-table"
        />
      )}
    </AdminPage>
  );
}
