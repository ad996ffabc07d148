// Sales, instructor and course analytics and instructor settlements (admin-back-office §2, §7,
// §9; issue 12): the payouts service's figures through /api/v1/analytics/* and /instructor/*.
// Amounts are poisha, shown as taka with 2 decimals; dates in the API are day-month-year.
import { useMemo, useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router-dom';
import { addDays, dhakaDay, takaToPoisha } from '@taal/contracts/web';
import { answer, authApi } from '@taal/web-shared/api';
import { translateApiError } from '@taal/web-shared/errors';
import { formatNumber, localDigits, poishaToBdt } from '@taal/web-shared/format';
import { i18n as i18next, useTranslation } from '@taal/web-shared/i18n';
import { toast } from '@taal/web-shared/toast';
import { Chart } from '../components/Chart';
import { DateRange, lastDays, QUICK_RANGES, type DayRange } from '../components/DateRange';
import { isoToDmy, useAdminGet } from '../components/data';
import { AdminPage } from '../components/States';
import { uploadWithProgress } from '../components/upload';
import { AsyncView, type Column, DataTable, LoadError, Loading } from '@taal/web-shared/ui';
import { SettlementTable, type Settlement as SettlementRow } from '@taal/web-shared/settlements';

type Sale = { _id: string; orderId: string; course: string; courseId: string; user: string; user_name: string; coupon: string; couponDiscount: number; amountPaid: number; gatewayCut: number; amount: number; earning: number; productCut: number; date: string };
type CourseTotals = { courseId: string; course: string; saleCount: number; receivedAmount: number; earnings: number; productCut: number };
type Totals = { instructorId: string; saleCount: number; amountPaid: number; gatewayCut: number; receivedAmount: number; earnings: number; productCut: number; settled: number; due: number; courses: CourseTotals[] };
type InstructorRow = { _id: string; name: string; courseCount: number; saleCount: number; createdAt: string; receivedAmount: number; earnings: number; productCut: number; settled: number; due: number; percentage: number };
type Summary = { saleCount: number; orderCount: number; amountPaid: number; gatewayCut: number; receivedAmount: number; earnings: number; productCut: number };
type Settlement = SettlementRow & { createdAt: string };
type CourseSale = { _id: string; orderId: string; coursePrice: number; receivedAmount: number; coupon: { code: string; discount: number }; user: string; user_name: string; email: string; date: string };

/** An amount as the shared money text ('BDT 1234.50' / '1234.50 টাকা'). */
const taka = (p: number) => i18next.t('common.bdt', { amount: poishaToBdt(p) });
const dmyPath = (r: DayRange) => ({ startDate: isoToDmy(r.from), endDate: isoToDmy(r.to) });
const joinedDay = (iso: string) => (iso ? localDigits(isoToDmy(dhakaDay(iso))) : '');

/** The previous calendar month (Bangladesh days): the settlement detail's default. */
export function previousMonth(now = new Date()): DayRange {
  const today = dhakaDay(now);
  const firstOfThis = `${today.slice(0, 8)}01`;
  const lastOfPrev = addDays(firstOfThis, -1);
  return { from: `${lastOfPrev.slice(0, 8)}01`, to: lastOfPrev };
}

export function GatewayNote() {
  const { t } = useTranslation();
  return (
    <p className="muted payout-note" data-testid="gateway-note">
      {t('payouts.gatewayNote')} <span data-testid="money-legend">{t('payouts.moneyLegend')}</span>
    </p>
  );
}

function Stat({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div className="card stat" data-testid={testId}>
      <span className="stat-label">{label}</span>
      <strong className="stat-value">{value}</strong>
    </div>
  );
}

function useSummary(range: DayRange | null) {
  const path = range ? dmyPath(range) : null;
  return useAdminGet<Summary>(path ? `sales-summary/${path.startDate}/${path.endDate}` : null, () =>
    answer(authApi.GET('/api/v1/analytics/sales-summary/{startDate}/{endDate}', { params: { path: path! } })),
  );
}

function useOrderCounts(range: DayRange) {
  const path = { startDate: range.from, endDate: range.to };
  const all = useAdminGet(`orders/${range.from}/${range.to}`, () => answer(authApi.GET('/api/v1/analytics/orders/{startDate}/{endDate}', { params: { path } })));
  const paid = useAdminGet(`paid-orders/${range.from}/${range.to}`, () => answer(authApi.GET('/api/v1/analytics/paid-orders/{startDate}/{endDate}', { params: { path } })));
  return { total: all.data?.length, paid: paid.data?.length, loading: all.loading || paid.loading };
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
    <AdminPage title={t('payouts.salesTitle')} testId="admin-analytics-sales" actions={<Link to="/adminorderlist">{t('payouts.orderList')}</Link>}>
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

function useInstructorRows() {
  return useAdminGet<InstructorRow[]>('analytics/secure/instructor', () => answer(authApi.GET('/api/v1/analytics/secure/instructor')));
}

/** /adminanalyticsinstructor: sales per instructor (bar chart) and the table. */
export function InstructorAnalytics() {
  const { t } = useTranslation();
  const rows = useInstructorRows();
  const columns: Column<InstructorRow>[] = [
    { key: 'id', header: t('payouts.id'), text: (r) => r._id.slice(-8), render: (r) => <Link to={`/admin/instructor/${r._id}`}>{r._id.slice(-8)}</Link> },
    { key: 'name', header: t('payouts.name'), text: (r) => r.name, render: (r) => <Link to={`/admin/instructor/${r._id}`}>{r.name}</Link> },
    { key: 'courses', header: t('payouts.courseCount'), text: (r) => formatNumber(r.courseCount), className: 'num' },
    { key: 'sales', header: t('payouts.saleCount'), text: (r) => formatNumber(r.saleCount), className: 'num' },
    { key: 'due', header: t('payouts.due'), text: (r) => poishaToBdt(r.due), className: 'num' },
    { key: 'joined', header: t('payouts.joined'), text: (r) => joinedDay(r.createdAt) },
  ];
  return (
    <AdminPage title={t('payouts.instructorsTitle')} testId="admin-analytics-instructor">
      <AsyncView state={rows}>
        {() => (
          <>
            <div className="card chart-card">
              <h2>{t('payouts.salesPerInstructor')}</h2>
              <Chart data={(rows.data ?? []).map((r) => ({ label: r.name, value: r.saleCount }))} label={t('payouts.salesPerInstructor')} testId="instructor-sales-chart" />
            </div>
            <DataTable title={t('payouts.instructorsTitle')} columns={columns} rows={rows.data} loading={rows.loading} pageSize={10} rowKey={(r) => r._id} fileName="instructor-analytics.csv" testId="instructor-analytics-table" />
          </>
        )}
      </AsyncView>
    </AdminPage>
  );
}

function saleColumns(t: (k: string) => string, withBuyer: boolean): Column<Sale>[] {
  return [
    { key: 'orderId', header: t('payouts.orderId'), text: (s) => s.orderId.slice(0, 8), className: 'mono' },
    { key: 'course', header: t('payouts.course'), text: (s) => s.course },
    ...(withBuyer ? [{ key: 'user', header: t('payouts.userName'), text: (s: Sale) => s.user_name }] : []),
    { key: 'coupon', header: t('payouts.coupon'), text: (s) => (s.coupon ? `${s.coupon} (${formatNumber(s.couponDiscount)}%)` : '—') },
    { key: 'amount', header: t('payouts.amount'), text: (s) => poishaToBdt(s.amount), className: 'num' },
    { key: 'earning', header: t('payouts.earning'), text: (s) => poishaToBdt(s.earning), className: 'num' },
    { key: 'cut', header: t('payouts.productCut'), text: (s) => poishaToBdt(s.productCut), className: 'num' },
    { key: 'date', header: t('payouts.date'), text: (s) => localDigits(s.date) },
  ];
}

function useSales(instructorId: string, range: DayRange) {
  const path = { id: instructorId, ...dmyPath(range) };
  return useAdminGet<Sale[]>(`sales/${instructorId}/${range.from}/${range.to}`, () =>
    answer(authApi.GET('/api/v1/analytics/instructor/{id}/{startDate}/{endDate}', { params: { path } })),
  );
}

function useTotals(instructorId: string, tick = 0) {
  return useAdminGet<Totals>(`earnings/${instructorId}/${tick}`, () => answer(authApi.GET('/api/v1/instructor/earnings/{id}', { params: { path: { id: instructorId } } })));
}

/** The due form (back office §5: a required number; a confirmation first; 'failed try again'). */
function DueForm({ instructorId, due, onDone }: { instructorId: string; due: number; onDone: () => void }) {
  const { t } = useTranslation();
  const [amount, setAmount] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  // The due is settled in taka, as typed (decision 0028).
  const poisha = takaToPoisha(amount) ?? 0;
  const valid = poisha > 0;
  const settle = async () => {
    setBusy(true);
    try {
      await answer(
        authApi.GET('/api/v1/instructor/due/{id}/{amount}', {
          params: { path: { id: instructorId, amount: amount.trim() }, header: { 'idempotency-key': crypto.randomUUID() } as never },
        }),
      );
      toast(t('payouts.dueSettled'), 'success');
      setAmount('');
      setConfirming(false);
      onDone();
    } catch (err) {
      toast(translateApiError(t, err, 'payouts.failedTryAgain'), 'error');
    } finally {
      setBusy(false);
    }
  };
  return (
    <form
      className="card section due-form"
      data-testid="due-form"
      onSubmit={(e: FormEvent) => {
        e.preventDefault();
        if (valid) setConfirming(true);
      }}
    >
      <h2>{t('payouts.settleDue')}</h2>
      <p>
        {t('payouts.due')}: <strong data-testid="due-amount">{taka(due)}</strong>
      </p>
      <label>
        {t('payouts.amountTaka')}
        <input type="number" min="0.01" step="0.01" required value={amount} onChange={(e) => setAmount(e.target.value)} data-testid="due-input" />
      </label>
      <button className="btn btn-primary" disabled={!valid} data-testid="due-submit">
        {t('payouts.settle')}
      </button>
      {confirming && (
        <div className="confirm-dialog card" role="dialog" aria-modal="true" data-testid="due-confirm">
          <p>{t('payouts.confirmDue', { amount: taka(poisha) })}</p>
          <button type="button" className="btn btn-primary" disabled={busy} onClick={() => void settle()} data-testid="due-confirm-yes">
            {t('payouts.confirm')}
          </button>
          <button type="button" className="btn" onClick={() => setConfirming(false)}>
            {t('payouts.cancel')}
          </button>
        </div>
      )}
    </form>
  );
}

/** /admin/instructor/{id}: lifetime figures, the due form, the courses chart and table, sales by range. */
export function InstructorDetail() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const [tick, setTick] = useState(0);
  const totals = useTotals(id, tick);
  const [range, setRange] = useState(() => lastDays(30));
  const sales = useSales(id, range);
  const name = useInstructorRows().data?.find((r) => r._id === id)?.name ?? '';
  const s = totals.data;
  const courseColumns: Column<CourseTotals>[] = [
    { key: 'course', header: t('payouts.course'), text: (c) => c.course, render: (c) => <Link to={`/admin/course/analytics/${c.courseId}`}>{c.course}</Link> },
    { key: 'sales', header: t('payouts.saleCount'), text: (c) => formatNumber(c.saleCount), className: 'num' },
    { key: 'received', header: t('payouts.received'), text: (c) => poishaToBdt(c.receivedAmount), className: 'num' },
    { key: 'earnings', header: t('payouts.earnings'), text: (c) => poishaToBdt(c.earnings), className: 'num' },
    { key: 'cut', header: t('payouts.productCut'), text: (c) => poishaToBdt(c.productCut), className: 'num' },
  ];
  return (
    <AdminPage title={`${t('payouts.instructorDetail')}${name ? `: ${name}` : ''}`} testId="admin-instructor-detail">
      {totals.error ? (
        <LoadError onRetry={totals.reload} />
      ) : !s ? (
        <Loading />
      ) : (
        <>
          <GatewayNote />
          <div className="stat-grid">
            <Stat label={t('payouts.lifetimeSales')} value={`${formatNumber(s.saleCount)} · ${taka(s.receivedAmount)}`} testId="stat-sales" />
            <Stat label={t('payouts.earnings')} value={taka(s.earnings)} testId="stat-earnings" />
            <Stat label={t('payouts.productCut')} value={taka(s.productCut)} testId="stat-cut" />
            <Stat label={t('payouts.settled')} value={taka(s.settled)} testId="stat-settled" />
            <Stat label={t('payouts.due')} value={taka(s.due)} testId="stat-due" />
          </div>
          <DueForm instructorId={id} due={s.due} onDone={() => setTick((n) => n + 1)} />
          <div className="card chart-card">
            <h2>{t('payouts.courseSales')}</h2>
            <Chart data={s.courses.map((c) => ({ label: c.course, value: c.saleCount }))} label={t('payouts.courseSales')} testId="course-sales-chart" />
          </div>
          <DataTable title={t('payouts.courseSales')} columns={courseColumns} rows={s.courses} loading={false} pageSize={10} rowKey={(c) => c.courseId} fileName="instructor-courses.csv" testId="instructor-courses-table" />
          <h2>{t('payouts.salesByRange')}</h2>
          <DateRange value={range} onApply={setRange} quick={QUICK_RANGES} />
          {sales.error ? <LoadError onRetry={sales.reload} /> : <DataTable title={t('payouts.salesByRange')} columns={saleColumns(t, true)} rows={sales.data} loading={sales.loading} pageSize={10} rowKey={(x) => x._id} fileName="instructor-sales.csv" testId="instructor-sales-table" />}
        </>
      )}
    </AdminPage>
  );
}

/** /adminanalyticscourses: sales per course. */
export function CourseAnalytics() {
  const { t } = useTranslation();
  const rows = useAdminGet<CourseTotals[]>('analytics/courses', () => answer(authApi.GET('/api/v1/analytics/courses')));
  const columns: Column<CourseTotals>[] = [
    { key: 'course', header: t('payouts.course'), text: (c) => c.course, render: (c) => <Link to={`/admin/course/analytics/${c.courseId}`}>{c.course || c.courseId.slice(0, 8)}</Link> },
    { key: 'sales', header: t('payouts.saleCount'), text: (c) => formatNumber(c.saleCount), className: 'num' },
    { key: 'received', header: t('payouts.received'), text: (c) => poishaToBdt(c.receivedAmount), className: 'num' },
    { key: 'cut', header: t('payouts.productCut'), text: (c) => poishaToBdt(c.productCut), className: 'num' },
  ];
  return (
    <AdminPage title={t('payouts.coursesTitle')} testId="admin-analytics-courses">
      <AsyncView state={rows}>
        {() => (
          <>
            <div className="card chart-card">
              <h2>{t('payouts.salesPerCourse')}</h2>
              <Chart data={(rows.data ?? []).map((c) => ({ label: c.course, value: c.saleCount }))} label={t('payouts.salesPerCourse')} testId="course-chart" />
            </div>
            <DataTable title={t('payouts.coursesTitle')} columns={columns} rows={rows.data} loading={rows.loading} pageSize={10} rowKey={(c) => c.courseId} fileName="course-analytics.csv" testId="course-analytics-table" />
          </>
        )}
      </AsyncView>
    </AdminPage>
  );
}

/** /admin/course/analytics/{id}: the course's orders with coupon and buyer. */
export function CourseAnalyticsDetail() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const [range, setRange] = useState(() => lastDays(30));
  const path = { id, ...dmyPath(range) };
  const rows = useAdminGet<CourseSale[]>(`course-sales/${id}/${range.from}/${range.to}`, () =>
    answer(authApi.GET('/api/v1/analytics/course/{id}/{startDate}/{endDate}', { params: { path } })),
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
      {rows.error ? <LoadError onRetry={rows.reload} /> : <DataTable title={t('payouts.courseDetail')} columns={columns} rows={rows.data} loading={rows.loading} pageSize={10} rowKey={(r) => r._id} fileName="course-orders.csv" testId="course-orders-table" />}
    </AdminPage>
  );
}

