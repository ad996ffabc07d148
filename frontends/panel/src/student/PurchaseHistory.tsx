// Tab 3, Purchase History (spec §2, §4): the student's orders, newest first, each Paid or Unpaid,
// with its date, courses (title, tier, price), subtotal, voucher and discount, wallet used and
// the amount paid (or still to pay). An empty history says so.
import { Link } from 'react-router-dom';
import { answer, authApi } from '@taal/web-shared/api';
import { formatDateTime } from '@taal/web-shared/format';
import { useTranslation } from '@taal/web-shared/i18n';
import type { SessionUser } from '@taal/web-shared/session';
import { useAsync } from '@taal/web-shared/useAsync';
import type { Order } from '../types';
import { Empty, LoadError, Loading, Money } from '@taal/web-shared/ui';
import { linkTo } from '@taal/web-shared/routes';
import { KeysetError, KeysetPager, useKeysetPosition } from '@taal/web-shared/keyset';
import { ReceiptLinks } from './ReceiptLinks';
import { loadStoreOrderPage, StoreOrders } from './StoreOrders';

function OrderCard({ order }: { order: Order }) {
  const { t, i18n } = useTranslation();
  const paid = order.state === 'Paid';
  // An expired or cancelled order has nothing to pay, and took nothing (issue 40).
  const released = !paid && (order.status === 'expired' || order.status === 'cancelled');
  // An unpaid order that expired, was cancelled or is held for review: say so beside Unpaid.
  const closed = released || (!paid && order.status === 'held');
  return (
    <li className={`card order-card ${paid ? 'order-paid' : 'order-unpaid'}`} data-testid="purchase" data-order={order._id} data-state={order.state}>
      <header className="order-head">
        <div>
          <span className={`badge ${paid ? 'badge-ok' : 'badge-warn'}`} data-testid="purchase-state">
            {t(paid ? 'studentPanel.purchases.paid' : 'studentPanel.purchases.unpaid')}
          </span>
          {closed && <span className="badge badge-muted">{t(`studentPanel.purchases.status.${order.status}`)}</span>}
        </div>
        <time className="muted" dateTime={order.createdAt} data-testid="purchase-date">
          {formatDateTime(order.createdAt, i18n.language, { zone: true })}
        </time>
      </header>
      <table className="order-courses">
        <thead>
          <tr>
            <th scope="col">{t('studentPanel.purchases.course')}</th>
            <th scope="col">{t('studentPanel.purchases.tier')}</th>
            <th scope="col" className="num">
              {t('studentPanel.purchases.price')}
            </th>
          </tr>
        </thead>
        <tbody>
          {order.courses.map((c) => (
            <tr key={`${c.course}-${c.tier}`} data-testid="purchase-course">
              <td>
                <Link to={linkTo('/courseview', { id: c.course })}>{c.title}</Link>
              </td>
              <td>
                {t(`tiers.${c.tier}`)}
                <span className="muted"> · {t('studentPanel.purchases.days', { count: c.validity })}</span>
              </td>
              <td className="num">
                <Money poisha={c.price} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <dl className="order-totals">
        <dt>{t('studentPanel.purchases.subtotal')}</dt>
        <dd data-testid="purchase-subtotal">
          <Money poisha={order.subtotal} />
        </dd>
        {order.walletUsed > 0 && (
          <>
            <dt>{t('studentPanel.purchases.walletUsed')}</dt>
            <dd data-testid="purchase-wallet">
              − <Money poisha={order.walletUsed} />
            </dd>
          </>
        )}
        {order.cuponCode && (
          <>
            <dt>{t('studentPanel.purchases.voucher', { code: order.cuponCode, percent: order.discountPercent })}</dt>
            <dd data-testid="purchase-discount">
              − <Money poisha={order.discount} />
            </dd>
          </>
        )}
        {released ? null : (
          <>
            <dt className="order-total">{t(paid ? 'studentPanel.purchases.amountPaid' : 'studentPanel.purchases.amountDue')}</dt>
            <dd className="order-total" data-testid="purchase-amount">
              <Money poisha={order.amount} />
            </dd>
          </>
        )}
      </dl>
      {released && (
        <p className="muted order-nothing-taken" data-testid="purchase-nothing-taken">
          {t('studentPanel.purchases.nothingTaken')}
        </p>
      )}
      {paid && order.paidAt && (
        <p className="muted order-paid-at">{t('studentPanel.purchases.paidAt', { date: formatDateTime(order.paidAt, i18n.language, { zone: true }) })}</p>
      )}
      {paid && <ReceiptLinks orderId={order._id} />}
    </li>
  );
}

/** Orders a page of the purchase history (decision 0084). */
export const PURCHASES_PAGE_SIZE = 10;

export default function PurchaseHistory({ user }: { user: SessionUser }) {
  const { t } = useTranslation();
  // The course orders a server page at a time, newest first; the page's cursor in the address (decision 0084).
  const position = useKeysetPosition();
  const { cursor } = position;
  const orders = useAsync(
    async () =>
      (await answer(authApi.GET('/api/v1/order/{userId}/page', { params: { path: { userId: user._id }, query: { limit: String(PURCHASES_PAGE_SIZE), ...(cursor ? { cursor } : {}) } } }))).data,
    [user._id, cursor],
  );
  // Gift-card orders are the store's, a page at a time beside them (decision 0087): the first page's answer says whether there are any.
  const storePosition = useKeysetPosition('store');
  const storeOrders = useAsync(() => loadStoreOrderPage(user._id, storePosition.cursor), [user._id, storePosition.cursor]);
  if (orders.error) return position.cursor ? <KeysetError error={orders.error} position={position} onRetry={orders.reload} /> : <LoadError onRetry={orders.reload} />;
  if (!orders.data) return <Loading />;
  if (!orders.data.items.length && (storeOrders.data || storeOrders.error) && !storeOrders.data?.items.length && !cursor && !storePosition.cursor)
    return (
      <Empty
        testId="purchases-empty"
        action={
          <Link to={linkTo('/allcourses')} className="btn btn-primary btn-sm">
            {t('studentPanel.browseCourses')}
          </Link>
        }
      >
        {t('studentPanel.purchases.empty')}
      </Empty>
    );
  return (
    <>
      <ul className="order-list" data-testid="purchases" data-page={position.page}>
        {orders.data.items.map((o) => (
          <OrderCard key={o._id} order={o} />
        ))}
      </ul>
      <KeysetPager position={position} next={orders.data.next} testId="purchases-pager" />
      <StoreOrders page={storeOrders} position={storePosition} />
    </>
  );
}
