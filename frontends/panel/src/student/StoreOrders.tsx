// The purchase history's gift-card orders (issue 41), a server page at a time (issue 51, decision 0087): the
// student's own paid store orders, newest first, 10 a page, their cursor in the address as `storeCursor`
// beside the course orders' own (`cursor`), so each list pages on its own and a copied link opens both pages.
import { answer, authApi } from '@taal/web-shared/api';
import { formatDateTime, formatNumber } from '@taal/web-shared/format';
import { useTranslation } from '@taal/web-shared/i18n';
import type { AsyncState } from '@taal/web-shared/useAsync';
import { Money } from '@taal/web-shared/ui';
import { KeysetError, KeysetPager, type KeysetPosition } from '@taal/web-shared/keyset';
import { ReceiptLinks } from './ReceiptLinks';

/** Gift-card orders a page. */
export const STORE_ORDERS_PAGE_SIZE = 10;

export const loadStoreOrderPage = async (userId: string, cursor: string) =>
  (
    await answer(
      authApi.GET('/api/v1/store/order/mine/{userId}/page', { params: { path: { userId }, query: { limit: String(STORE_ORDERS_PAGE_SIZE), ...(cursor ? { cursor } : {}) } } }),
    )
  ).data;

type StoreOrder = Awaited<ReturnType<typeof loadStoreOrderPage>>['items'][number];

/** A paid gift-card order: the product, how many, what the card paid, and its receipt. */
function StoreOrderCard({ order }: { order: StoreOrder }) {
  const { t, i18n } = useTranslation();
  return (
    <li className="card order-card order-paid" data-testid="store-purchase" data-order={order._id}>
      <header className="order-head">
        <span className="badge badge-ok">{t('studentPanel.purchases.paid')}</span>
        <time className="muted" dateTime={order.createdAt}>
          {formatDateTime(order.createdAt, i18n.language, { zone: true })}
        </time>
      </header>
      <p>
        {t('wallet.giftCard', { product: order.orderItem.name })} × {formatNumber(order.orderItem.quantity, i18n.language)}
      </p>
      <dl className="order-totals">
        <dt className="order-total">{t('studentPanel.purchases.amountPaid')}</dt>
        <dd className="order-total">
          <Money poisha={order.orderItem.totalPrice} />
        </dd>
      </dl>
      <ReceiptLinks orderId={order._id} store />
    </li>
  );
}

/** The gift-card orders' page the address names (nothing when the student has none); a failure leaves the course orders shown. */
export function StoreOrders({ page, position }: { page: AsyncState<Awaited<ReturnType<typeof loadStoreOrderPage>>> & { reload: () => void }; position: KeysetPosition }) {
  const { t } = useTranslation();
  const { cursor } = position;
  if (page.error) return cursor ? <KeysetError error={page.error} position={position} onRetry={page.reload} /> : null;
  if (!page.data || (!page.data.items.length && !cursor)) return null;
  return (
    <section className="store-purchases" aria-labelledby="store-purchases-title">
      <h3 id="store-purchases-title">{t('studentPanel.purchases.giftCardOrders')}</h3>
      <ul className="order-list" data-testid="store-purchases" data-page={position.page}>
        {page.data.items.map((o) => (
          <StoreOrderCard key={o._id} order={o} />
        ))}
      </ul>
      <KeysetPager position={position} next={page.data.next} testId="store-purchases-pager" />
    </section>
  );
}
