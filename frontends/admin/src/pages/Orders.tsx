// /adminorderlist and /adminpaidorderlist (back office §2, §9): orders created in a date range
// (quick ranges 7, 30 and 365 days, the last 30 by default; Bangladesh days, inclusive), in the
// back office's one data table (10 rows a page, copy and CSV), paid rows highlighted; the paid
// screen lists only paid orders. /adminorderlist also lists the orders held for risk review
// (a card payment the gateway flagged), each to Release or Refuse.
import { useMemo, useState } from 'react';
import type { TFunction } from 'i18next';
import { answer, authApi } from '@taal/web-shared/api';
import { hasReason, translateApiError } from '@taal/web-shared/errors';
import { formatDateTime, formatNumber, formatTime, localDigits, poishaToBdt } from '@taal/web-shared/format';
import { useTranslation } from '@taal/web-shared/i18n';
import { toast } from '@taal/web-shared/toast';
import { DateRange, DEFAULT_RANGE_DAYS, lastDays, QUICK_RANGES } from '../components/DateRange';
import { dmy, useAdminGet } from '../components/data';
import { AdminPage } from '../components/States';
import type { AdminOrder } from '../components/commerce';
import { type Column, DataTable, LoadError } from '@taal/web-shared/ui';

export const ORDER_PAGE_SIZE = 10;

const money = (t: TFunction, poisha: number) => t('common.bdt', { amount: poishaToBdt(poisha) });

/** Back office §9: dash-separated day-month-year, and the time (the browser's clock), in the page's digits. */
export function shortDateTime(iso: string): { day: string; time: string; text: string } {
  const d = new Date(iso);
  if (!iso || Number.isNaN(d.getTime())) return { day: '', time: '', text: '' };
  const day = localDigits(dmy(d));
  const time = formatTime(d);
  return { day, time, text: `${day} ${time}` };
}

function DateCell({ iso, lng }: { iso: string; lng: string }) {
  const { day, time } = shortDateTime(iso);
  return (
    <time className="date-cell" dateTime={iso} title={formatDateTime(iso, lng)}>
      <span>{day}</span> <span className="muted">{time}</span>
    </time>
  );
}

export function statusLabel(t: TFunction, order: Pick<AdminOrder, 'status'>): string {
  return t(`adminCommerce.orders.status.${order.status}`);
}

/** The order table's columns, in order (what copy and CSV give too). */
export function orderColumns(t: TFunction, lng: string): Column<AdminOrder>[] {
  return [
    {
      key: 'date',
      header: t('adminCommerce.orders.columns.date'),
      text: (o) => shortDateTime(o.createdAt).text,
      render: (o) => <DateCell iso={o.createdAt} lng={lng} />,
    },
    {
      key: 'id',
      header: t('adminCommerce.orders.columns.id'),
      text: (o) => o._id,
      render: (o) => (
        <code className="order-id" title={o._id}>
          {o._id.slice(0, 8)}
        </code>
      ),
    },
    {
      key: 'user',
      header: t('adminCommerce.orders.columns.user'),
      text: (o) => o.userName,
      render: (o) => (
        <span className="order-buyer">
          {o.userName}
          <span className="muted">{o.userEmail}</span>
        </span>
      ),
    },
    { key: 'email', header: t('adminCommerce.orders.columns.email'), text: (o) => o.userEmail, exportOnly: true },
    {
      key: 'courses',
      header: t('adminCommerce.orders.columns.courses'),
      text: (o) => o.courses.map((c) => `${c.title} (${t(`tiers.${c.tier}`)})`).join('; '),
      render: (o) => (
        <ul className="order-course-list">
          {o.courses.map((c) => (
            <li key={`${c.course}-${c.tier}`}>
              {c.title} <span className="muted">({t(`tiers.${c.tier}`)})</span>
            </li>
          ))}
        </ul>
      ),
    },
    {
      key: 'coupon',
      header: t('adminCommerce.orders.columns.coupon'),
      text: (o) => (o.cuponCode ? `${o.cuponCode} (${formatNumber(o.discountPercent)}%)` : ''),
    },
    {
      key: 'subtotal',
      className: 'num',
      header: t('adminCommerce.orders.columns.subtotal'),
      text: (o) => money(t, o.subtotal),
    },
    {
      key: 'wallet',
      className: 'num',
      header: t('adminCommerce.orders.columns.wallet'),
      text: (o) => money(t, o.walletUsed),
      exportOnly: true,
    },
    {
      key: 'amount',
      className: 'num',
      header: t('adminCommerce.orders.columns.amount'),
      text: (o) => money(t, o.amount),
    },
    {
      key: 'status',
      header: t('adminCommerce.orders.columns.status'),
      text: (o) => statusLabel(t, o),
      render: (o) => (
        <span className={`badge ${o.paid ? 'badge-ok' : o.status === 'held' ? 'badge-hold' : 'badge-warn'}`}>
          {statusLabel(t, o)}
        </span>
      ),
    },
    {
      key: 'paidAt',
      header: t('adminCommerce.orders.columns.paidAt'),
      text: (o) => (o.paid ? shortDateTime(o.paidAt).text : ''),
      render: (o) => (o.paid && o.paidAt ? <DateCell iso={o.paidAt} lng={lng} /> : null),
    },
  ];
}

