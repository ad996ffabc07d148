// The back office's gift-card store (admin-back-office.md "Store"; issue 11): /adminstorecategories
// (a table paged 4 per page; add, edit with the form prefilled, delete; the image is sent as a data
// URL on create and as a file on edit), /adminstoreproduct (add, edit and delete in modals; amounts
// typed in BDT, sent in poisha), /adminstoreorders and /adminstoregiftcard (10 rows, copy and CSV,
// initialised after 1 second) and /admin/store/{id} (one issued card; its secret code is never
// shown again: only its hash exists). Store toasts stay 5 s at the top centre.
// The categories and products pages: StoreCategories.tsx, StoreProducts.tsx.
import { Link, useParams } from 'react-router-dom';
import { answer, authApi } from '@taal/web-shared/api';
import { formatDateTime, formatNumber } from '@taal/web-shared/format';
import { useTranslation } from '@taal/web-shared/i18n';
import { useAdminGet } from '../components/data';
import { AdminPage } from '../components/States';
import { type Column, DataTable, LoadError, Loading } from '@taal/web-shared/ui';
import { TABLE_PAGE, INIT_MS, bdt, type StoreOrder, type GiftCard } from './store-common';
import { linkTo } from '@taal/web-shared/routes';
import { KeysetError, KeysetPager, useKeysetPosition, type KeysetPage } from '../components/keyset';


export function StoreOrders() {
  const { t, i18n } = useTranslation();
  // A server page at a time, newest first, the page in the address (decision 0084).
  const position = useKeysetPosition();
  const { cursor } = position;
  const list = useAdminGet<KeysetPage<StoreOrder>>(`store/order/page?cursor=${cursor}`, () =>
    answer(authApi.GET('/api/v1/store/order/page', { params: { query: { limit: String(TABLE_PAGE), ...(cursor ? { cursor } : {}) } } })),
  );
  const columns: Column<StoreOrder>[] = [
    { key: 'id', header: t('adminStore.orders.id'), text: (o) => o._id },
    { key: 'date', header: t('adminStore.orders.date'), text: (o) => formatDateTime(o.createdAt, i18n.language) },
    { key: 'buyer', header: t('adminStore.orders.buyer'), text: (o) => `${o.userName} <${o.userEmail}>` },
    { key: 'phone', header: t('adminStore.orders.phone'), text: (o) => o.userPhone || o.shippingAddress.phone },
    { key: 'for', header: t('adminStore.orders.for'), text: (o) => (o.forMyself ? t('adminStore.orders.myself') : `${o.shippingAddress.name} <${o.shippingAddress.email}>`) },
    { key: 'item', header: t('adminStore.orders.item'), text: (o) => o.orderItem.name },
    { key: 'quantity', header: t('adminStore.orders.quantity'), text: (o) => formatNumber(o.orderItem.quantity), className: 'num' },
    { key: 'total', header: t('adminStore.orders.total'), text: (o) => bdt(o.orderItem.totalPrice), className: 'num' },
    { key: 'card', header: t('adminStore.orders.card'), text: (o) => [o.paymentInfo.card_type, o.paymentInfo.tran_id].filter(Boolean).join(' · ') },
    {
      key: 'paid',
      header: t('adminStore.orders.paid'),
      text: (o) => (o.isPaid ? t('adminStore.orders.isPaid') : t('adminStore.orders.unpaid')),
      render: (o) => <span className={`badge ${o.isPaid ? 'badge-ok' : 'badge-warn'}`}>{o.isPaid ? t('adminStore.orders.isPaid') : t('adminStore.orders.unpaid')}</span>,
    },
  ];
  return (
    <AdminPage title={t('adminStore.orders.title')} testId="admin-store-orders">
      {list.error ? (
        <KeysetError error={list.error} position={position} onRetry={list.reload} />
      ) : (
        <DataTable
          title={t('adminStore.orders.title')}
          columns={columns}
          rows={list.data?.items}
          loading={list.loading}
          pageSize={TABLE_PAGE}
          rowKey={(o) => o._id}
          fileName="store-orders.csv"
          print={false}
          initialiseAfterMs={INIT_MS}
          keyset={<KeysetPager position={position} next={list.data?.next} />}
          testId="store-order-table"
        />
      )}
    </AdminPage>
  );
}

const usedText = (t: (k: string) => string, g: GiftCard) => (g.used ? t('adminStore.cards.usedYes') : t('adminStore.cards.usedNo'));

