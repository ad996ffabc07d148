// /adminorderlist and /adminpaidorderlist (back office §2, §9): orders created in a date range
// (quick ranges 7, 30 and 365 days, the last 30 by default; Bangladesh days, inclusive), in the
// back office's one data table (10 rows a page, copy and CSV), paid rows highlighted; the paid
// screen lists only paid orders. /adminorderlist also lists the orders held for risk review
// (a card payment the gateway flagged), each to Release or Refuse (HeldOrders.tsx; the columns: order-columns.tsx).
import { useMemo } from 'react';
import { answer, authApi } from '@taal/web-shared/api';
import { formatNumber } from '@taal/web-shared/format';
import { useTranslation } from '@taal/web-shared/i18n';
import { DateRange, QUICK_RANGES, useRangeInAddress } from '../components/DateRange';
import { useAdminGet } from '../components/data';
import { AdminPage } from '../components/States';
import type { AdminOrder } from '../components/commerce';
import { KeysetError, KeysetPager, useKeysetPosition, type KeysetPage } from '../components/keyset';
import { DataTable } from '@taal/web-shared/ui';
import { HeldOrders } from './HeldOrders';
import { money, ORDER_PAGE_SIZE, orderColumns } from './order-columns';

/** The range's counts, as GET order/page answers them beside its page (all of the range, not only the page). */
interface OrderSummary {
  total: number;
  paid: number;
  unpaid: number;
  received: number;
}

function Summary({ summary, loading, paidOnly }: { summary: OrderSummary | undefined; loading: boolean; paidOnly: boolean }) {
  const { t } = useTranslation();
  // Wallet money counts as received, as the legend says (issue 55): the orders' totals, not their card parts.
  const all: [string, string | number | undefined][] = [
    ['total', summary?.total],
    ['paid', summary?.paid],
    ['unpaid', summary?.unpaid],
    ['received', summary ? money(t, summary.received) : undefined],
  ];
  // The paid screen lists paid orders only: their count and the money received.
  const counts = paidOnly ? all.filter(([k]) => k === 'total' || k === 'received') : all;
  return (
    <div className="stat-grid">
      {counts.map(([k, v]) => (
        <div key={k} className="card stat" data-testid={`order-count-${k}`}>
          <span className="stat-label">{t(`adminCommerce.orders.counts.${k}`)}</span>
          <strong className="stat-value">{loading && !summary ? '…' : typeof v === 'number' ? formatNumber(v) : (v ?? formatNumber(0))}</strong>
        </div>
      ))}
    </div>
  );
}


function OrdersScreen({ paidOnly }: { paidOnly: boolean }) {
  const { t, i18n } = useTranslation();
  const [range, setRange] = useRangeInAddress();
  const position = useKeysetPosition();
  const { cursor } = position;
  const kind = paidOnly ? 'paid-orders' : 'orders';
  const query = { from: range.from, to: range.to, paid: String(paidOnly) as 'true' | 'false', limit: String(ORDER_PAGE_SIZE), ...(cursor ? { cursor } : {}) };
  const orders = useAdminGet<KeysetPage<AdminOrder> & { summary: OrderSummary }>(`order/page?${new URLSearchParams(query).toString()}`, () =>
    answer(authApi.GET('/api/v1/order/page', { params: { query } })),
  );
  const columns = useMemo(() => orderColumns(t, i18n.language), [t, i18n.language]);
  const title = t(paidOnly ? 'adminCommerce.orders.paidTitle' : 'adminCommerce.orders.title');
  return (
    <AdminPage title={title} testId={paidOnly ? 'admin-paid-orders' : 'admin-orders'}>
      <DateRange value={range} onApply={setRange} quick={QUICK_RANGES} />
      <Summary summary={orders.data?.summary} loading={orders.loading} paidOnly={paidOnly} />
      {/* Subtotal and Amount here, Received and Earnings on the analytics screens: what each is. */}
      <p className="muted" data-testid="money-legend">
        {t('payouts.moneyLegend')}
      </p>
      {orders.error ? (
        <KeysetError error={orders.error} position={position} onRetry={orders.reload} />
      ) : (
        <DataTable
          title={title}
          columns={columns}
          rows={orders.data?.items}
          loading={orders.loading}
          pageSize={ORDER_PAGE_SIZE}
          rowKey={(o) => o._id}
          fileName={`${kind}-${range.from}-${range.to}.csv`}
          print={false}
          rowClass={(o) => (o.paid ? 'row-paid' : undefined)}
          keyset={<KeysetPager position={position} next={orders.data?.next} />}
          testId="orders-table"
        />
      )}
      {!paidOnly && <HeldOrders onDecided={orders.reload} />}
    </AdminPage>
  );
}

export const OrderList = () => <OrdersScreen paidOnly={false} />;
export const PaidOrderList = () => <OrdersScreen paidOnly />;