/** /admin-instructor-settlement and /instructor-payment: instructors with what they are owed. */
export function SettlementList() {
  const { t } = useTranslation();
  const rows = useInstructorRows();
  const columns: Column<InstructorRow>[] = [
    { key: 'name', header: t('payouts.name'), text: (r) => r.name, render: (r) => <Link to={`/admin-instructor-settlement/${r._id}`}>{r.name}</Link> },
    { key: 'earnings', header: t('payouts.earnings'), text: (r) => poishaToBdt(r.earnings), className: 'num' },
    { key: 'settled', header: t('payouts.settled'), text: (r) => poishaToBdt(r.settled), className: 'num' },
    { key: 'due', header: t('payouts.due'), text: (r) => poishaToBdt(r.due), className: 'num' },
    { key: 'open', header: t('payouts.settlements'), text: () => '', render: (r) => <Link className="btn btn-sm" to={`/admin-instructor-settlement/${r._id}`} data-testid={`settle-${r._id}`}>{t('payouts.settlements')}</Link> },
  ];
  return (
    <AdminPage title={t('payouts.settlementTitle')} testId="admin-settlements">
      {rows.error ? <LoadError onRetry={rows.reload} /> : <DataTable title={t('payouts.settlementTitle')} columns={columns} rows={rows.data} loading={rows.loading} pageSize={10} rowKey={(r) => r._id} fileName="settlements.csv" testId="settlement-instructors" />}
    </AdminPage>
  );
}

