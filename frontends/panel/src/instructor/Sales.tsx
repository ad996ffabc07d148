// The instructor's Analytics tab (storefront §3; issue 12): their sales in a date range (orderId, course,
// user_name, coupon, amount, date; amounts after the 2.5% gateway cut from 22-5-2022), a server page at a
// time, newest first (issue 51, decision 0084): the range and the page's cursor live in the address
// (?from=…&to=…&salesCursor=…&salesPage=N beside the panel's tab), so a copied link opens that page. The
// footer's total is the whole range's, which the server sums from its kept figures.
import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { addDays, dayMonthYear, dhakaDay, isIsoDay } from '@taal/contracts/web';
import { answer, authApi } from '@taal/web-shared/api';
import { formatNumber, localDigits, poishaToBdt } from '@taal/web-shared/format';
import { useTranslation } from '@taal/web-shared/i18n';
import type { SessionUser } from '@taal/web-shared/session';
import { useAsync } from '@taal/web-shared/useAsync';
import type { TFunction } from 'i18next';
import { DataTable, Empty, type Column } from '@taal/web-shared/ui';
import { KeysetError, KeysetPager, useKeysetPosition } from '@taal/web-shared/keyset';

/** Sales a page of the instructor's analytics. */
export const SALES_PAGE_SIZE = 20;

const salesPage = (id: string, from: string, to: string, cursor: string) =>
  answer(
    authApi.GET('/api/v1/analytics/instructor/{id}/{startDate}/{endDate}/page', {
      params: { path: { id, startDate: dayMonthYear(from), endDate: dayMonthYear(to) }, query: { limit: String(SALES_PAGE_SIZE), ...(cursor ? { cursor } : {}) } },
    }),
  ).then((a) => a.data);
type Sale = Awaited<ReturnType<typeof salesPage>>['items'][number];

const saleColumns = (t: TFunction): Column<Sale>[] => [
  { key: 'orderId', header: t('payouts.orderId'), text: (s) => s.orderId.slice(0, 8), className: 'mono' },
  { key: 'course', header: t('payouts.course'), text: (s) => s.course },
  { key: 'user', header: t('payouts.userName'), text: (s) => s.user_name || '—' },
  { key: 'coupon', header: t('payouts.coupon'), text: (s) => (s.coupon ? `${s.coupon} (${formatNumber(s.couponDiscount)}%)` : '—'), testId: 'sale-coupon' },
  { key: 'amount', header: t('payouts.amount'), text: (s) => poishaToBdt(s.amount), className: 'num', testId: 'sale-amount' },
  { key: 'date', header: t('payouts.date'), text: (s) => localDigits(s.date), testId: 'sale-date' },
];

export function Note() {
  const { t } = useTranslation();
  return (
    <p className="muted" data-testid="gateway-note">
      {t('payouts.gatewayNote')} <span data-testid="money-legend">{t('payouts.moneyLegend')}</span>
    </p>
  );
}

/** The range the address names (?from&to), else the last 30 days; a new range starts at its first page. */
function useSalesRange() {
  const [params, setParams] = useSearchParams();
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  const today = dhakaDay();
  const range = isIsoDay(from) && isIsoDay(to) && from <= to ? { from, to } : { from: addDays(today, -30), to: today };
  const setRange = (r: { from: string; to: string }) => {
    const p = new URLSearchParams(params);
    p.set('from', r.from);
    p.set('to', r.to);
    p.delete('salesCursor');
    p.delete('salesPage');
    setParams(p);
  };
  return [range, setRange] as const;
}

/** Analytics: sales in a date range (default the last 30 days), a page at a time. */
export function InstructorAnalytics({ user }: { user: SessionUser }) {
  const { t } = useTranslation();
  const id = user.instructor ?? '';
  const [range, setRange] = useSalesRange();
  const position = useKeysetPosition('sales');
  const { cursor } = position;
  const [draft, setDraft] = useState<{ from: string; to: string } | null>(null);
  const shown = draft ?? range;
  const sales = useAsync(() => salesPage(id, range.from, range.to, cursor), [id, range.from, range.to, cursor]);
  const apply = (e: FormEvent) => {
    e.preventDefault();
    if (!shown.from || !shown.to) return;
    setRange(shown.from <= shown.to ? shown : { from: shown.to, to: shown.from });
    setDraft(null);
  };
  const rows = sales.data?.items;
  // The whole range's received amount (every page's), from the server's kept figures.
  const total = sales.data?.totals.receivedAmount ?? 0;
  return (
    <>
      <form className="date-range-inline" onSubmit={apply} data-testid="sales-range">
        <label>
          {t('payouts.from')} <input type="date" value={shown.from} onChange={(e) => setDraft({ ...shown, from: e.target.value })} data-testid="range-from" />
        </label>
        <label>
          {t('payouts.to')} <input type="date" value={shown.to} onChange={(e) => setDraft({ ...shown, to: e.target.value })} data-testid="range-to" />
        </label>
        <button className="btn btn-sm btn-primary">{t('payouts.apply')}</button>
      </form>
      <Note />
      {sales.error ? (
        <KeysetError error={sales.error} position={position} onRetry={sales.reload} />
      ) : (
        <DataTable
          title={t('payouts.salesByRange')}
          columns={saleColumns(t)}
          rows={rows}
          loading={sales.loading}
          pageSize={SALES_PAGE_SIZE}
          rowKey={(r) => r._id}
          fileName="sales.csv"
          exports={false}
          search={false}
          empty={<Empty testId="sales-empty">{t('payouts.noAnalytics')}</Empty>}
          footer={
            rows?.length ? (
              <tr>
                <th colSpan={4}>{t('payouts.total')}</th>
                <th className="num" data-testid="sales-range-total">
                  {poishaToBdt(total)}
                </th>
                <td />
              </tr>
            ) : undefined
          }
          keyset={<KeysetPager position={position} next={sales.data?.next} testId="sales-pager" />}
          rowTestId="instructor-sale"
          testId="instructor-sales"
        />
      )}
    </>
  );
}