export function StoreGiftCards() {
  const { t, i18n } = useTranslation();
  // A server page at a time, newest first, the page in the address (decision 0084).
  const position = useKeysetPosition();
  const { cursor } = position;
  const list = useAdminGet<KeysetPage<GiftCard>>(`store/gift-card/page?cursor=${cursor}`, () =>
    answer(authApi.GET('/api/v1/store/gift-card/page', { params: { query: { limit: String(TABLE_PAGE), ...(cursor ? { cursor } : {}) } } })),
  );
  const columns: Column<GiftCard>[] = [
    { key: 'id', header: t('adminStore.cards.id'), text: (g) => g._id, render: (g) => <Link to={linkTo('/admin/store/:id', { id: g._id })} data-testid="card-link">{g._id.slice(0, 8)}</Link> },
    { key: 'product', header: t('adminStore.cards.product'), text: (g) => g.productName },
    { key: 'sender', header: t('adminStore.cards.sender'), text: (g) => g.senderName },
    { key: 'receiver', header: t('adminStore.cards.receiver'), text: (g) => `${g.receiverName} <${g.receiverEmail}>` },
    { key: 'value', header: t('adminStore.cards.value'), text: (g) => bdt(g.value), className: 'num' },
    { key: 'validTo', header: t('adminStore.cards.validTo'), text: (g) => formatDateTime(g.valid_to, i18n.language) },
    {
      key: 'used',
      header: t('adminStore.cards.used'),
      text: (g) => usedText(t, g),
      render: (g) => <span className={`badge ${g.used ? 'badge-ok' : 'badge-muted'}`}>{usedText(t, g)}</span>,
    },
  ];
  return (
    <AdminPage title={t('adminStore.cards.title')} testId="admin-store-cards">
      {list.error ? (
        <KeysetError error={list.error} position={position} onRetry={list.reload} />
      ) : (
        <DataTable
          title={t('adminStore.cards.title')}
          columns={columns}
          rows={list.data?.items}
          loading={list.loading}
          pageSize={TABLE_PAGE}
          rowKey={(g) => g._id}
          fileName="gift-cards.csv"
          print={false}
          initialiseAfterMs={INIT_MS}
          keyset={<KeysetPager position={position} next={list.data?.next} />}
          testId="gift-card-table"
        />
      )}
    </AdminPage>
  );
}

export function GiftCardDetail() {
  const { t, i18n } = useTranslation();
  const { id = '' } = useParams();
  const card = useAdminGet<GiftCard>(`store/gift-card/${id}`, () => answer(authApi.GET('/api/v1/store/gift-card/{id}', { params: { path: { id } } })));
  const g = card.data;
  const when = (iso: string) => (iso ? formatDateTime(iso, i18n.language) : '—');
  return (
    <AdminPage
      title={t('adminStore.cards.detailTitle')}
      testId="admin-gift-card"
      actions={
        <Link className="btn btn-outline btn-sm" to={linkTo('/adminstoregiftcard')}>
          {t('adminStore.cards.back')}
        </Link>
      }
    >
      {card.error ? (
        <LoadError onRetry={card.reload} />
      ) : !g ? (
        <Loading />
      ) : (
        <div className="card gift-detail">
          <dl>
            <dt>{t('adminStore.cards.product')}</dt>
            <dd>{g.productName}</dd>
            <dt>{t('adminStore.cards.sender')}</dt>
            <dd data-testid="card-sender">{g.senderName}</dd>
            <dt>{t('adminStore.cards.order')}</dt>
            <dd data-testid="card-order">{g.orderId}</dd>
            <dt>{t('adminStore.cards.receiver')}</dt>
            <dd data-testid="card-receiver">
              {g.receiverName} · {g.receiverEmail} · {g.receiverPhone}
            </dd>
            <dt>{t('adminStore.cards.message')}</dt>
            <dd>{g.message || '—'}</dd>
            <dt>{t('adminStore.cards.validity')}</dt>
            <dd data-testid="card-validity">
              {when(g.valid_from)} – {when(g.valid_to)}
            </dd>
            <dt>{t('adminStore.cards.value')}</dt>
            <dd data-testid="card-value">{t('common.bdt', { amount: bdt(g.value) })}</dd>
            <dt>{t('adminStore.cards.price')}</dt>
            <dd>{t('common.bdt', { amount: bdt(g.price) })}</dd>
            <dt>{t('adminStore.cards.used')}</dt>
            <dd data-testid="card-used">{g.used ? t('adminStore.cards.usedAt', { at: when(g.usedAt), user: g.usedBy }) : t('adminStore.cards.usedNo')}</dd>
            <dt>{t('adminStore.cards.code')}</dt>
            <dd className="muted" data-testid="card-code">{t('adminStore.cards.codeHidden')}</dd>
          </dl>
        </div>
      )}
    </AdminPage>
  );
}
