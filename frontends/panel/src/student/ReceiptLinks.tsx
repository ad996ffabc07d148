// A paid order's receipt in either language (issue 41): the purchase history's course and gift-card orders.
import { useState } from 'react';
import { protectedBlobUrl } from '@taal/web-shared/api';
import { toast } from '@taal/web-shared/toast';
import { useTranslation } from '@taal/web-shared/i18n';
import { translateApiError } from '@taal/web-shared/errors';

/** Downloads a paid order's receipt PDF in a language (issue 41): a course order's from commerce, a gift-card order's from the store. */
export function ReceiptLinks({ orderId, store = false }: { orderId: string; store?: boolean }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const get = async (lang: 'en' | 'bn') => {
    setBusy(true);
    try {
      const url = await protectedBlobUrl(`/api/v1/${store ? 'store/order' : 'order'}/receipt/${encodeURIComponent(orderId)}?lang=${lang}`);
      const a = document.createElement('a');
      a.href = url;
      a.download = `taal-receipt-${orderId.slice(0, 8)}-${lang}.pdf`;
      document.body.appendChild(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch (err) {
      toast(translateApiError(t, err, 'wallet.receiptFailed'), 'error');
    } finally {
      setBusy(false);
    }
  };
  return (
    <p className="receipt-links">
      <span className="muted">{t('wallet.receipt')}:</span>
      <button type="button" className="btn btn-outline btn-sm" disabled={busy} data-testid="receipt-en" onClick={() => void get('en')}>
        {t('wallet.receiptEn')}
      </button>
      <button type="button" className="btn btn-outline btn-sm" disabled={busy} data-testid="receipt-bn" onClick={() => void get('bn')}>
        {t('wallet.receiptBn')}
      </button>
    </p>
  );
}
