// Instructor settlements (admin-back-office §7; issue 12): what each instructor is owed, an
// instructor's sales and settlements, and a new settlement with its receipt (a confirmation first).
import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { dhakaDay, takaToPoisha } from '@taal/contracts/web';
import { answer, authApi } from '@taal/web-shared/api';
import { translateApiError } from '@taal/web-shared/errors';
import { formatNumber, poishaToBdt } from '@taal/web-shared/format';
import { useTranslation } from '@taal/web-shared/i18n';
import { toast } from '@taal/web-shared/toast';
import { Chart } from '../components/Chart';
import { DateRange, QUICK_RANGES, useRangeInAddress } from '../components/DateRange';
import { isoToDmy, useAdminGet } from '../components/data';
import { AdminPage } from '../components/States';
import { uploadWithProgress } from '../components/upload';
import { AsyncView, type Column, DataTable, LoadError, Loading } from '@taal/web-shared/ui';
import { SettlementTable } from '@taal/web-shared/settlements';
import { KeysetError, KeysetPager, useKeysetPosition, type KeysetPage, type KeysetPosition } from '../components/keyset';
import { NumberInput } from '@taal/web-shared/number-input';
import { DueForm } from './DueForm';
import { taka, previousMonth, GatewayNote, Stat, useInstructorRows, saleColumns, useSales, useTotals, SALES_PAGE_SIZE, type CourseTotals, type InstructorRow, type Settlement } from './payouts-common';
import { linkTo } from '@taal/web-shared/routes';

/** A page of an instructor's sales in the range, with the one pager (decision 0084). */
function SalesTable({ sales, position, testId }: { sales: ReturnType<typeof useSales>; position: KeysetPosition; testId: string }) {
  const { t } = useTranslation();
  return (
    <DataTable
      title={t('payouts.salesByRange')}
      columns={saleColumns(t, true)}
      rows={sales.data?.items}
      loading={sales.loading}
      pageSize={SALES_PAGE_SIZE}
      rowKey={(x) => x._id}
      fileName={`${testId}.csv`}
      keyset={<KeysetPager position={position} next={sales.data?.next} testId="sales-pager" />}
      testId={testId}
    />
  );
}

export function InstructorDetail() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const [tick, setTick] = useState(0);
  const totals = useTotals(id, tick);
  // The range and the sales' page in the address (decision 0084).
  const [range, setRange] = useRangeInAddress();
  const salesAt = useKeysetPosition('sales');
  const sales = useSales(id, range, salesAt.cursor);
  const name = useInstructorRows().data?.find((r) => r._id === id)?.name ?? '';
  const s = totals.data;
  const courseColumns: Column<CourseTotals>[] = [
    { key: 'course', header: t('payouts.course'), text: (c) => c.course, render: (c) => <Link to={linkTo('/admin/course/analytics/:id', { id: c.courseId })}>{c.course}</Link> },
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
          {sales.error ? <KeysetError error={sales.error} position={salesAt} onRetry={sales.reload} /> : <SalesTable sales={sales} position={salesAt} testId="instructor-sales-table" />}
        </>
      )}
    </AdminPage>
  );
}

