import { useTranslation } from '@taal/web-shared/i18n';
import { Money } from '@taal/web-shared/ui';
import type { Totals } from '../../commerce';

/** The summary's figures: subtotal, what the wallet pays, the voucher's discount and what is left to pay. */
export function CartTotals({
  totals,
  walletState,
  voucherPercent,
}: {
  totals: Totals;
  /** The wallet's share is shown once the wallet is read; until then, whether it is loading or failed. */
  walletState: 'ready' | 'loading' | 'unavailable';
  voucherPercent: number | null;
}) {
  const { t } = useTranslation();
  return (
    <dl>
      <dt>{t('cart.subtotal')}</dt>
      <dd data-testid="summary-subtotal">
        <Money poisha={totals.subtotal} className="price" />
      </dd>
      <dt>{t('cart.walletUsed')}</dt>
      <dd data-testid="summary-wallet">
        {walletState === 'ready' ? (
          <Money poisha={totals.walletUsed} className="price" />
        ) : (
          <span className="muted">{walletState === 'loading' ? t('common.loading') : t('cart.walletUnavailable')}</span>
        )}
      </dd>
      <dt>{voucherPercent !== null ? t('cart.discountPercent', { percent: voucherPercent }) : t('cart.discount')}</dt>
      <dd data-testid="summary-discount">
        <Money poisha={totals.discount} className="price" />
      </dd>
      <dt className="total">{t('cart.payable')}</dt>
      <dd className="total" data-testid="summary-payable">
        <Money poisha={totals.payable} className="price" />
      </dd>
    </dl>
  );
}
