// Sales, instructor and course analytics (admin-back-office §2, §7, §9; issue 12): the payouts
// service's figures through /api/v1/analytics/*. Amounts are poisha, shown as taka with 2 decimals;
// dates in the API are day-month-year. The instructor settlements: Settlements.tsx.
import { useMemo, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { dhakaDay } from '@taal/contracts/web';
import { answer, authApi } from '@taal/web-shared/api';
import { formatNumber, localDigits, poishaToBdt } from '@taal/web-shared/format';
import { useTranslation } from '@taal/web-shared/i18n';
import { Chart } from '../components/Chart';
import { DateRange, lastDays, QUICK_RANGES, useRangeInAddress, type DayRange } from '../components/DateRange';
import { isoToDmy, useAdminGet } from '../components/data';
import { AdminPage } from '../components/States';
import { type Column, DataTable } from '@taal/web-shared/ui';
import { KeysetError, KeysetPager, useKeysetPosition, type KeysetPage } from '../components/keyset';
import { taka, dmyPath, joinedDay, GatewayNote, type CourseTotals, type InstructorRow, type Summary, type CourseSale } from './payouts-common';
import { linkTo } from '@taal/web-shared/routes';

function useSummary(range: DayRange | null) {
  const path = range ? dmyPath(range) : null;
  return useAdminGet<Summary>(path ? `sales-summary/${path.startDate}/${path.endDate}` : null, () =>
    answer(authApi.GET('/api/v1/analytics/sales-summary/{startDate}/{endDate}', { params: { path: path! } })),
  );
}

/** The range's orders and paid orders: the kept counts of GET order/page's summary (a page of one order), never a bounded list's length (decision 0089). */
function useOrderCounts(range: DayRange) {
  const counts = useAdminGet(`order/page/summary/${range.from}/${range.to}`, () =>
    answer(authApi.GET('/api/v1/order/page', { params: { query: { from: range.from, to: range.to, limit: '1' } } })),
  );
  const summary = counts.data?.summary;
  return { total: summary?.total, paid: summary?.paid, loading: counts.loading };
}

function SalesBlock({ title, range, testId }: { title: string; range: DayRange; testId: string }) {
  const { t } = useTranslation();
  const summary = useSummary(range);
  const orders = useOrderCounts(range);
  const unpaid = orders.total !== undefined && orders.paid !== undefined ? orders.total - orders.paid : undefined;
  const s = summary.data;
  const rows: [string, string][] = [
    ['totalOrders', orders.total === undefined ? '…' : formatNumber(orders.total)],
    ['paidOrders', orders.paid === undefined ? '…' : formatNumber(orders.paid)],
    ['unpaidOrders', unpaid === undefined ? '…' : formatNumber(unpaid)],
    ['received', s ? taka(s.receivedAmount) : '…'],
  ];
  return (
    <div className="card section" data-testid={testId}>
      <h2>{title}</h2>
      <div className="payout-split">
        <Chart
          kind="pie"
          label={title}
          height={220}
          data={[
            { label: t('payouts.paidOrders'), value: orders.paid ?? 0 },
            { label: t('payouts.unpaidOrders'), value: unpaid ?? 0 },
          ]}
        />
        <table className="kv-table">
          <tbody>
            {rows.map(([k, v]) => (
              <tr key={k} data-testid={`${testId}-${k}`}>
                <th>{t(`payouts.${k}`)}</th>
                <td className="num">{v}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

/** /adminanalyticssales: a pie and totals for the chosen range, all time and the last 30 days. */
export function SalesAnalytics() {
  const { t } = useTranslation();
  const [range, setRange] = useState(() => lastDays(30));
  const allTime = useMemo(() => ({ from: '2020-01-01', to: dhakaDay() }), []);
  const last30 = useMemo(() => lastDays(30), []);
  return (
    <AdminPage title={t('payouts.salesTitle')} testId="admin-analytics-sales" actions={<Link to={linkTo('/adminorderlist')}>{t('payouts.orderList')}</Link>}>
      <DateRange value={range} onApply={setRange} quick={QUICK_RANGES} />
      <GatewayNote />
      <div className="payout-grid">
        <SalesBlock title={t('payouts.forRange', { from: localDigits(isoToDmy(range.from)), to: localDigits(isoToDmy(range.to)) })} range={range} testId="sales-range" />
        <SalesBlock title={t('payouts.allTime')} range={allTime} testId="sales-all" />
        <SalesBlock title={t('payouts.last30')} range={last30} testId="sales-30" />
      </div>
    </AdminPage>
  );
}

/** Instructors a page of the instructor analytics (decision 0084). */
export const INSTRUCTOR_ANALYTICS_PAGE_SIZE = 10;

export function InstructorAnalytics() {
  const { t } = useTranslation();
  const position = useKeysetPosition();
  const { cursor } = position;
  const rows = useAdminGet<KeysetPage<InstructorRow>>(`analytics/secure/instructor/page?cursor=${cursor}`, () =>
    answer(authApi.GET('/api/v1/analytics/secure/instructor/page', { params: { query: { limit: String(INSTRUCTOR_ANALYTICS_PAGE_SIZE), ...(cursor ? { cursor } : {}) } } })),
  );
  const columns: Column<InstructorRow>[] = [
    { key: 'id', header: t('payouts.id'), text: (r) => r._id.slice(-8), render: (r) => <Link to={linkTo('/admin/instructor/:id', { id: r._id })}>{r._id.slice(-8)}</Link> },
    { key: 'name', header: t('payouts.name'), text: (r) => r.name, render: (r) => <Link to={linkTo('/admin/instructor/:id', { id: r._id })}>{r.name}</Link> },
    { key: 'courses', header: t('payouts.courseCount'), text: (r) => formatNumber(r.courseCount), className: 'num' },
    { key: 'sales', header: t('payouts.saleCount'), text: (r) => formatNumber(r.saleCount), className: 'num' },
    { key: 'due', header: t('payouts.due'), text: (r) => poishaToBdt(r.due), className: 'num' },
    { key: 'joined', header: t('payouts.joined'), text: (r) => joinedDay(r.createdAt) },
  ];
  return (
    <AdminPage title={t('payouts.instructorsTitle')} testId="admin-analytics-instructor">
      {rows.error ? (
        <KeysetError error={rows.error} position={position} onRetry={rows.reload} />
      ) : (
        <>
          <div className="card chart-card">
            <h2>{t('payouts.salesPerInstructor')}</h2>
            <Chart data={(rows.data?.items ?? []).map((r) => ({ label: r.name, value: r.saleCount }))} label={t('payouts.salesPerInstructor')} testId="instructor-sales-chart" />
          </div>
          <DataTable
            title={t('payouts.instructorsTitle')}
            columns={columns}
            rows={rows.data?.items}
            loading={rows.loading}
            pageSize={INSTRUCTOR_ANALYTICS_PAGE_SIZE}
            rowKey={(r) => r._id}
            fileName="instructor-analytics.csv"
            keyset={<KeysetPager position={position} next={rows.data?.next} />}
            testId="instructor-analytics-table"
          />
        </>
      )}
    </AdminPage>
  );
}

/** Courses a page of the course analytics, highest received first (decision 0084). */
export const COURSE_ANALYTICS_PAGE_SIZE = 10;

export function CourseAnalytics() {
  const { t } = useTranslation();
  const position = useKeysetPosition();
  const { cursor } = position;
  const rows = useAdminGet<KeysetPage<CourseTotals>>(`analytics/courses/page?cursor=${cursor}`, () =>
    answer(authApi.GET('/api/v1/analytics/courses/page', { params: { query: { limit: String(COURSE_ANALYTICS_PAGE_SIZE), ...(cursor ? { cursor } : {}) } } })),
  );
  const columns: Column<CourseTotals>[] = [
    { key: 'course', header: t('payouts.course'), text: (c) => c.course, render: (c) => <Link to={linkTo('/admin/course/analytics/:id', { id: c.courseId })}>{c.course || c.courseId.slice(0, 8)}</Link> },
    { key: 'sales', header: t('payouts.saleCount'), text: (c) => formatNumber(c.saleCount), className: 'num' },
    { key: 'received', header: t('payouts.received'), text: (c) => poishaToBdt(c.receivedAmount), className: 'num' },
    { key: 'cut', header: t('payouts.productCut'), text: (c) => poishaToBdt(c.productCut), className: 'num' },
  ];
  return (
    <AdminPage title={t('payouts.coursesTitle')} testId="admin-analytics-courses">
      {rows.error ? (
        <KeysetError error={rows.error} position={position} onRetry={rows.reload} />
      ) : (
        <>
          <div className="card chart-card">
            <h2>{t('payouts.salesPerCourse')}</h2>
            <Chart data={(rows.data?.items ?? []).map((c) => ({ label: c.course, value: c.saleCount }))} label={t('payouts.salesPerCourse')} testId="course-chart" />
          </div>
          <DataTable
            title={t('payouts.coursesTitle')}
            columns={columns}
            rows={rows.data?.items}
            loading={rows.loading}
            pageSize={COURSE_ANALYTICS_PAGE_SIZE}
            rowKey={(c) => c.courseId}
            fileName="course-analytics.csv"
            keyset={<KeysetPager position={position} next={rows.data?.next} />}
            testId="course-analytics-table"
          />
        </>
      )}
    </AdminPage>
  );
}

/** Sales a page of a course's analytics detail, newest first (decision 0084). */
export const COURSE_SALES_PAGE_SIZE = 10;

/** /admin/course/analytics/{id}: the course's orders with coupon and buyer. */
export function CourseAnalyticsDetail() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  // The range and the page in the address (decision 0084): a copied link opens that page of that range.
  const [range, setRange] = useRangeInAddress();
  const position = useKeysetPosition();
  const { cursor } = position;
  const path = { id, ...dmyPath(range) };
  const rows = useAdminGet<KeysetPage<CourseSale>>(`course-sales/${id}/${range.from}/${range.to}?cursor=${cursor}`, () =>
    answer(authApi.GET('/api/v1/analytics/course/{id}/{startDate}/{endDate}/page', { params: { path, query: { limit: String(COURSE_SALES_PAGE_SIZE), ...(cursor ? { cursor } : {}) } } })),
  );
  const columns: Column<CourseSale>[] = [
    { key: 'orderId', header: t('payouts.orderId'), text: (r) => r.orderId.slice(0, 8), className: 'mono' },
    { key: 'user', header: t('payouts.userName'), text: (r) => r.user_name },
    { key: 'email', header: t('payouts.email'), text: (r) => r.email },
    { key: 'coupon', header: t('payouts.coupon'), text: (r) => (r.coupon.code ? `${r.coupon.code} (${formatNumber(r.coupon.discount)}%)` : '—') },
    { key: 'price', header: t('payouts.coursePrice'), text: (r) => poishaToBdt(r.coursePrice), className: 'num' },
    { key: 'received', header: t('payouts.received'), text: (r) => poishaToBdt(r.receivedAmount), className: 'num' },
    { key: 'date', header: t('payouts.date'), text: (r) => localDigits(r.date) },
  ];
  return (
    <AdminPage title={t('payouts.courseDetail')} testId="admin-course-analytics">
      <DateRange value={range} onApply={setRange} quick={QUICK_RANGES} />
      <GatewayNote />
      {rows.error ? (
        <KeysetError error={rows.error} position={position} onRetry={rows.reload} />
      ) : (
        <DataTable
          title={t('payouts.courseDetail')}
          columns={columns}
          rows={rows.data?.items}
          loading={rows.loading}
          pageSize={COURSE_SALES_PAGE_SIZE}
          rowKey={(r) => r._id}
          fileName="course-orders.csv"
          keyset={<KeysetPager position={position} next={rows.data?.next} />}
          testId="course-orders-table"
        />
      )}
    </AdminPage>
  );
}

/** /admin-instructor-settlement and /instructor-payment: instructors with what they are owed. */