/** /admin-instructor-settlement: the instructors with what they are owed, a server page of 10 at a time (decision 0084). */
export function SettlementList() {
  const { t } = useTranslation();
  const position = useKeysetPosition();
  const { cursor } = position;
  const rows = useAdminGet<KeysetPage<InstructorRow>>(`analytics/secure/instructor/page?cursor=${cursor}`, () =>
    answer(authApi.GET('/api/v1/analytics/secure/instructor/page', { params: { query: { limit: '10', ...(cursor ? { cursor } : {}) } } })),
  );
  const columns: Column<InstructorRow>[] = [
    { key: 'name', header: t('payouts.name'), text: (r) => r.name, render: (r) => <Link to={linkTo('/admin-instructor-settlement/:id', { id: r._id })}>{r.name}</Link> },
    { key: 'earnings', header: t('payouts.earnings'), text: (r) => poishaToBdt(r.earnings), className: 'num' },
    { key: 'settled', header: t('payouts.settled'), text: (r) => poishaToBdt(r.settled), className: 'num' },
    { key: 'due', header: t('payouts.due'), text: (r) => poishaToBdt(r.due), className: 'num' },
    { key: 'open', header: t('payouts.settlements'), text: () => '', render: (r) => <Link className="btn btn-sm" to={linkTo('/admin-instructor-settlement/:id', { id: r._id })} data-testid={`settle-${r._id}`}>{t('payouts.settlements')}</Link> },
  ];
  return (
    <AdminPage title={t('payouts.settlementTitle')} testId="admin-settlements">
      {rows.error ? <KeysetError error={rows.error} position={position} onRetry={rows.reload} /> : <DataTable title={t('payouts.settlementTitle')} columns={columns} rows={rows.data?.items} loading={rows.loading} pageSize={10} rowKey={(r) => r._id} fileName="settlements.csv" keyset={<KeysetPager position={position} next={rows.data?.next} />} testId="settlement-instructors" />}
    </AdminPage>
  );
}

/** /admin-instructor-settlement/{id}: the range's sales (default the previous calendar month), a settlement form with a PDF receipt, and the settlements. */
export function SettlementDetail() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const [range, setRange] = useRangeInAddress(previousMonth);
  const [tick, setTick] = useState(0);
  const salesAt = useKeysetPosition('sales');
  const sales = useSales(id, range, salesAt.cursor);
  const totals = useTotals(id, tick);
  // The settlements a server page at a time, newest first, the page in the address (decision 0084).
  const position = useKeysetPosition('settlements');
  const { cursor } = position;
  const list = useAdminGet<KeysetPage<Settlement>>(`settlements/${id}/${tick}?cursor=${cursor}`, () =>
    answer(authApi.GET('/api/v1/instructor/settlement/{id}/page', { params: { path: { id }, query: { limit: '20', ...(cursor ? { cursor } : {}) } } })),
  );
  const name = useInstructorRows().data?.find((r) => r._id === id)?.name ?? '';
  // The whole range's earnings (every page's), kept by the server.
  const earned = sales.data?.totals.earnings ?? 0;
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
        <Stat label={t('payouts.rangeEarnings')} value={sales.data ? taka(earned) : '…'} testId="range-earnings" />
        <Stat label={t('payouts.due')} value={totals.data ? taka(totals.data.due) : '…'} testId="settlement-due" />
      </div>
      {sales.error ? <KeysetError error={sales.error} position={salesAt} onRetry={sales.reload} /> : <SalesTable sales={sales} position={salesAt} testId="settlement-sales" />}
      <form
        className="card section settlement-form"
        data-testid="settlement-form"
        onSubmit={(e) => {
          e.preventDefault();
          if (!form.settleAmount || !form.receivedAmount || !form.settleDate || !form.remarks.trim() || !file) {
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
            {/* Taka typed in either language's digits ('২০০০' is 2000), read by the shared number box (issue 55). */}
            <NumberInput decimals={2} min={0} maxLength={14} value={form.settleAmount} onChange={(v) => setForm((f) => ({ ...f, settleAmount: v }))} data-testid="settle-amount" />
          </label>
          <label>
            {t('payouts.receivedAmount')} ({t('payouts.currency')})
            <NumberInput decimals={2} min={0} maxLength={14} value={form.receivedAmount} onChange={(v) => setForm((f) => ({ ...f, receivedAmount: v }))} data-testid="received-amount" />
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
      {list.error ? (
        <KeysetError error={list.error} position={position} onRetry={list.reload} />
      ) : (
        <AsyncView state={list}>
          {(page) => <SettlementTable rows={page.items} title={t('payouts.settlements')} keyset={<KeysetPager position={position} next={page.next} testId="settlements-pager" />} rowTestId="settlement-row" testId="admin-settlement-rows" />}
        </AsyncView>
      )}
    </AdminPage>
  );
}