function Summary({ orders, loading, paidOnly }: { orders: AdminOrder[] | undefined; loading: boolean; paidOnly: boolean }) {
  const { t } = useTranslation();
  const paid = orders?.filter((o) => o.paid) ?? [];
  const received = paid.reduce((n, o) => n + o.amount, 0);
  const all: [string, string | number | undefined][] = [
    ['total', orders?.length],
    ['paid', orders ? paid.length : undefined],
    ['unpaid', orders ? orders.length - paid.length : undefined],
    ['received', orders ? money(t, received) : undefined],
  ];
  // The paid screen lists paid orders only: their count and the money received.
  const counts = paidOnly ? all.filter(([k]) => k === 'total' || k === 'received') : all;
  return (
    <div className="stat-grid">
      {counts.map(([k, v]) => (
        <div key={k} className="card stat" data-testid={`order-count-${k}`}>
          <span className="stat-label">{t(`adminCommerce.orders.counts.${k}`)}</span>
          <strong className="stat-value">{loading && !orders ? '…' : typeof v === 'number' ? formatNumber(v) : (v ?? formatNumber(0))}</strong>
        </div>
      ))}
    </div>
  );
}

/** Orders held for risk review, each to Release (paid) or Refuse (cancelled). */
function HeldOrders({ onDecided }: { onDecided: () => void }) {
  const { t, i18n } = useTranslation();
  const held = useAdminGet<AdminOrder[]>('order/held', () => answer(authApi.GET('/api/v1/order/held')));
  const [busy, setBusy] = useState<string | null>(null);

  const decide = async (order: AdminOrder, action: 'release' | 'refuse') => {
    setBusy(order._id);
    try {
      const params = { params: { path: { orderId: order._id } } };
      await answer(
        action === 'release'
          ? authApi.POST('/api/v1/order/held/{orderId}/release', params)
          : authApi.POST('/api/v1/order/held/{orderId}/refuse', params),
      );
      toast(
        t(action === 'release' ? 'adminCommerce.held.released' : 'adminCommerce.held.refused'),
        'success',
      );
      held.setData((d) => d?.filter((o) => o._id !== order._id));
      onDecided();
    } catch (err) {
      // 400: no longer held (another admin decided, or the payment was settled); 404: unknown.
      if (hasReason(err, 'NO_HELD_PAYMENT', 'ORDER_NOT_FOUND')) toast(t('adminCommerce.held.notHeld'), 'error');
      else toast(translateApiError(t, err, 'adminCommerce.held.failed'), 'error');
      held.reload();
    } finally {
      setBusy(null);
    }
  };

  const columns = useMemo<Column<AdminOrder>[]>(() => {
    const base = orderColumns(t, i18n.language).filter((c) =>
      ['date', 'id', 'user', 'email', 'courses', 'amount'].includes(c.key),
    );
    return [
      ...base,
      {
        key: 'actions',
        header: t('adminCommerce.held.actions'),
        text: () => '',
        render: (o) => (
          <span className="held-actions">
            <button
              type="button"
              className="btn btn-primary btn-sm"
              disabled={busy === o._id}
              onClick={() => void decide(o, 'release')}
              data-testid="held-release"
            >
              {t('adminCommerce.held.release')}
            </button>
            <button
              type="button"
              className="btn btn-danger btn-sm"
              disabled={busy === o._id}
              onClick={() => void decide(o, 'refuse')}
              data-testid="held-refuse"
            >
              {t('adminCommerce.held.refuse')}
            </button>
          </span>
        ),
      },
    ];
  }, [t, i18n.language, busy]);

  return (
    <section className="held-section" data-testid="held-orders">
      <h2>{t('adminCommerce.held.title')}</h2>
      <p className="muted">{t('adminCommerce.held.note')}</p>
      {held.error ? (
        <LoadError onRetry={held.reload} />
      ) : (
        <DataTable
          title={t('adminCommerce.held.title')}
          columns={columns}
          rows={held.data}
          loading={held.loading}
          pageSize={ORDER_PAGE_SIZE}
          rowKey={(o) => o._id}
          fileName="held-orders.csv"
          exports={false}
          search={false}
          testId="held-table"
        />
      )}
    </section>
  );
}

