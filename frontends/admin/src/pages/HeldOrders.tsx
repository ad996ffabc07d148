// The orders held for risk review (a card payment the gateway flagged), each to Release or Refuse.
import { useMemo, useState } from 'react';
import { answer, authApi } from '@taal/web-shared/api';
import { hasReason, translateApiError } from '@taal/web-shared/errors';
import { useTranslation } from '@taal/web-shared/i18n';
import { toast } from '@taal/web-shared/toast';
import { useAdminGet } from '../components/data';
import type { AdminOrder } from '../components/commerce';
import { type Column, DataTable, LoadError } from '@taal/web-shared/ui';
import { ORDER_PAGE_SIZE, orderColumns } from './order-columns';

/** Orders held for risk review, each to Release (paid) or Refuse (cancelled). */
export function HeldOrders({ onDecided }: { onDecided: () => void }) {
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