/** /admin-instructor-settlement/{id}: the range's sales (default the previous calendar month), a settlement form with a PDF receipt, and the settlements. */
export function SettlementDetail() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const [range, setRange] = useState(() => previousMonth());
  const [tick, setTick] = useState(0);
  const sales = useSales(id, range);
  const totals = useTotals(id, tick);
  const list = useAdminGet<Settlement[]>(`settlements/${id}/${tick}`, () => answer(authApi.GET('/api/v1/instructor/settlement/{id}', { params: { path: { id } } })));
  const name = useInstructorRows().data?.find((r) => r._id === id)?.name ?? '';
  const earned = (sales.data ?? []).reduce((n, s) => n + s.earning, 0);
  const [form, setForm] = useState({ settleAmount: '', receivedAmount: '', settleDate: dhakaDay(), remarks: '', status: 'true' });
  const [file, setFile] = useState<File | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const set = (k: keyof typeof form) => (e: { target: { value: string } }) => setForm((f) => ({ ...f, [k]: e.target.value }));

  const publish = async () => {
    setBusy(true);
    try {
      const body = new FormData();
      // Typed in taka; what is not an amount is sent as is read ('NaN') and refused by the server.
      body.set('settleAmount', String(takaToPoisha(form.settleAmount) ?? Number.NaN));
      body.set('receivedAmount', String(takaToPoisha(form.receivedAmount) ?? Number.NaN));
      body.set('settleDate', isoToDmy(form.settleDate));
      body.set('remarks', form.remarks);
      body.set('status', form.status);
      body.set('photo', file!);
      await uploadWithProgress(`/api/v1/instructor/settlement/${id}`, body, () => undefined);
      toast(t('payouts.published'), 'success');
      setConfirming(false);
      setFile(null);
      setForm((f) => ({ ...f, settleAmount: '', receivedAmount: '', remarks: '' }));
      setTick((n) => n + 1);
    } catch (err) {
      toast(translateApiError(t, err, 'payouts.failedPlease'), 'error');
    } finally {
      setBusy(false);
    }
  };

  return (
    <AdminPage title={`${t('payouts.settlementTitle')}${name ? `: ${name}` : ''}`} testId="admin-settlement-detail">
      <DateRange value={range} onApply={setRange} />
      <GatewayNote />
      <div className="stat-grid">
        <Stat label={t('payouts.rangeEarnings')} value={taka(earned)} testId="range-earnings" />
        <Stat label={t('payouts.due')} value={totals.data ? taka(totals.data.due) : '…'} testId="settlement-due" />
      </div>
      {sales.error ? <LoadError onRetry={sales.reload} /> : <DataTable title={t('payouts.salesByRange')} columns={saleColumns(t, true)} rows={sales.data} loading={sales.loading} pageSize={10} rowKey={(x) => x._id} fileName="settlement-sales.csv" testId="settlement-sales" />}
      <form
        className="card section settlement-form"
        data-testid="settlement-form"
        onSubmit={(e) => {
          e.preventDefault();
          if (!form.settleAmount || !form.receivedAmount || !form.settleDate || !file) {
            toast(t('payouts.fillAll'), 'error');
            return;
          }
          setConfirming(true);
        }}
      >
        <h2>{t('payouts.newSettlement')}</h2>
        <div className="form-grid">
          <label>
            {t('payouts.settleAmount')} ({t('payouts.currency')})
            <input type="number" min="0" step="0.01" value={form.settleAmount} onChange={set('settleAmount')} data-testid="settle-amount" />
          </label>
          <label>
            {t('payouts.receivedAmount')} ({t('payouts.currency')})
            <input type="number" min="0" step="0.01" value={form.receivedAmount} onChange={set('receivedAmount')} data-testid="received-amount" />
          </label>
          <label>
            {t('payouts.settleDate')}
            <input type="date" value={form.settleDate} onChange={set('settleDate')} data-testid="settle-date" />
          </label>
          <label>
            {t('payouts.status')}
            <select value={form.status} onChange={set('status')} data-testid="settle-status">
              <option value="true">{t('payouts.settledStatus')}</option>
              <option value="false">{t('payouts.notSettled')}</option>
            </select>
          </label>
          <label className="wide">
            {t('payouts.remarks')}
            <input value={form.remarks} onChange={set('remarks')} maxLength={2000} data-testid="settle-remarks" />
          </label>
          <label className="wide">
            {t('payouts.receiptPdf')}
            <input type="file" accept="application/pdf" onChange={(e) => setFile(e.target.files?.[0] ?? null)} data-testid="settle-receipt" />
          </label>
        </div>
        <button className="btn btn-primary" data-testid="settle-publish">
          {t('payouts.publish')}
        </button>
        {confirming && (
          <div className="confirm-dialog card" role="dialog" aria-modal="true" data-testid="settle-confirm">
            <p>{t('payouts.confirmPublish')}</p>
            <button type="button" className="btn btn-primary" disabled={busy} onClick={() => void publish()} data-testid="settle-confirm-yes">
              {t('payouts.confirm')}
            </button>
            <button type="button" className="btn" onClick={() => setConfirming(false)}>
              {t('payouts.cancel')}
            </button>
          </div>
        )}
      </form>
      <h2>{t('payouts.settlements')}</h2>
      <AsyncView state={list}>{(rows) => <SettlementTable rows={rows} title={t('payouts.settlements')} rowTestId="settlement-row" testId="admin-settlement-rows" />}</AsyncView>
    </AdminPage>
  );
}