function OrdersScreen({ paidOnly }: { paidOnly: boolean }) {
  const { t, i18n } = useTranslation();
  const [range, setRange] = useState(() => lastDays(DEFAULT_RANGE_DAYS));
  const days = { startDate: range.from, endDate: range.to };
  const kind = paidOnly ? 'paid-orders' : 'orders';
  const orders = useAdminGet<AdminOrder[]>(`analytics/${kind}/${days.startDate}/${days.endDate}`, () =>
    answer(
      paidOnly
        ? authApi.GET('/api/v1/analytics/paid-orders/{startDate}/{endDate}', { params: { path: days } })
        : authApi.GET('/api/v1/analytics/orders/{startDate}/{endDate}', { params: { path: days } }),
    ),
  );
  const columns = useMemo(() => orderColumns(t, i18n.language), [t, i18n.language]);
  const title = t(paidOnly ? 'adminCommerce.orders.paidTitle' : 'adminCommerce.orders.title');
  return (
    <AdminPage title={title} testId={paidOnly ? 'admin-paid-orders' : 'admin-orders'}>
      <DateRange value={range} onApply={setRange} quick={QUICK_RANGES} />
      <Summary orders={orders.data} loading={orders.loading} paidOnly={paidOnly} />
      {/* Subtotal and Amount here, Received and Earnings on the analytics screens: what each is. */}
      <p className="muted" data-testid="money-legend">
        {t('payouts.moneyLegend')}
      </p>
      {orders.error ? (
        <LoadError onRetry={orders.reload} />
      ) : (
        <DataTable
          title={title}
          columns={columns}
          rows={orders.data}
          loading={orders.loading}
          pageSize={ORDER_PAGE_SIZE}
          rowKey={(o) => o._id}
          fileName={`${kind}-${range.from}-${range.to}.csv`}
          print={false}
          rowClass={(o) => (o.paid ? 'row-paid' : undefined)}
          testId="orders-table"
        />
      )}
      {!paidOnly && <HeldOrders onDecided={orders.reload} />}
    </AdminPage>
  );
}

export const OrderList = () => <OrdersScreen paidOnly={false} />;
export const PaidOrderList = () => <OrdersScreen paidOnly />;
