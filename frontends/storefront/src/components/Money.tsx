import { useTranslation } from '@taal/web-shared/i18n';
import { discountPercent, formatNumber, poishaToBdt } from '@taal/web-shared/format';

/** An amount in BDT with 2 decimals (the API sends integer poisha). */
export function Money({ poisha, className = 'price' }: { poisha: number; className?: string }) {
  const { t } = useTranslation();
  return <span className={className}>{t('common.bdt', { amount: poishaToBdt(poisha) })}</span>;
}

/** Price, struck-through old price and the spec's discount: round(price / oldPrice * 100 - 100) %. */
export function PriceLine({ price, oldPrice }: { price: number; oldPrice: number }) {
  const discount = discountPercent(price, oldPrice);
  return (
    <span className="price-line">
      <Money poisha={price} />
      {oldPrice > 0 && oldPrice !== price && <Money poisha={oldPrice} className="old-price" />}
      {discount !== null && discount !== 0 && (
        <span className="discount" data-testid="discount">
          {formatNumber(discount)}%
        </span>
      )}
    </span>
  );
}
