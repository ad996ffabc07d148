// The order tables' columns (back office §2, §9): the date in Bangladesh time, the buyer, the courses,
// the voucher, the amounts and the status; the order lists and the held orders show them.
import type { TFunction } from 'i18next';
import { dayMonthYear, dhakaDay } from '@taal/contracts/web';
import { formatDateTime, formatMoney, formatNumber, formatTime, localDigits } from '@taal/web-shared/format';
import type { AdminOrder } from '../components/commerce';
import { type Column } from '@taal/web-shared/ui';

export const ORDER_PAGE_SIZE = 10;

export const money = (_t: TFunction, poisha: number) => formatMoney(poisha);

/**
 * What the buyer pays for an order, net of vouchers, wallet money counted as paid (the legend's
 * "Amount"; issue 55): the wallet part and the card part. The API's `amount` is only what was left
 * to pay by card (the spec's payable), so a part-wallet order of 2,500 is 500 + 2,000, not 2,000.
 */
export const orderTotal = (o: Pick<AdminOrder, 'subtotal' | 'discount'>) => Math.max(0, o.subtotal - o.discount);

/** Back office §9: dash-separated day-month-year, and the time, Bangladesh's (issue 55: not the device's), in the page's digits. */
export function shortDateTime(iso: string): { day: string; time: string; text: string } {
  const d = new Date(iso);
  if (!iso || Number.isNaN(d.getTime())) return { day: '', time: '', text: '' };
  const day = localDigits(dayMonthYear(dhakaDay(d)));
  const time = formatTime(d);
  return { day, time, text: `${day} ${time}` };
}

export function DateCell({ iso, lng }: { iso: string; lng: string }) {
  const { day, time } = shortDateTime(iso);
  return (
    <time className="date-cell" dateTime={iso} title={formatDateTime(iso, lng, { zone: true })}>
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
      text: (o) => money(t, orderTotal(o)),
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
